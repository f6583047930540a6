// The interface the fixed-step driver (integrate.hpp) steps through, and the bookkeeping that lets a
// multistep method know whether a step continues its history.
#pragma once

#include "integrators/ode.hpp"

namespace dyngen::integrators {

class Stepper {
 public:
  virtual ~Stepper() = default;
  virtual const char* name() const = 0;
  virtual Eigen::Index size() const = 0;
  // Advances y in place from y(t) to y(t + h). A multistep method continues its history only when
  // (t, h, y) continue its previous step, and otherwise starts afresh from (t, y): stepping a copy of
  // an earlier state to a trial time (event location) or a shorter final step needs nothing else.
  virtual void step(double t, double h, VectorRef y) = 0;
  // Forgets the history, so the next step starts afresh: after an event, or when the right-hand side
  // changed discontinuously while y did not (a state machine held outside y).
  virtual void restart() {}
};

// The end of a multistep method's previous step, to tell whether the next step continues it.
class StepContinuity {
 public:
  explicit StepContinuity(Eigen::Index size) : end_state_(size) {}
  // True when the step (t, h, y) starts where the remembered one ended, with the same step size.
  bool continues(double t, double h, const ConstVectorRef& y) const;
  void remember(double end_time, double h, const ConstVectorRef& end_state);
  void forget() { valid_ = false; }

 private:
  bool valid_ = false;
  double end_time_ = 0.0;
  double step_ = 0.0;
  Vector end_state_;
};

}  // namespace dyngen::integrators
