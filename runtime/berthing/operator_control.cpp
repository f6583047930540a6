#include "berthing/operator_control.hpp"

#include <algorithm>
#include <limits>

namespace dyngen::berthing {

OperatorControl::OperatorControl(OperatorInput& input, bool wait_for_input, RingKinematics& ring, CommandFrame frame,
                                 const Mat3& port_to_base, const DampingSchedule& schedule, const JointServo& servo,
                                 std::vector<double> q0)
    : input_(input),
      wait_(wait_for_input),
      ring_(ring),
      frame_(frame),
      port_to_base_(port_to_base),
      schedule_(schedule),
      servo_(servo),
      reference_(Eigen::Map<const Eigen::VectorXd>(q0.data(), static_cast<Eigen::Index>(q0.size()))),
      rates_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(q0.size()))),
      at_rest_(q0.size(), 0.0),
      least_manipulability_(std::numeric_limits<double>::infinity()) {}

void OperatorControl::begin_step(double t, const double* q) {
  // the reference reached at t, held within the saturation lead of the joints
  reference_ += rates_ * (t - start_time_);
  for (Eigen::Index i = 0; i < reference_.size(); ++i) {
    const double lead = servo_.saturation_lead(static_cast<int>(i));
    reference_[i] = std::clamp(reference_[i], q[i] - lead, q[i] + lead);
  }
  start_time_ = t;
  command_ = input_.at(t, wait_);
  const Mat3 to_base = frame_ == CommandFrame::port ? port_to_base_ : ring_.motion(q, at_rest_.data()).rotation;
  Twist twist;
  twist << to_base * command_.head<3>(), to_base * command_.tail<3>();
  ring_.jacobian(q, J_);
  solution_ = damped_least_squares(J_, twist, schedule_, rates_);
  peak_damping_ = std::max(peak_damping_, solution_.damping);
  least_manipulability_ = std::min(least_manipulability_, solution_.manipulability);
}

void OperatorControl::sample(double t, double* q, double* qd) const {
  for (Eigen::Index i = 0; i < reference_.size(); ++i) {
    q[i] = reference_[i] + rates_[i] * (t - start_time_);
    qd[i] = rates_[i];
  }
}

}  // namespace dyngen::berthing
