// Fourth-order Adams-Bashforth-Moulton predictor-corrector: RK4's order for half its derivative calls.
#pragma once

#include "integrators/rk4.hpp"

#include <array>

namespace dyngen::integrators {

// Hairer, Norsett & Wanner, Solving Ordinary Differential Equations I, 2nd ed. (1993), sec. III.1:
// explicit Adams method with k = 4 as predictor, implicit Adams method with k = 3 as corrector,
// applied once in PECE mode (predict, evaluate, correct, evaluate):
//   P: y^p    = y_n + h/24 (55 f_n - 59 f_n-1 + 37 f_n-2 - 9 f_n-3)
//   E: f^p    = f(t_n+1, y^p)
//   C: y_n+1  = y_n + h/24 (9 f^p + 19 f_n - 5 f_n-1 + f_n-2)
//   E: f_n+1  = f(t_n+1, y_n+1)
// Order 4 with 2 derivative calls per step (RK4: 4). The history f_n..f_n-3 needs a constant step:
// after a (re)start the method evaluates f_0 = f(t_0, y_0) (1 call) and takes three RK4 steps that
// reuse it as k1 (3 calls each, plus the evaluation at the new point for the history), then PECE
// steps. It restarts by itself when a step does not continue the previous one (other t, h or y) and
// on restart(); event handling restarts it. Buffers are preallocated: a step allocates nothing.
class AdamsBashforthMoulton : public Stepper {
 public:
  AdamsBashforthMoulton(RightHandSide rate, Eigen::Index size);
  const char* name() const override { return "adams_bashforth_moulton"; }
  Eigen::Index size() const override { return predicted_.size(); }
  void step(double t, double h, VectorRef y) override;
  void restart() override { continuity_.forget(); }

 private:
  // f_n-back from the history ring (back = 0: the newest).
  const Vector& past_rate(int back) const { return rates_[(newest_ + 4 - back) % 4]; }

  RightHandSide rate_;
  Rk4 starter_;
  std::array<Vector, 4> rates_;
  int newest_ = 0;
  int known_rates_ = 0;
  Vector predicted_, predicted_rate_;
  StepContinuity continuity_;
};

}  // namespace dyngen::integrators
