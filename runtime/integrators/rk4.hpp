// Classical fourth-order Runge-Kutta method, the default integrator of docking runs.
#pragma once

#include "integrators/stepper.hpp"

namespace dyngen::integrators {

// Kutta (1901); Hairer, Norsett & Wanner, Solving Ordinary Differential Equations I, 2nd ed. (1993),
// sec. II.1, table 1.2 ("the" Runge-Kutta method):
//   k1 = f(t, y_n)
//   k2 = f(t + h/2, y_n + h/2 k1)
//   k3 = f(t + h/2, y_n + h/2 k2)
//   k4 = f(t + h, y_n + h k3)
//   y_n+1 = y_n + h/6 (k1 + 2 k2 + 2 k3 + k4)
// Order 4, one-step (self-starting, no history); 4 derivative calls per step. The stages are
// preallocated: a step allocates nothing.
class Rk4 : public Stepper {
 public:
  Rk4(RightHandSide rate, Eigen::Index size);
  const char* name() const override { return "rk4"; }
  Eigen::Index size() const override { return k1_.size(); }
  void step(double t, double h, VectorRef y) override;
  // The same step with k1 = f(t, y) given (3 derivative calls): Adams-Bashforth-Moulton starts with
  // RK4 steps whose k1 is already in its history.
  void step_with_first_stage(double t, double h, const ConstVectorRef& k1, VectorRef y);

 private:
  RightHandSide rate_;
  Vector k1_, k2_, k3_, k4_;
  Vector stage_state_;
};

}  // namespace dyngen::integrators
