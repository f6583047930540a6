#include "berthing/ring_kinematics.hpp"

#include <algorithm>

namespace dyngen::berthing {

RingKinematics::RingKinematics(mechanism::Mechanism& mechanism, int slot, Placement ring)
    : mechanism_(mechanism), slot_(slot), dof_(mechanism.info().dof), ring_(std::move(ring)) {
  const std::size_t bodies = mechanism.info().wrench_bodies.size();
  rotation_.resize(9 * bodies);
  origin_.resize(3 * bodies);
  angular_velocity_.resize(3 * bodies);
  velocity_.resize(3 * bodies);
  unit_rate_.assign(static_cast<std::size_t>(dof_), 0.0);
}

RingMotion RingKinematics::motion(const double* q, const double* qd) {
  mechanism_.body_kinematics(q, qd, rotation_.data(), origin_.data(), angular_velocity_.data(), velocity_.data());
  const auto s = static_cast<std::size_t>(slot_);
  const Mat3 R_b = Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(rotation_.data() + 9 * s);
  const Vec3 arm = R_b * ring_.position;  // carrier origin -> ring origin, base axes
  RingMotion m;
  m.position = Eigen::Map<const Vec3>(origin_.data() + 3 * s) + arm;
  m.rotation = R_b * ring_.rotation;
  m.angular_velocity = Eigen::Map<const Vec3>(angular_velocity_.data() + 3 * s);
  m.velocity = Eigen::Map<const Vec3>(velocity_.data() + 3 * s) + m.angular_velocity.cross(arm);
  return m;
}

void RingKinematics::jacobian(const double* q, Jacobian& J) {
  J.resize(6, dof_);
  for (int i = 0; i < dof_; ++i) {
    std::fill(unit_rate_.begin(), unit_rate_.end(), 0.0);
    unit_rate_[static_cast<std::size_t>(i)] = 1.0;
    const RingMotion m = motion(q, unit_rate_.data());
    J.col(i) << m.velocity, m.angular_velocity;
  }
}

}  // namespace dyngen::berthing
