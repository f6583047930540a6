#include "integrators/adams_bashforth_moulton.hpp"

#include <algorithm>

namespace dyngen::integrators {

AdamsBashforthMoulton::AdamsBashforthMoulton(RightHandSide rate, Eigen::Index size)
    : rate_(rate),
      starter_(std::move(rate), size),
      rates_{Vector(size), Vector(size), Vector(size), Vector(size)},
      predicted_(size),
      predicted_rate_(size),
      continuity_(size) {}

// Hairer, Norsett & Wanner I, sec. III.1, PECE with the k = 4 explicit and k = 3 implicit Adams methods.
void AdamsBashforthMoulton::step(double t, double h, VectorRef y) {
  if (!continuity_.continues(t, h, y)) {
    evaluate_right_hand_side(rate_, t, y, rates_[newest_], name());
    known_rates_ = 1;
  }
  // A step interrupted by an exception leaves the history inconsistent: the next one starts afresh.
  continuity_.forget();
  if (known_rates_ < 4) {
    starter_.step_with_first_stage(t, h, past_rate(0), y);
  } else {
    // y^p = y_n + h/24 (55 f_n - 59 f_n-1 + 37 f_n-2 - 9 f_n-3)
    predicted_ = y + (h / 24) * (55 * past_rate(0) - 59 * past_rate(1) + 37 * past_rate(2) - 9 * past_rate(3));
    evaluate_right_hand_side(rate_, t + h, predicted_, predicted_rate_, name());
    // y_n+1 = y_n + h/24 (9 f^p + 19 f_n - 5 f_n-1 + f_n-2)
    y += (h / 24) * (9 * predicted_rate_ + 19 * past_rate(0) - 5 * past_rate(1) + past_rate(2));
  }
  newest_ = (newest_ + 1) % 4;
  evaluate_right_hand_side(rate_, t + h, y, rates_[newest_], name());
  known_rates_ = std::min(known_rates_ + 1, 4);
  continuity_.remember(t + h, h, y);
}

}  // namespace dyngen::integrators
