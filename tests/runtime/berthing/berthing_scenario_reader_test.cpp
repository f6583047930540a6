// The berthing scenario reader: both bundled scenarios with their values (angles in degrees read as
// radians, paths resolved against the scenario's folder, the operator's command file read), the
// defaults, and every fault named with file:line:column, the object and field and what would be
// valid (the command file's own faults at its line and column).
#include "berthing/berthing_scenario.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numbers>

#include <unistd.h>

#include "simulation/scenario_file.hpp"

namespace dyngen::berthing {
namespace {

const std::string kScenarios = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/";
constexpr double kDeg = std::numbers::pi / 180.0;

BerthingScenario bundled(const std::string& name) {
  const std::string file = kScenarios + name;
  return read_berthing_scenario(simulation::load_scenario_yaml(file), file);
}

// A minimal valid scenario (joint path mode); `from` -> `to` makes a fault.
std::string minimal(const std::string& from = "", const std::string& to = "") {
  std::string text = R"yaml(type: berthing
name: minimal
mechanism: {model: ../station_arm.yaml}
station:
  mass: 4.2e5
  inertia: {xx: 1.3e8, yy: 1.1e8, zz: 2.0e8}
  arm_base: {position: [-4, 10, 4]}
  port: {position: [6.7, 13, 9.3], rpy_deg: [0, 0, 20]}
contact:
  geometry: ../docking_units/berthing_ring.yaml
  ring: {body: wrist_roll, position: [3, 0, 2.2]}
initial:
  joint_angles_deg: [16, 10.5, 25, 123, -150.5, -8, 8.5]
control:
  servo: {stiffness: [1, 1, 1, 1, 1, 1, 1], damping: [1, 1, 1, 1, 1, 1, 1], max_torque: [9, 9, 9, 9, 9, 9, 9]}
  path:
    - {time: 10, joint_angles_deg: [16, 10, 25, 120, -150, -8, 8]}
    - {time: 20, payload_pose: {position: [0.03, 0, 0]}}
stop: {duration: 30}
)yaml";
  if (!from.empty()) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

std::string fault(const std::string& text) {
  try {
    read_berthing_scenario(YAML::Load(text), kScenarios + "test.yaml");
  } catch (const simulation::ScenarioError& e) {
    const std::string message = e.what();
    return message.substr(message.find("test.yaml"));
  }
  ADD_FAILURE() << "no fault in\n" << text;
  return {};
}

TEST(BerthingScenarioReader, ReadsTheNominalScenario) {
  const BerthingScenario s = bundled("berthing_nominal.yaml");
  EXPECT_EQ(s.name, "berthing_nominal");
  EXPECT_EQ(std::filesystem::path(s.model).filename(), "station_arm.yaml");
  EXPECT_TRUE(std::filesystem::exists(s.model));
  EXPECT_TRUE(std::filesystem::exists(s.geometry));
  EXPECT_EQ(s.kernels, "generated");
  EXPECT_EQ(s.station_mass, 4.2e5);
  EXPECT_EQ(s.station_inertia(2, 2), 2.0e8);
  EXPECT_NEAR(s.port.rotation(1, 0), std::sin(20 * kDeg), 1e-15);
  EXPECT_EQ(s.ring_body, "wrist_roll");
  EXPECT_EQ(s.ring.position, Vec3(3.0, 0.0, 2.2));
  ASSERT_EQ(s.initial_joint_angles.values.size(), 7u);
  EXPECT_NEAR(s.initial_joint_angles.values[3], 123 * kDeg, 1e-15);
  ASSERT_TRUE(s.initial_payload.has_value());
  EXPECT_EQ(s.initial_payload->pose.position, Vec3(-1.5, 0.25, -0.15));
  EXPECT_EQ(s.mode, ControlMode::joint_path);
  EXPECT_EQ(s.after_capture, AfterCapture::limp);
  ASSERT_EQ(s.waypoints.size(), 2u);
  EXPECT_EQ(s.waypoints[1].time, 180.0);
  ASSERT_TRUE(s.waypoints[1].payload.has_value());
  EXPECT_EQ(s.waypoints[1].payload->pose.position.x(), 0.03);
  EXPECT_EQ(s.servo.max_torque.values, std::vector<double>(7, 2500.0));
  EXPECT_TRUE(s.command_list.empty());  // the operator's file is read in operator mode only
  EXPECT_EQ(s.step, 1e-3);
  EXPECT_EQ(s.duration, 240.0);
  EXPECT_EQ(s.after_capture_time, 10.0);
  EXPECT_EQ(s.record_interval, 0.1);
}

TEST(BerthingScenarioReader, ReadsTheOperatorScenarioAndItsCommands) {
  const BerthingScenario s = bundled("berthing_operator.yaml");
  EXPECT_EQ(s.mode, ControlMode::operator_rates);
  EXPECT_EQ(s.command_frame, CommandFrame::port);
  EXPECT_EQ(std::filesystem::path(s.commands).filename(), "berthing_operator_commands.txt");
  ASSERT_EQ(s.command_list.size(), 6u);
  EXPECT_EQ(s.command_list[3].time, 20.0);
  EXPECT_EQ(s.command_list[3].twist[0], 0.010);
  EXPECT_EQ(s.manipulability_threshold, 50.0);
  EXPECT_EQ(s.max_damping, 1.0);
  EXPECT_TRUE(s.waypoints.empty());
}

TEST(BerthingScenarioReader, OptionalFieldsTakeTheirDefaults) {
  const BerthingScenario s = read_berthing_scenario(YAML::Load(minimal()), kScenarios + "test.yaml");
  const BerthingScenario defaults;
  EXPECT_EQ(s.arm_base.rotation, Mat3::Identity());
  EXPECT_EQ(s.kernels, "generated");
  EXPECT_FALSE(s.initial_payload.has_value());
  EXPECT_EQ(s.waypoints[0].joint_angles.values.size(), 7u);
  EXPECT_FALSE(s.waypoints[1].joint_angles.values.size());
  EXPECT_EQ(s.waypoints[1].payload->pose.rotation, Mat3::Identity());
  EXPECT_EQ(s.step, defaults.step);
  EXPECT_EQ(s.coupling_tolerance, 1e-4);
  EXPECT_EQ(s.after_capture_time, defaults.after_capture_time);
  EXPECT_EQ(s.record_interval, defaults.record_interval);
}

TEST(BerthingScenarioReader, FaultsNamePositionFieldAndWhatWouldBeValid) {
  struct Fault {
    const char* from;  // the minimal scenario's text
    const char* to;    // replaced by this
    const char* message;
  };
  const Fault faults[] = {
      {"type: berthing", "type: docking", "test.yaml:1:7: berthing scenario, field 'type': expected berthing, got 'docking'"},
      {"stop: {duration: 30}", "stop: {duration: 30, after_latch: 1}",
       "test.yaml:19:22: stop, field 'after_latch': expected one of the keys: after_capture, duration, got 'after_latch'"},
      {"  mass: 4.2e5\n", "", "test.yaml:5:3: station, field 'mass': expected this field (missing)"},
      {"zz: 2.0e8", "zz: 3.0e8",
       "test.yaml:6:12: station, field 'inertia': expected a positive definite inertia whose principal moments satisfy "
       "I1 + I2 >= I3"},
      {"stiffness: [1, 1,", "stiffness: [1, -1,",
       "test.yaml:15:26: servo, field 'stiffness': expected non-negative numbers, got '-1'"},
      {"max_torque: [9, 9,", "max_torque: [0, 9,",
       "test.yaml:15:90: servo, field 'max_torque': expected positive numbers, got '0'"},
      {"{time: 20,", "{time: 5,",
       "test.yaml:18:14: path waypoint, field 'time': expected a time after the previous waypoint's (10.000000 s; the "
       "path starts at 0 s), got '5'"},
      {"{time: 20, payload_pose:", "{time: 20, joint_angles_deg: [1], payload_pose:",
       "test.yaml:18:7: path waypoint: expected either joint_angles_deg or payload_pose (the pose the joint angles are "
       "solved for)"},
      {"payload_pose: {position: [0.03, 0, 0]}", "payload_pose: {position: [0.03, 0, 0], rpy: [0, 0, 1]}",
       "test.yaml:18:57: payload pose (the ring frame in the port frame), field 'rpy': expected one of the keys: axes, "
       "position, rpy_deg, got 'rpy'"},
      {"control:\n", "control:\n  mode: remote\n",
       "test.yaml:15:9: control, field 'mode': expected one of joint_path, operator, got 'remote'"},
      {"control:\n", "control:\n  mode: operator\n",
       "test.yaml:15:3: control, field 'operator': expected {commands: FILE or stdin, frame, ...} for mode operator"},
      {"stop: {duration: 30}", "stop: {duration: 30}\nintegrator: {method: abm}",
       "test.yaml:20:22: integrator, field 'method': expected one of rk4, got 'abm'"},
  };
  for (const Fault& f : faults) EXPECT_EQ(fault(minimal(f.from, f.to)), f.message);
}

TEST(BerthingScenarioReader, AnOperatorsCommandFileIsReadWithTheScenario) {
  const std::string operator_mode = "control:\n  mode: operator\n  operator: {commands: COMMANDS, frame: payload}\n";
  const auto commands = std::filesystem::temp_directory_path() / ("berthing_commands_" + std::to_string(::getpid()) + ".txt");
  const auto with = [&](const std::string& path) {
    std::string text = minimal("control:\n", operator_mode);
    text.replace(text.find("COMMANDS"), 8, path);
    return text;
  };
  EXPECT_EQ(fault(with("missing.txt")),
            "test.yaml:16:24: operator, field 'commands': expected a command file (relative to the scenario's folder) "
            "or stdin (standard input); " + kScenarios + "missing.txt is not a file, got 'missing.txt'");
  std::ofstream(commands) << "0 0 0 0 0 0 0\n1 0.01 0 0 0\n";
  try {
    read_berthing_scenario(YAML::Load(with(commands.string())), kScenarios + "test.yaml");
    ADD_FAILURE() << "the short command line went unnoticed";
  } catch (const simulation::ScenarioError& e) {
    EXPECT_EQ(std::string(e.what()), commands.string() +
                                         ":2:13: error: expected 7 fields 't vx vy vz wx wy wz', got 5 (missing wy [rad/s])");
  }
  std::ofstream(commands) << "0 0 0 0 0 0 0\n1 0.01 0 0 0 0 0\n";
  const BerthingScenario s = read_berthing_scenario(YAML::Load(with(commands.string())), kScenarios + "test.yaml");
  EXPECT_EQ(s.command_list.size(), 2u);
  EXPECT_EQ(s.command_frame, CommandFrame::payload);
  EXPECT_EQ(s.manipulability_threshold, 50.0);
  const BerthingScenario from_stdin = read_berthing_scenario(YAML::Load(with("stdin")), kScenarios + "test.yaml");
  EXPECT_EQ(from_stdin.commands, "stdin");
  EXPECT_TRUE(from_stdin.command_list.empty());
  std::filesystem::remove(commands);
}

}  // namespace
}  // namespace dyngen::berthing
