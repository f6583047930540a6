// The arm's start and its joint path from a scenario: payload poses (the ring frame in the port
// frame) turned into joint angles by inverse kinematics, each from the configuration before it, so
// the redundant arm stays on the branch its initial angles choose.
#pragma once

#include <memory>
#include <vector>

#include "berthing/berthing_scenario.hpp"
#include "berthing/berthing_system.hpp"
#include "berthing/joint_path.hpp"

namespace dyngen::berthing {

// The initial joint angles: the scenario's, or the solution for its initial payload pose started
// from them. simulation::ScenarioError at the pose's field when the arm cannot reach it (no
// convergence, or beyond a joint's limits).
std::vector<double> initial_configuration(const BerthingScenario& scenario, BerthingSystem& system);

// The path from q0 at t = 0 through the scenario's waypoints (joint angles, or a payload pose solved
// from the previous waypoint's angles); errors as above.
std::unique_ptr<JointPath> make_joint_path(const BerthingScenario& scenario, BerthingSystem& system,
                                           const std::vector<double>& q0);

}  // namespace dyngen::berthing
