// Reading a berthing scenario file (berthing_scenario.hpp; keys in README.md).
#include <filesystem>

#include "berthing/berthing_scenario.hpp"
#include "files/yaml_fields.hpp"
#include "files/yaml_frames.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::berthing {

namespace {

using Fields = files::YamlFields<simulation::ScenarioError>;

Placement placement(const Fields& parent, const std::string& key, const std::string& what) {
  const Fields f(parent.at(key), parent.source(), what, {"position", "rpy_deg", "axes"});
  Placement p;
  files::frame(f, p.position, p.rotation);
  return p;
}

PayloadPose payload_pose(const Fields& parent, const std::string& key) {
  return {placement(parent, key, "payload pose (the ring frame in the port frame)"),
          files::position(parent.source(), parent.at(key))};
}

enum class Sign { any, non_negative, positive };

// A list of numbers, one per joint (their count is checked against the model later), times `scale`.
JointValues joint_values(const Fields& f, const std::string& key, double scale, Sign sign) {
  const YAML::Node n = f.at(key);
  if (!n.IsSequence() || n.size() == 0) f.fail(n, key, "a list of numbers, one per joint");
  JointValues v{{}, files::position(f.source(), n)};
  for (const YAML::Node& item : n) {
    const double x = f.number(item, key);
    if (sign == Sign::positive && !(x > 0.0)) f.fail(item, key, "positive numbers");
    if (sign == Sign::non_negative && x < 0.0) f.fail(item, key, "non-negative numbers");
    v.values.push_back(x * scale);
  }
  return v;
}

Waypoint waypoint(const YAML::Node& n, const std::string& source, double after) {
  const Fields f(n, source, "path waypoint", {"time", "joint_angles_deg", "payload_pose"});
  Waypoint w;
  w.time = f.number("time");
  if (!(w.time > after))
    f.fail("time", "a time after the previous waypoint's (" + std::to_string(after) + " s; the path starts at 0 s)");
  if (f.has("joint_angles_deg") == f.has("payload_pose"))
    f.fail(n, "", "either joint_angles_deg or payload_pose (the pose the joint angles are solved for)");
  if (f.has("joint_angles_deg")) w.joint_angles = joint_values(f, "joint_angles_deg", files::kDegree, Sign::any);
  if (f.has("payload_pose")) w.payload = payload_pose(f, "payload_pose");
  return w;
}

void read_control(const Fields& top, BerthingScenario& s) {
  const Fields c(top.at("control"), s.file, "control",
                 {"mode", "servo", "after_capture", "path", "operator"});
  s.mode = c.choice("mode", {"joint_path", "operator"}, "joint_path") == "operator" ? ControlMode::operator_rates
                                                                                   : ControlMode::joint_path;
  const Fields servo(c.at("servo"), s.file, "servo", {"stiffness", "damping", "max_torque"});
  s.servo = {joint_values(servo, "stiffness", 1.0, Sign::non_negative), joint_values(servo, "damping", 1.0, Sign::non_negative),
             joint_values(servo, "max_torque", 1.0, Sign::positive)};
  s.after_capture = c.choice("after_capture", {"limp", "servo"}, "limp") == "servo" ? AfterCapture::servo : AfterCapture::limp;

  if (c.has("path")) {
    double after = 0.0;
    for (const YAML::Node& n : c.list("path")) {
      s.waypoints.push_back(waypoint(n, s.file, after));
      after = s.waypoints.back().time;
    }
  }
  if (s.mode == ControlMode::joint_path && s.waypoints.empty())
    c.fail(c.has("path") ? c.at("path") : c.node(), "path", "a list of waypoints {time, joint_angles_deg or payload_pose}");

  if (c.has("operator")) {
    const Fields op(c.at("operator"), s.file, "operator",
                    {"commands", "frame", "manipulability_threshold", "max_damping"});
    s.commands = op.text("commands");
    s.command_frame = op.choice("frame", {"port", "payload"}, "port") == "payload" ? CommandFrame::payload : CommandFrame::port;
    s.manipulability_threshold = op.positive("manipulability_threshold", 50.0);
    s.max_damping = op.non_negative("max_damping", 1.0);
    if (s.mode == ControlMode::operator_rates && s.commands != "stdin") {
      const std::string path = files::resolve_path(s.file, s.commands);
      if (!std::filesystem::is_regular_file(path))
        op.fail("commands", "a command file (relative to the scenario's folder) or stdin (standard input); " + path +
                                " is not a file");
      try {
        s.command_list = read_rate_command_file(path);
      } catch (const RateCommandError& e) {
        throw simulation::ScenarioError(e.what());  // at the command file's line and column
      }
      s.commands = path;
    }
  } else if (s.mode == ControlMode::operator_rates) {
    c.fail(c.node(), "operator", "{commands: FILE or stdin, frame, ...} for mode operator");
  }
}

}  // namespace

