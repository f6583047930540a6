#include "simulation/scenario_file.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <set>
#include <sstream>

#include "files/yaml_fields.hpp"
#include "files/yaml_frames.hpp"

namespace dyngen::simulation {

namespace {

using Fields = files::YamlFields<ScenarioError>;
using files::axes;
using files::frame;
using files::inertia;
using files::resolve_path;

const std::vector<std::string> kInitialKeys = {
    "lateral_miss",       "miss_direction",  "angular_misalignment",       "misalignment_direction", "closing_velocity",
    "lateral_velocity",   "lateral_velocity_direction", "angular_rate", "angular_rate_direction",  "axial_position"};

Reference reference(const Fields& f, const std::string& key) {
  return {f.text(key), files::position(f.source(), f.at(key))};
}

SpacecraftSpec spacecraft(const Fields& parent, const std::string& key) {
  const YAML::Node n = parent.at(key);
  const Fields f(n, parent.source(), key + " spacecraft", {"mass", "inertia", "port", "modes"});
  SpacecraftSpec s;
  s.mass = f.positive("mass");
  s.inertia = inertia(f, "inertia");
  const Fields port(f.at("port"), f.source(), key + " port", {"position", "rpy_deg", "axes"});
  frame(port, s.port_position, s.port_to_body);
  for (const YAML::Node& m : f.list("modes")) {
    const Fields mode(m, f.source(), key + " port mode", {"frequency_hz", "damping", "participation"});
    PortMode pm;
    pm.frequency = 2.0 * std::numbers::pi * mode.positive("frequency_hz");
    pm.damping = mode.non_negative("damping");
    const auto phi = mode.numbers(mode.at("participation"), "participation", 6);
    for (int k = 0; k < 6; ++k) pm.participation[k] = phi[static_cast<std::size_t>(k)];
    s.modes.push_back(pm);
  }
  return s;
}

InitialValue initial_value(const Fields& f, const std::string& key) {
  const YAML::Node n = f.at(key);
  InitialValue v;
  v.where = files::position(f.source(), n);
  if (n.IsMap()) {
    const Fields g(n, f.source(), "initial." + key, {"value", "distribution"});
    v.value = g.number("value");
    v.distribution = g.text("distribution", "");
  } else {
    v.value = f.number(key);
  }
  return v;
}

Transmission transmission(const YAML::Node& n, const std::string& source) {
  const Fields f(n, source, "transmission",
                 {"coordinate", "reference", "sign", "model", "loading_stiffness", "unloading_stiffness",
                  "transition_stiffness", "backlash", "stiffness", "stiffness_per_amplitude", "stiffness_per_mean", "width",
                  "width_per_amplitude", "width_per_mean"});
  Transmission t;
  t.coordinate = reference(f, "coordinate");
  t.reference = f.number("reference", 0.0);
  t.sign = f.number("sign", 1.0);
  if (t.sign != 1.0 && t.sign != -1.0) f.fail("sign", "+1 or -1");
  const std::string model = f.choice("model", {"piecewise_linear", "variable"}, "piecewise_linear");
  if (model == "piecewise_linear") {
    for (const char* k : {"stiffness", "stiffness_per_amplitude", "stiffness_per_mean", "width", "width_per_amplitude",
                          "width_per_mean"})
      if (f.has(k)) f.fail(k, "no variable-parameter field in a piecewise_linear transmission");
    t.piecewise_linear = {f.positive("loading_stiffness"), f.positive("unloading_stiffness"),
                          f.positive("transition_stiffness"), f.non_negative("backlash", 0.0)};
    if (const std::string e = hysteresis::parameter_error(t.piecewise_linear); !e.empty())
      f.fail(n, "", "admissible piecewise-linear parameters (" + e + ")");
  } else {
    t.model = Transmission::Model::variable;
    for (const char* k : {"loading_stiffness", "unloading_stiffness", "backlash"})
      if (f.has(k)) f.fail(k, "no piecewise-linear field in a variable transmission");
    t.variable = {f.non_negative("stiffness"), f.number("stiffness_per_amplitude", 0.0), f.number("stiffness_per_mean", 0.0),
                  f.non_negative("width"),     f.number("width_per_amplitude", 0.0),     f.number("width_per_mean", 0.0),
                  f.positive("transition_stiffness")};
    if (const std::string e = hysteresis::parameter_error(t.variable); !e.empty())
      f.fail(n, "", "admissible variable-parameter hysteresis (" + e + ")");
  }
  return t;
}

Drive drive(const YAML::Node& n, const std::string& source) {
  const Fields f(n, source, "drive",
                 {"coordinate", "start", "delay", "at", "speed", "gain", "stiffness", "max_force", "end_position"});
  Drive d;
  d.coordinate = reference(f, "coordinate");
  const std::string start = f.choice("start", {"capture", "time"}, "capture");
  if (start == "capture") {
    if (f.has("at")) f.fail("at", "no `at` when the drive starts at capture (use `delay`)");
    d.start_time = f.non_negative("delay", 0.0);
  } else {
    if (f.has("delay")) f.fail("delay", "no `delay` when the drive starts at a time (use `at`)");
    d.start = Drive::Start::time;
    d.start_time = f.non_negative("at");
  }
  d.speed = f.positive("speed");
  d.gain = f.positive("gain");
  d.stiffness = f.non_negative("stiffness");
  d.max_force = f.positive("max_force");
  if (f.has("end_position") && f.at("end_position").IsScalar() && f.at("end_position").Scalar() == "reference")
    d.end_at_reference = true;
  else
    d.end_position = f.number("end_position");
  return d;
}

Stop end_stop(const YAML::Node& n, const std::string& source) {
  const Fields f(n, source, "stop", {"coordinate", "lower", "upper", "stiffness", "damping"});
  Stop s;
  s.coordinate = reference(f, "coordinate");
  s.lower = f.number("lower", s.lower);
  s.upper = f.number("upper", s.upper);
  if (!f.has("lower") && !f.has("upper")) f.fail(n, "", "a lower or an upper limit");
  if (!(s.lower < s.upper)) f.fail("upper", "a limit above the lower one");
  s.stiffness = f.positive("stiffness");
  s.damping = f.non_negative("damping", 0.0);
  return s;
}

// The list item `key` names in an override's path: its index in digits, below `size`.
std::optional<std::size_t> item_index(const std::string& key, std::size_t size) {
  std::size_t index = 0;
  const char* end = key.data() + key.size();
  const auto [last, error] = std::from_chars(key.data(), end, index);
  if (key.empty() || error != std::errc() || last != end || index >= size) return std::nullopt;
  return index;
}

}  // namespace

Override parse_override(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ScenarioError("--set " + text + ": expected path=value, e.g. --set initial.lateral_miss=0.05");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

void apply_overrides(YAML::Node& root, const std::vector<Override>& overrides, const std::string& source) {
  for (const Override& o : overrides) {
    const std::string what = "--set " + o.path + "=" + o.value;
    YAML::Node value;
    try {
      value = YAML::Load(o.value);
      // a scalar made anew carries no position in any file (files::position reports the override)
      if (value.IsScalar()) value = YAML::Node(value.Scalar());
    } catch (const YAML::ParserException& e) {
      throw ScenarioError(what + ": the value is not valid YAML (" + e.msg + ")");
    }
    std::vector<std::string> keys;
    std::stringstream path(o.path);
    for (std::string key; std::getline(path, key, '.');) keys.push_back(key);
    // walk with a chain of nodes: yaml-cpp nodes are handles, so assigning through the last one
    // changes the tree
    YAML::Node node = root;
    std::string walked = source;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::string& key = keys[k];
      YAML::Node next;
      if (node.IsMap() && node[key]) {
        next = node[key];
      } else if (node.IsMap()) {
        // a field the file leaves out: made here, the reader then checks it belongs there
        node[key] = k + 1 == keys.size() ? value : YAML::Node(YAML::NodeType::Map);
        next = node[key];
      } else if (const std::optional<std::size_t> index = node.IsSequence() ? item_index(key, node.size()) : std::nullopt) {
        next = node[*index];
      } else {
        throw ScenarioError(what + ": " + walked + " has no '" + key + "'" +
                            (node.IsSequence() ? " (it has list items 0.." + std::to_string(node.size() - 1) + ")"
                                               : std::string(" (it is a single value)")));
      }
      walked += "." + key;
      if (k + 1 == keys.size()) {
        if (next.IsMap() && next["value"] && value.IsScalar())
          next["value"] = value;
        else
          next = value;
      }
      node.reset(next);
    }
  }
}

std::string scenario_type(const YAML::Node& root, const std::string& source) {
  if (!root.IsMap()) throw ScenarioError(files::position(source, root) + ": scenario: expected a mapping");
  if (!root["type"]) return "docking";
  if (!root["type"].IsScalar())
    throw ScenarioError(files::position(source, root["type"]) + ": scenario, field 'type': expected a name");
  return root["type"].Scalar();
}

YAML::Node load_scenario_yaml(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ScenarioError(path + ": cannot read the scenario file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_scenario_yaml(text.str(), path);
}

YAML::Node parse_scenario_yaml(const std::string& text, const std::string& path) {
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw ScenarioError(path + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                        ": error: " + e.msg);
  }
}

Scenario read_scenario(const YAML::Node& root, const std::string& path) {
  const Fields top(root, path, "scenario",
                   {"type", "name", "description", "mechanism", "contact", "active", "passive", "transmissions", "drives",
                    "end_stops", "initial", "integrator", "stop", "record"});
  Scenario s;
  s.file = path;
  s.text = YAML::Dump(root);
  if (top.has("type") && top.text("type") != "docking") top.fail("type", "docking");
  s.name = top.text("name");
  s.description = top.text("description", "");

  const Fields mech(top.at("mechanism"), path, "mechanism", {"model", "kernels", "parameters", "initial", "aligned_axes"});
  s.model = resolve_path(path, mech.text("model"));
  s.kernels = mech.choice("kernels", {"generated", "numeric"}, "generated");
  s.model_parameters = mech.number_map("parameters", "parameter -> value (the model file's parameters)");
  if (mech.has("initial")) {
    const YAML::Node n = mech.at("initial");
    if (!n.IsMap()) mech.fail(n, "initial", "a mapping coordinate -> value");
    for (const auto& kv : n) {
      if (!kv.first.IsScalar()) mech.fail(kv.first, "initial", "a coordinate name as each key");
      const std::string name = kv.first.Scalar();
      s.initial_coordinates[name] = mech.number(kv.second, "initial." + name);
      s.initial_coordinate_where[name] = files::position(path, kv.first);
    }
  }
  s.aligned_axes = axes(mech, "aligned_axes");

  const Fields contact(top.at("contact"), path, "contact", {"geometry", "links"});
  s.geometry = resolve_path(path, contact.text("geometry"));
  for (const YAML::Node& n : contact.list("links")) {
    const Fields f(n, path, "contact link", {"link", "body", "position", "rpy_deg", "axes"});
    LinkCarrier c;
    c.link = reference(f, "link");
    c.body = reference(f, "body");
    frame(f, c.position, c.rotation);
    s.links.push_back(c);
  }

  s.active = spacecraft(top, "active");
  s.passive = spacecraft(top, "passive");
  for (const YAML::Node& n : top.list("transmissions")) s.transmissions.push_back(transmission(n, path));
  for (const YAML::Node& n : top.list("drives")) s.drives.push_back(drive(n, path));
  for (const YAML::Node& n : top.list("end_stops")) s.stops.push_back(end_stop(n, path));

  std::set<std::string> initial_keys(kInitialKeys.begin(), kInitialKeys.end());
  initial_keys.insert("reference_point");
  const Fields initial(top.at("initial"), path, "initial", initial_keys);
  s.reference_point = reference(initial, "reference_point");
  for (const std::string& key : kInitialKeys)
    s.initial[key] = initial.has(key) ? initial_value(initial, key) : InitialValue{0.0, "", path};
  if (s.initial.at("lateral_miss").value < 0.0) initial.fail("lateral_miss", "a non-negative distance (m)");
  if (s.initial.at("angular_misalignment").value < 0.0)
    initial.fail("angular_misalignment", "a non-negative angle (rad; its axis is misalignment_direction)");

  if (top.has("integrator")) {
    const Fields f(top.at("integrator"), path, "integrator",
                   {"method", "step", "relative_tolerance", "absolute_tolerance", "coupling_tolerance", "coupling_iterations"});
    s.integrator.method = f.choice("method", {"rk4", "abm", "rk45", "cvode"}, "rk4");
    s.integrator.step = f.positive("step", s.integrator.step);
    s.integrator.relative_tolerance = f.positive("relative_tolerance", s.integrator.relative_tolerance);
    s.integrator.absolute_tolerance = f.positive("absolute_tolerance", s.integrator.absolute_tolerance);
    s.integrator.coupling_tolerance = f.positive("coupling_tolerance", s.integrator.coupling_tolerance);
    if (f.has("coupling_iterations")) s.integrator.coupling_iterations = f.integer("coupling_iterations", 1, 100);
  }
  const Fields stop(top.at("stop"), path, "stop", {"duration", "after_capture", "after_retraction", "separation"});
  s.stop.duration = stop.positive("duration");
  s.stop.after_capture = stop.non_negative("after_capture", s.stop.after_capture);
  s.stop.after_retraction = stop.non_negative("after_retraction", s.stop.after_retraction);
  s.stop.separation = stop.positive("separation", s.stop.separation);
  if (top.has("record")) {
    const Fields f(top.at("record"), path, "record", {"interval", "diagram_interval"});
    s.record.interval = f.positive("interval", s.record.interval);
    s.record.diagram_interval = f.positive("diagram_interval", s.record.diagram_interval);
  }
  return s;
}

Scenario load_scenario(const std::string& path, const std::vector<Override>& overrides) {
  YAML::Node root = load_scenario_yaml(path);
  apply_overrides(root, overrides, path);
  return read_scenario(root, path);
}

}  // namespace dyngen::simulation
