// The time histories of a berthing run (history.csv, tools/report/README.md "Run directory"):
//   pose_error.x, .y, .z [m], .roll, .pitch, .yaw [rad]   the payload ring's pose in the port frame
//                                 (berthed: zero), its attitude as a rotation vector in PU axes
//   closing_velocity [m/s]        the ring's velocity along X_PU relative to the port
//   joint_angle.<joint> [rad], joint_rate.<joint> [rad/s], joint_torque.<joint> [N m]
//   contact.<element>.normal [N], .friction [N], .penetration [m]   (contact_events.hpp's elements)
//   port_wrench.fx .. mz          the contact on the port (PU axes, about its origin)
//   base_wrench.fx .. mz          the arm on the station at its base (base axes)
//   latch.<latch> [-], latch_deflection.<latch> [rad or m], sensor.<sensor> [-]   (1 = triggered / on)
//   station.wx, .wy, .wz [rad/s]  the station's angular velocity (its axes)
//   command.vx .. wz, resolved_rate.manipulability [-], resolved_rate.damping [-]   (operator mode)
//   energy.kinetic, .torque_work, .contact_work, .balance_error [J]; coupling.iterations [-]
#pragma once

#include <string>
#include <vector>

#include "berthing/berthing_system.hpp"
#include "berthing/operator_control.hpp"

namespace dyngen::berthing {

// A pose error: the ring's origin in PU and its rotation vector (angle times unit axis) in PU axes.
struct PoseError {
  Vec3 position = Vec3::Zero();
  Vec3 rotation = Vec3::Zero();
  double lateral() const { return position.tail<2>().norm(); }  // off the port's axis
  double angle() const { return rotation.norm(); }
};
PoseError pose_error(const Placement& ring_in_port);

class BerthingHistory {
 public:
  // `control`: the operator's control (its columns), or null.
  BerthingHistory(BerthingSystem& system, const OperatorControl* control);

  const std::vector<std::string>& columns() const { return columns_; }
  // The row of the system's last evaluation.
  const std::vector<double>& row(const BerthingSystem& system, const BerthingEnergy& energy, double balance_error);

 private:
  const OperatorControl* control_;
  std::vector<std::string> columns_;
  std::vector<double> row_;
};

}  // namespace dyngen::berthing
