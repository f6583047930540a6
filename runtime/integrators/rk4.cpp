#include "integrators/rk4.hpp"

namespace dyngen::integrators {

Rk4::Rk4(RightHandSide rate, Eigen::Index size)
    : rate_(std::move(rate)), k1_(size), k2_(size), k3_(size), k4_(size), stage_state_(size) {}

void Rk4::step(double t, double h, VectorRef y) {
  evaluate_right_hand_side(rate_, t, y, k1_, name());
  step_with_first_stage(t, h, k1_, y);
}

// Hairer, Norsett & Wanner I, sec. II.1, table 1.2.
void Rk4::step_with_first_stage(double t, double h, const ConstVectorRef& k1, VectorRef y) {
  stage_state_ = y + (h / 2) * k1;
  evaluate_right_hand_side(rate_, t + h / 2, stage_state_, k2_, name());
  stage_state_ = y + (h / 2) * k2_;
  evaluate_right_hand_side(rate_, t + h / 2, stage_state_, k3_, name());
  stage_state_ = y + h * k3_;
  evaluate_right_hand_side(rate_, t + h, stage_state_, k4_, name());
  y += (h / 6) * (k1 + 2 * k2_ + 2 * k3_ + k4_);
}

}  // namespace dyngen::integrators
