#include "berthing/joint_servo.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace dyngen::berthing {

JointServo::JointServo(std::vector<double> stiffness, std::vector<double> damping, std::vector<double> max_torque)
    : stiffness_(std::move(stiffness)), damping_(std::move(damping)), max_torque_(std::move(max_torque)) {
  if (damping_.size() != stiffness_.size() || max_torque_.size() != stiffness_.size())
    throw std::invalid_argument("joint servo: stiffness, damping and max_torque need one value per joint");
  for (std::size_t i = 0; i < stiffness_.size(); ++i)
    if (!(stiffness_[i] >= 0.0) || !(damping_[i] >= 0.0) || !(max_torque_[i] > 0.0) || !std::isfinite(stiffness_[i]) ||
        !std::isfinite(damping_[i]) || !std::isfinite(max_torque_[i]))
      throw std::invalid_argument("joint servo " + std::to_string(i + 1) +
                                  ": expected stiffness >= 0, damping >= 0, max_torque > 0, all finite");
}

void JointServo::torques(const double* q_ref, const double* qd_ref, const double* q, const double* qd,
                         double* tau) const {
  for (std::size_t i = 0; i < stiffness_.size(); ++i)
    tau[i] = limp_ ? 0.0
                   : std::clamp(stiffness_[i] * (q_ref[i] - q[i]) + damping_[i] * (qd_ref[i] - qd[i]), -max_torque_[i],
                                max_torque_[i]);
}

double JointServo::saturation_lead(int joint) const {
  const auto i = static_cast<std::size_t>(joint);
  return stiffness_[i] > 0.0 ? max_torque_[i] / stiffness_[i] : std::numeric_limits<double>::infinity();
}

}  // namespace dyngen::berthing