BerthingScenario read_berthing_scenario(const YAML::Node& root, const std::string& file) {
  const Fields top(root, file, "berthing scenario",
                   {"type", "name", "description", "mechanism", "station", "contact", "initial", "control", "integrator",
                    "stop", "record"});
  BerthingScenario s;
  s.file = file;
  if (top.text("type") != "berthing") top.fail("type", "berthing");
  s.name = top.text("name");
  s.description = top.text("description", "");

  const Fields mech(top.at("mechanism"), file, "mechanism", {"model", "kernels", "parameters"});
  s.model = files::resolve_path(file, mech.text("model"));
  s.kernels = mech.choice("kernels", {"generated", "numeric"}, "generated");
  s.model_parameters = mech.number_map("parameters", "parameter -> value (the model file's parameters)");

  const Fields station(top.at("station"), file, "station", {"mass", "inertia", "arm_base", "port"});
  s.station_mass = station.positive("mass");
  s.station_inertia = files::inertia(station, "inertia");
  s.arm_base = placement(station, "arm_base", "station arm_base (the arm's base frame in the station's CoM frame)");
  s.port = placement(station, "port", "station port (the port frame PU in the station's CoM frame)");

  const Fields contact(top.at("contact"), file, "contact", {"geometry", "ring"});
  s.geometry = files::resolve_path(file, contact.text("geometry"));
  const Fields ring(contact.at("ring"), file, "contact ring", {"body", "position", "rpy_deg", "axes"});
  s.ring_body = ring.text("body");
  s.ring_body_where = files::position(file, ring.at("body"));
  files::frame(ring, s.ring.position, s.ring.rotation);

  const Fields initial(top.at("initial"), file, "initial", {"joint_angles_deg", "payload_pose"});
  s.initial_joint_angles = joint_values(initial, "joint_angles_deg", files::kDegree, Sign::any);
  if (initial.has("payload_pose")) s.initial_payload = payload_pose(initial, "payload_pose");

  read_control(top, s);

  if (top.has("integrator")) {
    const Fields f(top.at("integrator"), file, "integrator", {"method", "step", "coupling_tolerance", "coupling_iterations"});
    f.choice("method", {"rk4"}, "rk4");
    s.step = f.positive("step", s.step);
    s.coupling_tolerance = f.positive("coupling_tolerance", s.coupling_tolerance);
    if (f.has("coupling_iterations")) s.coupling_iterations = f.integer("coupling_iterations", 1, 100);
  }
  const Fields stop(top.at("stop"), file, "stop", {"duration", "after_capture"});
  s.duration = stop.positive("duration");
  s.after_capture_time = stop.non_negative("after_capture", s.after_capture_time);
  if (top.has("record")) {
    const Fields f(top.at("record"), file, "record", {"interval", "diagram_interval"});
    s.record_interval = f.positive("interval", s.record_interval);
    s.diagram_interval = f.positive("diagram_interval", s.diagram_interval);
  }
  return s;
}

}  // namespace dyngen::berthing
