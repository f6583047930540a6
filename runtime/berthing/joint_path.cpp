#include "berthing/joint_path.hpp"

#include <algorithm>
#include <stdexcept>

namespace dyngen::berthing {

JointPath::JointPath(std::vector<double> times, std::vector<std::vector<double>> angles)
    : times_(std::move(times)), angles_(std::move(angles)) {
  if (times_.empty() || angles_.size() != times_.size())
    throw std::invalid_argument("joint path: one angle vector per waypoint time, at least one waypoint");
  for (std::size_t k = 0; k < times_.size(); ++k) {
    if (angles_[k].size() != angles_.front().size())
      throw std::invalid_argument("joint path: waypoint " + std::to_string(k) + " has another number of joints");
    if (k > 0 && !(times_[k] > times_[k - 1]))
      throw std::invalid_argument("joint path: waypoint times must increase (waypoint " + std::to_string(k) + ")");
  }
}

void JointPath::sample(double t, double* q, double* qd) const {
  const std::size_t n = angles_.front().size();
  if (t <= times_.front() || t >= times_.back()) {
    const std::vector<double>& held = t <= times_.front() ? angles_.front() : angles_.back();
    std::copy(held.begin(), held.end(), q);
    std::fill(qd, qd + n, 0.0);
    return;
  }
  const auto k = static_cast<std::size_t>(std::upper_bound(times_.begin(), times_.end(), t) - times_.begin()) - 1;
  const double T = times_[k + 1] - times_[k], tau = (t - times_[k]) / T;
  // s = tau^3 (10 - 15 tau + 6 tau^2),  ds/dtau = 30 tau^2 (1 - tau)^2
  const double s = tau * tau * tau * (10.0 + tau * (-15.0 + 6.0 * tau));
  const double s_rate = 30.0 * tau * tau * (1.0 - tau) * (1.0 - tau) / T;
  for (std::size_t i = 0; i < n; ++i) {
    const double delta = angles_[k + 1][i] - angles_[k][i];
    q[i] = angles_[k][i] + delta * s;
    qd[i] = delta * s_rate;
  }
}

}  // namespace dyngen::berthing
