// The Mechanism interface over the scalar-generic algorithms instantiated with double: a model
// runs without generating or compiling kernels, and the generated kernels are checked against it.
// Forward dynamics by ABA for trees, CRBA with coordinate partitioning for looped models; closure
// by the closed forms and Newton of loop_closure.hpp; the model's parameters as in its file.
#pragma once

#include <memory>

#include "generator/model/model.hpp"
#include "mechanism/mechanism.hpp"

namespace dyngen::mechanism {

class NumericMechanism final : public Mechanism {
 public:
  explicit NumericMechanism(const Model& model);
  ~NumericMechanism() override;

  Closure close(double* q, double* qd) override;
  bool forward_dynamics(const double* q, const double* qd, const double* tau, const double* base, const double* wrench,
                        double* qdd, int* singular_loop) override;
  void base_wrench(const double* q, const double* qd, const double* qdd, const double* base, const double* wrench,
                   double* wrench_on_base) override;
  void point_kinematics(const double* q, const double* qd, double* position, double* velocity) override;
  void body_kinematics(const double* q, const double* qd, double* rotation, double* origin, double* angular_velocity,
                       double* velocity) override;
  Energy energy(const double* q, const double* qd, const double* base, const double* v0) override;
  double damper_power(const double* qd) override;
  std::unique_ptr<Mechanism> clone() const override;

 private:
  struct Algorithms;
  NumericMechanism(const NumericMechanism& other);
  std::unique_ptr<Algorithms> a_;
};

}  // namespace dyngen::mechanism
