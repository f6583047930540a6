// Resolved-rate control of the payload by an operator in the loop (thesis ch. VIII, "Simulation of
// spacecraft berthing", sec. 8.4: the real-time berthing bench with a human operator). At the start
// of every step the command in force (operator_input.hpp) is the ring's twist; turned into the arm's
// base axes, it is resolved into joint rates by damped least squares at the arm's configuration
// (damped_least_squares.hpp), and the servos' reference moves at those rates over the step:
//   q_ref(t) = q_ref,k + qd_c,k (t - t_k),   qd_ref(t) = qd_c,k.
// Anti-windup: at each step's start the reference is held within the servos' saturation lead of the
// joint angles, |q_ref - q| <= tau_max / K, so a payload stopped by contact does not wind the
// reference up: the arm pushes with at most its drives' torque and follows at once when the command
// changes.
#pragma once

#include <vector>

#include "berthing/damped_least_squares.hpp"
#include "berthing/joint_servo.hpp"
#include "berthing/operator_input.hpp"

namespace dyngen::berthing {

class OperatorControl final : public JointReference {
 public:
  // `port_to_base`: x_base = port_to_base x_PU (the port and the arm's base are fixed in the
  // station). `wait_for_input`: OperatorInput::at's wait (false when paced to the wall clock). The
  // reference starts at q0. Input, ring and servo must outlive this object.
  OperatorControl(OperatorInput& input, bool wait_for_input, RingKinematics& ring, CommandFrame frame,
                  const Mat3& port_to_base, const DampingSchedule& schedule, const JointServo& servo,
                  std::vector<double> q0);

  void begin_step(double t, const double* q) override;
  void sample(double t, double* q, double* qd) const override;

  const Twist& command() const { return command_; }  // in force over the current step, the scenario's axes
  const DampedSolution& solution() const { return solution_; }
  double peak_damping() const { return peak_damping_; }
  double least_manipulability() const { return least_manipulability_; }

 private:
  OperatorInput& input_;
  bool wait_;
  RingKinematics& ring_;
  CommandFrame frame_;
  Mat3 port_to_base_;
  DampingSchedule schedule_;
  const JointServo& servo_;
  double start_time_ = 0.0;
  Eigen::VectorXd reference_, rates_;
  Jacobian J_;
  std::vector<double> at_rest_;
  Twist command_ = Twist::Zero();
  DampedSolution solution_;
  double peak_damping_ = 0.0, least_manipulability_;
};

}  // namespace dyngen::berthing
