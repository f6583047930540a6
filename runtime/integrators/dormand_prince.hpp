// Adaptive explicit Runge-Kutta integration by the Dormand-Prince 5(4) pair with local error
// control: large steps where the motion is smooth (free flight, slow sliding), small ones where it is
// fast (impacts, stiff contact), each step's length chosen from the error it made.
#pragma once

#include "integrators/events.hpp"

#include <span>

namespace dyngen::integrators {

struct DormandPrinceOptions {
  double relative_tolerance = 1e-6;
  double absolute_tolerance = 1e-9;
  double initial_step = 0.0;  // s; 0: Hairer, Norsett & Wanner's starting-step estimate
  double max_step = 0.0;      // s; 0: no limit
  long max_steps = 100000000;  // accepted and rejected steps per run
};

// Dormand & Prince, "A family of embedded Runge-Kutta formulae", J. Comp. Appl. Math. 6 (1980)
// 19-26; Hairer, Norsett & Wanner, Solving Ordinary Differential Equations I, 2nd ed. (1993),
// sec. II.5, table 5.2 (DOPRI5) and sec. II.4 (error estimation, step size control):
//   k_i = f(t + c_i h, y_n + h sum_j a_ij k_j),  i = 1..7
//   y_n+1 = y_n + h sum_i b_i k_i           (order 5; b_i = a_7i, so k_7 = f(t + h, y_n+1) is the
//                                            next step's k_1: "first same as last", 6 new calls a step)
//   err   = h sum_i (b_i - b*_i) k_i        (b*: the embedded order-4 solution)
//   E     = sqrt(mean_i (err_i / (atol + rtol max(|y_n,i|, |y_n+1,i|)))^2)
// A step with E <= 1 is accepted. The next step is h (0.9 E^-0.17 E_prev^0.04) within [0.2 h, 10 h]
// (the PI controller of sec. IV.2 with Hairer's DOPRI5 exponents), never growing right after a
// rejection; a rejected step is retried with the new h. Steps are capped at max_step and shortened
// to end at t1.
//
// Events: after each accepted step every g_i is evaluated at its end; a crossing (crosses() in
// events.hpp) is located to event_time_tolerance by locate_crossing on g_i(tau, y(tau)), y(tau) the
// Dormand-Prince step from the step's start to tau (order 5 there too). The earliest crossing wins:
// y is stepped there, the actions of the events that crossed run in index order, the method restarts
// (k_1 evaluated afresh) and the observer sees the event state. A g crossing zero twice within one
// step is not seen; the error control does not look at g.
//
// The observer runs after every accepted step and every handled event (not at t0) with the caller's
// y. It may change y (the method then restarts there: k_1 evaluated afresh instead of taken from the
// last stage) and return restart when f changed at this state otherwise (a state machine of the
// caller's); stop ends the run.
//
// A right-hand side that throws at a trial stage (a state beyond the model's range, such as a
// penetration past its limit that the full step overshoots) rejects the step, which is retried at a
// quarter of its length; its exception passes through when f throws at an accepted state or the step
// cannot shrink further. Failures: IntegrationError not_finite (a derivative, a state
// or g), step_too_small (the controller asked for a step below 16 rounding units of t: a
// discontinuity or a stiffness the method cannot pass), too_many_steps; the right-hand side's own
// exceptions pass through. y then holds the last state the observer saw (or the initial one).
// Buffers are allocated once; a run allocates nothing per step.
class DormandPrince {
 public:
  DormandPrince(RightHandSide rate, Eigen::Index size, DormandPrinceOptions options = {});

  Eigen::Index size() const { return y_start_.size(); }
  const DormandPrinceOptions& options() const { return options_; }
  // Outcome.steps counts accepted steps; the counts below are of the last run.
  Outcome integrate(double t0, double t1, VectorRef y, std::span<const Event> events = {},
                    const StepObserver& observer = nullptr, double event_time_tolerance = 1e-12);
  long derivative_calls() const { return derivative_calls_; }
  long rejected_steps() const { return rejected_steps_; }
  double last_step() const { return last_step_; }

 private:
  // One step of length h from (t, y_start_) with k_[0] = f(t, y_start_) into y (k_[6] = f(t + h, y)
  // and err_ filled).
  void step(double t, double h, VectorRef y);
  double error_norm(const ConstVectorRef& y) const;
  double starting_step(double t, double t1);
  void evaluate(double t, const ConstVectorRef& y, VectorRef dydt);

  RightHandSide rate_;
  DormandPrinceOptions options_;
  Vector y_start_, stage_, err_, trial_;
  Vector k_[7];
  long derivative_calls_ = 0, rejected_steps_ = 0;
  double last_step_ = 0.0;
};

}  // namespace dyngen::integrators
