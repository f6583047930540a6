// The Mechanism interface over a set of generated kernels, reached through the descriptor they
// export (<name>_mechanism(), descriptor.h): linked statically, or loaded from a shared object
// (load_generated_mechanism). Stateless calls, so instances are cheap; the runtime parameters of
// kernels generated with `--params runtime` start at the model file's values.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "mechanism/descriptor.h"
#include "mechanism/mechanism.hpp"

namespace dyngen::mechanism {

class GeneratedMechanism final : public Mechanism {
 public:
  // `keep_alive` owns whatever holds the descriptor's code (a loaded library), or is null.
  explicit GeneratedMechanism(const dyngen_mechanism_v3* descriptor, std::shared_ptr<const void> keep_alive = {});

  // Sets a runtime parameter by name; std::invalid_argument naming the parameters there are.
  void set_parameter(std::string_view name, double value);
  const std::vector<double>& parameter_values() const { return parameters_; }

  Closure close(double* q, double* qd) override;
  bool forward_dynamics(const double* q, const double* qd, const double* tau, const double* base, const double* wrench,
                        double* qdd, int* singular_loop) override;
  void base_wrench(const double* q, const double* qd, const double* qdd, const double* base, const double* wrench,
                   double* wrench_on_base) override;
  bool forward_dynamics_base_wrench(const double* q, const double* qd, const double* tau, const double* base,
                                    const double* wrench, double* qdd, double* wrench_on_base,
                                    int* singular_loop) override;
  bool forward_dynamics_base_wrench_prepare(const double* q, const double* qd, const double* tau, const double* base,
                                            const double* wrench, int* singular_loop) override;
  bool forward_dynamics_base_wrench_finish(const double* base, double* qdd, double* wrench_on_base,
                                           int* singular_loop) override;
  void point_kinematics(const double* q, const double* qd, double* position, double* velocity) override;
  void body_kinematics(const double* q, const double* qd, double* rotation, double* origin, double* angular_velocity,
                       double* velocity) override;
  Energy energy(const double* q, const double* qd, const double* base, const double* v0) override;
  double damper_power(const double* qd) override;
  std::unique_ptr<Mechanism> clone() const override;

 private:
  const dyngen_mechanism_v3* d_;
  std::shared_ptr<const void> keep_alive_;
  std::vector<double> parameters_;
  std::vector<double> cache_;  // forward_dynamics_base_wrench_prepare's, when the kernels stage it
};

// Loads a shared object built from a model's generated kernels and returns its mechanism
// (<model_name>_mechanism). std::runtime_error with the loader's message, or when the descriptor's
// version is not 3.
std::unique_ptr<GeneratedMechanism> load_generated_mechanism(const std::filesystem::path& library,
                                                             const std::string& model_name);

}  // namespace dyngen::mechanism
