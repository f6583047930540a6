// A berthing scenario (`type: berthing`, read by `dyngen simulate`; format in README.md): the
// manipulator model and its kernels, the station it stands on (a free rigid body) with the arm's
// base and the berthing port on it, the berthing mechanism's contact geometry and where the
// payload carries its ring, the initial configuration, the control (joint servos following an
// interpolated joint path, or an operator's end-effector rate commands), the integrator step, the
// stop conditions and what to record.
//
// Plain data. Payload poses (the ring frame in the port frame PU) are kept with the position of
// their field, so a pose the arm cannot reach is reported at the scenario's line and column when
// the run solves it (inverse_kinematics.hpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include <Eigen/Dense>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "berthing/rate_commands.hpp"

namespace dyngen::berthing {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

// A frame in a parent frame: x_parent = position + rotation x_frame.
struct Placement {
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
};

// A pose of the payload's ring frame in the port frame PU (berthed: the identity), with the
// position of its field in the scenario.
struct PayloadPose {
  Placement pose;
  std::string where;
};

// Values given one per joint (coordinates in the model's order), with the position of their field:
// their count is checked against the model when the run is set up.
struct JointValues {
  std::vector<double> values;
  std::string where;
};

// A waypoint of the joint path: at `time` the arm is at the joint angles given, or at those that
// put the payload at `payload` (solved from the previous waypoint's angles).
struct Waypoint {
  double time = 0.0;         // s
  JointValues joint_angles;  // rad (no values: solved from `payload`)
  std::optional<PayloadPose> payload;
};

struct ServoGains {
  JointValues stiffness;   // N m / rad
  JointValues damping;     // N m s / rad
  JointValues max_torque;  // N m
};

enum class ControlMode { joint_path, operator_rates };
// After capture the servos let go (`limp`: no joint torque, as station arms do while the berthing
// mechanism's latches hold the payload) or keep following their reference (`servo`).
enum class AfterCapture { limp, servo };
// The axes of an operator's rate commands: the port's (fixed in the station) or the payload ring's.
enum class CommandFrame { port, payload };

struct BerthingScenario {
  std::string file;  // the scenario file
  std::string name, description;

  std::string model;    // the manipulator's mechanism file (moving base, one joint per coordinate)
  std::string kernels = "generated";
  std::map<std::string, double> model_parameters;

  double station_mass = 0.0;          // kg
  Mat3 station_inertia = Mat3::Zero();  // kg m^2 about the CoM, station axes
  Placement arm_base;                 // the arm's base frame in the station's CoM frame
  Placement port;                     // the berthing port's frame PU in the station's CoM frame

  std::string geometry;   // the berthing mechanism's contact geometry file (one buffer link)
  std::string ring_body;  // the mechanism's wrench body carrying the payload's ring
  std::string ring_body_where;
  Placement ring;         // the ring frame in that body's frame

  JointValues initial_joint_angles;  // rad
  std::optional<PayloadPose> initial_payload;  // solved from initial_joint_angles when given

  ControlMode mode = ControlMode::joint_path;
  ServoGains servo;
  AfterCapture after_capture = AfterCapture::limp;
  std::vector<Waypoint> waypoints;  // joint_path: times increasing, after 0
  // operator_rates
  std::string commands;  // the command file, or "stdin": standard input, read line by line as the run goes
  std::vector<RateCommand> command_list;  // the command file's commands (empty for stdin)
  CommandFrame command_frame = CommandFrame::port;
  double manipulability_threshold = 0.0;  // w0 of the damped least squares (damped_least_squares.hpp)
  double max_damping = 0.0;               // lambda_max

  double step = 1.0e-3;                // s: one RK4 step, the real-time frame
  double coupling_tolerance = 1.0e-4;  // relative change of the base's acceleration (README: why 1e-4)
  int coupling_iterations = 20;

  double duration = 0.0;         // s
  double after_capture_time = 5.0;  // s of run after capture

  double record_interval = 0.05;    // s between history rows
  double diagram_interval = 0.5;    // s between dynamic-diagram frames
};

// The scenario in `root` (the YAML of `file`, overrides applied). The command file of an operator
// scenario is read here too. simulation::ScenarioError ("file:line:column: <object>, field '<f>':
// expected <what would be valid>, got '<value>'") on the first fault; nothing else is read after it.
BerthingScenario read_berthing_scenario(const YAML::Node& root, const std::string& file);

}  // namespace dyngen::berthing
