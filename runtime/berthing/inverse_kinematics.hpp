// The joint angles that put the payload's ring at a pose, from a start configuration that picks the
// redundant arm's solution: Newton steps on the pose error by damped least squares,
//   e = [p* - p; theta(R* R^T)],   q += J^T (J J^T + mu^2 I)^-1 e,
// (theta: the rotation vector) with a small mu = 1e-6 that keeps the steps bounded if the arm passes
// near a singular configuration, until |e| <= 1e-10 (m, rad); the minimum-norm steps keep the
// solution near the start.
#pragma once

#include <vector>

#include "berthing/ring_kinematics.hpp"

namespace dyngen::berthing {

struct InverseKinematicsResult {
  bool converged = false;
  int iterations = 0;
  double error = 0.0;  // |e| at the end
};

// `target`: the ring frame in the arm's base frame. q: the start, replaced by the solution.
InverseKinematicsResult inverse_kinematics(RingKinematics& ring, const Placement& target, std::vector<double>& q,
                                           int max_iterations = 100);

}  // namespace dyngen::berthing
