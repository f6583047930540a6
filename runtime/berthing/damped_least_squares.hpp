// Joint rates for a commanded twist of the payload ring: the damped least-squares solution of
// J qd = v (Nakamura & Hanafusa 1986, "Inverse kinematic solutions with singularity robustness
// for robot manipulator control", ASME J. Dyn. Syst. Meas. Control 108),
//   qd = J^T (J J^T + lambda^2 I)^-1 v,
// the minimum-norm rates of the redundant arm while it is far from singular (lambda = 0), and
// bounded rates with a small twist error near a singularity, where the damping grows with the
// loss of manipulability w = sqrt(det(J J^T)) (Yoshikawa 1985):
//   lambda^2 = lambda_max^2 (1 - w / w0)^2   for w < w0,   0 otherwise.
// w mixes the Jacobian's rows in metres and radians as they are (a characteristic length of 1 m);
// w0 is set from the arm's values along its task (the berthing scenarios print theirs).
#pragma once

#include <Eigen/Dense>

#include "berthing/rate_commands.hpp"
#include "berthing/ring_kinematics.hpp"

namespace dyngen::berthing {

struct DampingSchedule {
  double threshold = 0.0;    // w0
  double max_damping = 0.0;  // lambda_max
};

struct DampedSolution {
  double manipulability = 0.0;  // w
  double damping = 0.0;         // lambda
};

// qd (resized to J's columns) for the twist v; returns w and lambda.
DampedSolution damped_least_squares(const Jacobian& J, const Twist& v, const DampingSchedule& schedule,
                                    Eigen::VectorXd& qd);

}  // namespace dyngen::berthing
