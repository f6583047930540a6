#include "integrators/stepper.hpp"

#include <cmath>

namespace dyngen::integrators {

bool StepContinuity::continues(double t, double h, const ConstVectorRef& y) const {
  // Times are compared to a fraction of the step: a caller's t0 + k h and the sum of k steps differ
  // by rounding only.
  return valid_ && h == step_ && std::abs(t - end_time_) <= 1e-9 * std::abs(h) && y == end_state_;
}

void StepContinuity::remember(double end_time, double h, const ConstVectorRef& end_state) {
  valid_ = true;
  end_time_ = end_time;
  step_ = h;
  end_state_ = end_state;
}

}  // namespace dyngen::integrators
