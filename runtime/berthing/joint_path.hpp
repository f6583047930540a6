// A joint path through waypoints (t_k, q_k): each segment a quintic rest-to-rest move, every joint
// on the same normalised time,
//   q(t) = q_k + (q_k+1 - q_k) s(tau),   s = 10 tau^3 - 15 tau^4 + 6 tau^5,   tau = (t - t_k) / (t_k+1 - t_k),
// so angle, rate and acceleration are continuous and the arm stops at every waypoint (zero rate and
// acceleration there), as a station arm's pre-planned sequences do; held at the first waypoint before
// it and at the last after it. Peak rate 15/8 (q_k+1 - q_k) / (t_k+1 - t_k) at mid-segment.
#pragma once

#include <vector>

#include "berthing/joint_servo.hpp"

namespace dyngen::berthing {

class JointPath final : public JointReference {
 public:
  // Times strictly increasing, one angle vector of the same size per time; std::invalid_argument
  // otherwise.
  JointPath(std::vector<double> times, std::vector<std::vector<double>> angles);

  void sample(double t, double* q, double* qd) const override;
  const std::vector<double>& times() const { return times_; }

 private:
  std::vector<double> times_;
  std::vector<std::vector<double>> angles_;
};

}  // namespace dyngen::berthing
