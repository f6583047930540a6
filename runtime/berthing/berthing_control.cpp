#include "berthing/berthing_control.hpp"

#include "berthing/inverse_kinematics.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::berthing {

namespace {

using simulation::ScenarioError;

// Joint angles within the joints' limits, or ScenarioError at `where` saying what was asked.
std::vector<double> within_limits(std::vector<double> q, const mechanism::MechanismInfo& info, const std::string& where,
                                  const std::string& what) {
  for (std::size_t i = 0; i < q.size(); ++i)
    if (q[i] < info.lower_limits[i] || q[i] > info.upper_limits[i])
      throw ScenarioError(where + ": " + what + ": joint '" + info.coordinates[i] + "' at " + std::to_string(q[i]) +
                          " rad, beyond its limits [" + std::to_string(info.lower_limits[i]) + ", " +
                          std::to_string(info.upper_limits[i]) + "] rad");
  return q;
}

std::vector<double> angles(const JointValues& v, const mechanism::MechanismInfo& info) {
  if (v.values.size() != static_cast<std::size_t>(info.dof))
    throw ScenarioError(v.where + ": joint angles: expected " + std::to_string(info.dof) + " values, one per joint, got " +
                        std::to_string(v.values.size()));
  return within_limits(v.values, info, v.where, "joint angles");
}

// The joint angles putting the ring at `pose`, from `q`.
std::vector<double> solve(BerthingSystem& system, const PayloadPose& pose, std::vector<double> q) {
  const InverseKinematicsResult r = inverse_kinematics(system.ring(), system.ring_in_base(pose.pose), q);
  if (!r.converged)
    throw ScenarioError(pose.where + ": payload pose: the arm does not reach it from the configuration before it (pose error " +
                        std::to_string(r.error) + " after " + std::to_string(r.iterations) + " Newton steps)");
  return within_limits(q, system.info(), pose.where, "payload pose reached");
}

}  // namespace

std::vector<double> initial_configuration(const BerthingScenario& scenario, BerthingSystem& system) {
  const std::vector<double> q = angles(scenario.initial_joint_angles, system.info());
  return scenario.initial_payload ? solve(system, *scenario.initial_payload, q) : q;
}

std::unique_ptr<JointPath> make_joint_path(const BerthingScenario& scenario, BerthingSystem& system,
                                           const std::vector<double>& q0) {
  std::vector<double> times = {0.0};
  std::vector<std::vector<double>> path = {q0};
  for (const Waypoint& w : scenario.waypoints) {
    times.push_back(w.time);
    path.push_back(w.payload ? solve(system, *w.payload, path.back()) : angles(w.joint_angles, system.info()));
  }
  return std::make_unique<JointPath>(std::move(times), std::move(path));
}

}  // namespace dyngen::berthing
