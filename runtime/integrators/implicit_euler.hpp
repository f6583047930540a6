// Implicit Euler method for small stiff sub-models (latches, sensors, stiff contact elements).
#pragma once

#include "integrators/newton.hpp"
#include "integrators/stepper.hpp"

namespace dyngen::integrators {

// Backward Euler (Hairer & Wanner, Solving Ordinary Differential Equations II, 2nd ed. (1996),
// sec. IV.3; the contact preprint, sec. 3, integrates the peripheral latch plunger with it):
//   y_n+1 = y_n + h f(t_n+1, y_n+1)
// solved for z = y_n+1 by Newton's method (newton.hpp) started at z = y_n, on
//   r(z) = z - y_n - h f(t_n+1, z),   J = dr/dz = I - h df/dy,
// with df/dy analytic when a Jacobian is given, else by forward differences of r. Order 1, A- and
// L-stable: stiff modes are damped at any step. Derivative calls per step: 1 per Newton iteration,
// plus n per iteration with finite differences (an analytic Jacobian costs 1 Jacobian call per
// iteration instead); a linear f converges in 2 iterations. A Newton failure is thrown as
// IntegrationError (newton_not_converged) with the time t_n+1. No history; nothing allocated per step.
class ImplicitEuler : public Stepper {
 public:
  ImplicitEuler(RightHandSide rate, Eigen::Index size, Jacobian jacobian = nullptr, NewtonOptions newton = {});
  const char* name() const override { return "implicit_euler"; }
  Eigen::Index size() const override { return step_start_.size(); }
  void step(double t, double h, VectorRef y) override;

 private:
  RightHandSide rate_;
  Jacobian jacobian_;
  NewtonOptions newton_options_;
  NewtonSolver newton_;
  Vector step_start_;
};

}  // namespace dyngen::integrators
