// Houbolt's implicit scheme for second-order systems (elastic links, modal coordinates).
#pragma once

#include "integrators/newton.hpp"
#include "integrators/stepper.hpp"

#include <array>

namespace dyngen::integrators {

// F(t, x, x') into the preallocated force.
using Force = std::function<void(double t, const ConstVectorRef& x, const ConstVectorRef& v, VectorRef force)>;
// dF/dx and dF/dx' at (t, x, x') into preallocated n x n matrices.
using ForceJacobian = std::function<void(double t, const ConstVectorRef& x, const ConstVectorRef& v,
                                         MatrixRef dforce_dx, MatrixRef dforce_dv)>;

// M x'' + C x' + K x = F(t, x, x'), with constant n x n M, C and K.
struct SecondOrderSystem {
  Matrix mass, damping, stiffness;
  Force force;
  // false when F depends on t only: the scheme is then linear and a step is one solve with a matrix
  // factored once per step size (force is still called with a predicted x and x', to be ignored).
  bool force_depends_on_state = true;
  ForceJacobian force_jacobian;  // optional; forward differences when empty
};

// Houbolt (1950), in the form of the seed ../seeds/elastic-manipulator-houbolt.md, eq. (12): at
// t + h the derivatives are replaced by the backward differences
//   x'_n+1  = (11 x_n+1 - 18 x_n + 9 x_n-1 - 2 x_n-2) / (6 h)
//   x''_n+1 = (2 x_n+1 - 5 x_n + 4 x_n-1 - x_n-2) / h^2
// and the equation of motion is imposed at t + h:
//   (2 M / h^2 + 11 C / (6 h) + K) x_n+1 = F(t_n+1, x_n+1, x'_n+1)
//       + M (5 x_n - 4 x_n-1 + x_n-2) / h^2 + C (18 x_n - 9 x_n-1 + 2 x_n-2) / (6 h)
// Order 2, unconditionally stable for linear systems, with strong numerical damping of modes above
// about 1/h. Like the seed, the scheme is started by a one-step method: the first two steps after a
// (re)start are steps of Alexander's two-stage SDIRK method (Alexander, SIAM J. Numer. Anal. 14
// (1977) 1006-1021; Hairer & Wanner II, sec. IV.6), g = 1 - 1/sqrt(2), on the first-order form
// (x, x')' = (x', x''):
//   stage 1 at t_n + g h:  X1 = x_n + g h V1,                  V1 = x'_n + g h A1
//   stage 2 at t_n + h:    X2 = x_n + (1-g) h V1 + g h V2,     V2 = x'_n + (1-g) h A1 + g h A2
//   x_n+1 = X2, x'_n+1 = V2, with M A_i + C V_i + K X_i = F(t_i, X_i, V_i).
// It is order 2 (local error O(h^3): past positions enter x'' divided by h^2, so a first-order
// starter would lower the global order to 1) and L-stable: stiff modes are damped from the first
// step, where an explicit starter such as RK4 would blow up modes with h w > 2.8 and the trapezoidal
// rule would hand them undamped to Houbolt's history. Every step and stage reads
//   x' = a x - p,   x'' = b x - q,   (b M + a C + K) x - F(t, x, x') = M q + C p
// (Houbolt: a = 11/(6 h), b = 2/h^2; both SDIRK stages: a = 1/(g h), b = 1/(g h)^2). With F of t
// only (force_depends_on_state = false) each is one solve with a matrix factored once per (a, b),
// and 1 force call. Otherwise Newton's method (newton.hpp) with J = b M + a C + K - dF/dx - a dF/dx',
// started at the extrapolation 3 x_n - 3 x_n-1 + x_n-2 (stages: X = x_n + g h x'_n and its analogue):
// 1 force call per iteration, plus n with finite differences. A Houbolt step costs one such solve, a
// starter step two. The state y = (x, x') has size 2n. The method restarts by itself when a step
// does not continue the previous one and on restart(); a step to a trial time (event location) is a
// starter step. Nothing is allocated per step.
class Houbolt : public Stepper {
 public:
  explicit Houbolt(SecondOrderSystem system, NewtonOptions newton = {});
  const char* name() const override { return "houbolt"; }
  Eigen::Index size() const override { return 2 * dofs_; }
  void step(double t, double h, VectorRef y) override;
  void restart() override { continuity_.forget(); }

 private:
  // Solves (b M + a C + K) x - F(t, x, a x - p) = M q + C p for x = y.head(n) (holding the guess)
  // and sets y.tail(n) = a x - p; p and q are in velocity_offset_ and acceleration_offset_.
  void impose_equation_of_motion(double end_time, double a, double b, VectorRef y);
  void starter_step(double t, double h, VectorRef y);
  // x_n-back from the history ring (back = 0: the newest).
  const Vector& past_position(int back) const { return positions_[(newest_ + 3 - back) % 3]; }

  SecondOrderSystem system_;
  NewtonOptions newton_options_;
  Eigen::Index dofs_;
  std::array<Vector, 3> positions_;
  int newest_ = 0;
  int known_positions_ = 0;
  double factored_a_ = 0.0, factored_b_ = 0.0;
  Matrix effective_stiffness_;  // b M + a C + K
  Eigen::PartialPivLU<Matrix> effective_lu_;
  NewtonSolver newton_;
  Vector velocity_offset_;      // p
  Vector acceleration_offset_;  // q
  Vector history_force_;        // M q + C p
  Vector force_, velocity_;
  Vector stage_, stage_acceleration_;  // (X1, V1) and A1 of the starter
  Matrix dforce_dx_, dforce_dv_;
  StepContinuity continuity_;
};

}  // namespace dyngen::integrators
