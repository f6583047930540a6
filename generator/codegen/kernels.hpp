// The kernels a simulator needs, each the algorithm template instantiated with the engine's Expr
// in a context of its own (so each kernel's operation count stands alone):
//   mass_matrix              M(q), n×n row-major                           (CRBA)
//   generalized_forces       b(q, qd, tau, base, wrench) of M qdd = b      (RNEA pass with qdd = 0)
//   forward_dynamics_crba    qdd: CRBA + b + LTDL factorization and solve
//   forward_dynamics_aba     qdd: articulated-body algorithm
//   inverse_dynamics         tau = ID(q, qd, qdd, base, wrench)            (RNEA)
//   base_wrench              [F; M] the mechanism exerts on its base, at the base origin
//   point_kinematics         positions and velocities of named points, base axes (if any)
// A looped model (thesis 2.3-2.5) has instead, besides base_wrench and point_kinematics:
//   position_closure         dependent coordinates of the loops with a closed form
//   loop_residual            Phi and the Phi_d blocks (Newton closure, checks)
//   dependent_velocities     qd_d = G qd_i
//   forward_dynamics_crba    qdd of every coordinate by CRBA + coordinate partitioning
//   inverse_dynamics         the actuation giving the independent coordinates given accelerations
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "codegen/options.hpp"
#include "engine/emit_cpp.hpp"
#include "generator/algorithms/static_pivot_solve.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

// A looped model's reference configuration: every coordinate at its q0, the loops closed, at rest;
// there the determinants of the loops' Phi_d (the scale a singular configuration is judged
// against) and the pivots of the actuator solve of the inverse dynamics are taken.
struct LoopReference {
  std::vector<double> q;
  std::vector<double> det_phi_d;
  std::vector<algorithms::Pivot> actuator_pivots;
};

// Throws std::invalid_argument, naming the loop and why, when the reference does not close.
LoopReference loop_reference(const Model& model);

struct GeneratedKernels {
  std::vector<engine::Kernel> kernels;
  std::string forward_dynamics;       // name of the kernel forward_dynamics forwards to
  std::vector<std::string> parameters;  // runtime parameters, order of p[]
  std::vector<int> wrench_bodies;
  std::vector<double> seconds;        // generation time per kernel
  LoopReference reference;            // looped models
  // A moving base's forward_dynamics_base_wrench staged at the base's accelerations e0, a0
  // (engine/staging.hpp), for the coupling with a spacecraft, which varies only them at a state:
  // forward_dynamics_base_wrench_prepare (what reads neither, into a cache, and det_phi_d) and
  // forward_dynamics_base_wrench_finish (the cache and base -> qdd, wrench_on_base). Not in
  // `kernels`: they have no reference of their own, the pair is checked against the kernel it stages.
  std::vector<engine::Kernel> staged;
};

GeneratedKernels build_kernels(const Model& model, const GenerateOptions& options);

// Names of the kernels build_kernels emits for this model, in order.
std::vector<std::string> kernel_names(const Model& model);

// The scalar a NumericReference instantiates the algorithm templates with. long double (x87's
// 64-bit significand on x86-64) gives a reference whose own rounding error is about 2000 times
// smaller than double's: on an ill-conditioned mass matrix (chain30's CRBA route) the double
// instantiation is itself off by up to 1e-12 relative, in either direction.
enum class ReferenceScalar { double_precision, long_double };

// Kernel outputs computed by an instantiation of the same algorithm templates — the reference
// generated code is checked against. With runtime parameters, `p` gives their values in the
// order of `runtime_parameters` (the mechanism is built once for them).
class NumericReference {
 public:
  NumericReference(const Model& model, const std::vector<std::string>& runtime_parameters = {},
                   const std::vector<double>& p = {},
                   ReferenceScalar scalar = ReferenceScalar::double_precision);
  ~NumericReference();
  NumericReference(const NumericReference&) = delete;
  NumericReference& operator=(const NumericReference&) = delete;

  // `inputs` holds the kernel's input arrays by name; missing arrays are zero.
  std::map<std::string, std::vector<double>> outputs(
      const std::string& kernel, const std::map<std::string, std::vector<double>>& inputs) const;

 private:
  struct Numeric;
  const Model& model_;
  std::unique_ptr<Numeric> numeric_;
};

}  // namespace dyngen::codegen
