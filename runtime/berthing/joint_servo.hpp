// The arm's joint servos: each joint follows a reference angle and rate by a proportional-derivative
// law whose torque its drive limits,
//   tau_i = clamp(K_i (q_ref,i - q_i) + D_i (qd_ref,i - qd_i), -tau_max,i, tau_max,i),
// and the reference they follow (a joint path, or the joint rates an operator's commands resolve
// into), sampled at any time within an integration step.
#pragma once

#include <vector>

namespace dyngen::berthing {

class JointReference {
 public:
  virtual ~JointReference() = default;
  // At the start of every integration step, the arm at q: a reference resolved from the arm's state
  // (an operator's rates) is updated here, and held over the step; a path needs nothing.
  virtual void begin_step(double /*t*/, const double* /*q*/) {}
  // Reference angles and rates at time t within the step (one per joint).
  virtual void sample(double t, double* q, double* qd) const = 0;
};

class JointServo {
 public:
  // One gain and limit per joint: stiffness K >= 0 [N m/rad], damping D >= 0 [N m s/rad],
  // tau_max > 0 [N m]; std::invalid_argument otherwise.
  JointServo(std::vector<double> stiffness, std::vector<double> damping, std::vector<double> max_torque);

  int joints() const { return static_cast<int>(stiffness_.size()); }
  // The torques at (q, qd) for the reference (q_ref, qd_ref); zero while limp.
  void torques(const double* q_ref, const double* qd_ref, const double* q, const double* qd, double* tau) const;
  // Limp: the drives let the joints turn freely (no torque).
  void set_limp(bool limp) { limp_ = limp; }
  bool limp() const { return limp_; }
  // How far the reference may lead the joint before the torque saturates: tau_max / K (infinite
  // where K = 0). A reference integrated from commanded rates is held within it (operator_control.hpp).
  double saturation_lead(int joint) const;
  const std::vector<double>& max_torque() const { return max_torque_; }

 private:
  std::vector<double> stiffness_, damping_, max_torque_;
  bool limp_ = false;
};

}  // namespace dyngen::berthing
