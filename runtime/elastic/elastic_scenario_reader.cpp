// read_elastic_scenario (elastic_scenario.hpp): the YAML document of a scenario, checked key by key;
// the first fault throws ElasticScenarioError "file:line:column: error: field: message".
#include "elastic/elastic_scenario.hpp"
#include "elastic/level_problem.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace dyngen::elastic {

namespace {

constexpr long largest_step_count = 100'000'000;

std::string number_text(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : ", ") + word;
  return text;
}

// Builds the messages of one file; every check names the field by its path (simulation.step, torques[1].law).
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Node& at, const std::string& field, const std::string& message) const {
    const YAML::Mark mark = at.Mark();
    std::ostringstream text;
    text << file_;
    if (!mark.is_null()) text << ":" << mark.line + 1 << ":" << mark.column + 1;
    text << ": error: " << field << ": " << message;
    throw ElasticScenarioError(text.str());
  }

  // "expected <what>, got '<value>'" (or the kind of node when it is no scalar)
  [[noreturn]] void expected(const YAML::Node& at, const std::string& field, const std::string& what) const {
    const std::string got = at.IsScalar()     ? "'" + at.Scalar() + "'"
                            : at.IsSequence() ? "a list"
                            : at.IsMap()      ? "a mapping"
                                              : "an empty value";
    fail(at, field, "expected " + what + ", got " + got);
  }

  // `node` is a mapping with keys among `allowed`
  void mapping(const YAML::Node& node, const std::string& field, const std::vector<std::string>& allowed) const {
    if (!node.IsMap()) expected(node, field, "a mapping with the keys " + joined(allowed));
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        fail(entry.first, join(field, key), "unknown key '" + key + "'; valid keys here: " + joined(allowed));
      }
    }
  }

  double number(const YAML::Node& node, const std::string& field, const std::string& what = "a finite number") const {
    double value = 0.0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, value) || !std::isfinite(value)) {
      expected(node, field, what);
    }
    return value;
  }
  double positive(const YAML::Node& node, const std::string& field, const std::string& unit) const {
    const std::string what = "a number > 0" + (unit.empty() ? "" : " (" + unit + ")");
    const double value = number(node, field, what);
    if (!(value > 0.0)) expected(node, field, what);
    return value;
  }
  double non_negative(const YAML::Node& node, const std::string& field, const std::string& unit) const {
    const std::string what = "a number >= 0" + (unit.empty() ? "" : " (" + unit + ")");
    const double value = number(node, field, what);
    if (value < 0.0) expected(node, field, what);
    return value;
  }
  int integer(const YAML::Node& node, const std::string& field, int low, int high, const std::string& also = "") const {
    const std::string what = (also.empty() ? "an integer" : also) + " in " + std::to_string(low) + ".." +
                             std::to_string(high);
    long value = 0;
    if (!node.IsScalar() || !YAML::convert<long>::decode(node, value) || value < low || value > high) {
      expected(node, field, what);
    }
    return static_cast<int>(value);
  }
  bool boolean(const YAML::Node& node, const std::string& field) const {
    bool value = false;
    if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value)) expected(node, field, "true or false");
    return value;
  }
  std::string choice(const YAML::Node& node, const std::string& field, const std::vector<std::string>& options) const {
    if (!node.IsScalar() || std::find(options.begin(), options.end(), node.Scalar()) == options.end()) {
      expected(node, field, "one of " + joined(options));
    }
    return node.Scalar();
  }
  std::string text(const YAML::Node& node, const std::string& field) const {
    if (!node.IsScalar()) expected(node, field, "a text");
    return node.Scalar();
  }

  static std::string join(const std::string& field, const std::string& key) {
    return field.empty() ? key : field + "." + key;
  }

 private:
  std::string file_;
};

void read_manipulator(const Reader& reader, const YAML::Node& node, ElasticScenario& scenario) {
  const std::string field = "manipulator";
  reader.mapping(node, field,
                 {"links", "inertia_parameter", "section_ratio", "tip_mass", "gradient_parameter",
                  "axial_force_stiffening"});
  const auto at = [&](const char* key) { return Reader::join(field, key); };
  if (node["links"]) scenario.links = reader.integer(node["links"], at("links"), 1, 50);
  if (node["inertia_parameter"]) {
    scenario.inertia_parameter = reader.positive(node["inertia_parameter"], at("inertia_parameter"), "rho l^2 / (E g), s^2");
  }
  if (node["section_ratio"]) scenario.section_ratio = reader.positive(node["section_ratio"], at("section_ratio"), "J / (l^2 F)");
  if (node["tip_mass"]) scenario.tip_mass = reader.non_negative(node["tip_mass"], at("tip_mass"), "m / (rho l F)");
  if (node["gradient_parameter"]) {
    scenario.gradient_parameter = reader.number(node["gradient_parameter"], at("gradient_parameter"),
                                                "a finite number (q l / (E F), positive along -Z)");
  }
  if (node["axial_force_stiffening"]) {
    scenario.axial_force_stiffening = reader.boolean(node["axial_force_stiffening"], at("axial_force_stiffening"));
  }
}

TorqueLaw read_torque_law(const Reader& reader, const YAML::Node& node, const std::string& field) {
  reader.mapping(node, field, {"law", "amplitude", "frequency", "points"});
  TorqueLaw law;
  const std::string kind = node["law"] ? reader.choice(node["law"], Reader::join(field, "law"),
                                                       {"one_minus_cos", "sine", "table"})
                                       : "one_minus_cos";
  if (kind == "table") {
    law.kind = TorqueLaw::Kind::table;
    for (const char* key : {"amplitude", "frequency"}) {
      if (node[key]) reader.fail(node[key], Reader::join(field, key), "not a key of law: table (its keys: law, points)");
    }
    const std::string points_field = Reader::join(field, "points");
    const YAML::Node points = node["points"];
    if (!points) reader.fail(node, points_field, "law: table needs points: [[t, M], ...] from [0, 0]");
    if (!points.IsSequence() || points.size() == 0) {
      reader.expected(points, points_field, "a list of points [t, M] (t in s, M = l M^e / (E J)) from [0, 0]");
    }
    for (std::size_t i = 0; i < points.size(); ++i) {
      const std::string point_field = points_field + "[" + std::to_string(i) + "]";
      const YAML::Node point = points[i];
      if (!point.IsSequence() || point.size() != 2) reader.expected(point, point_field, "a point [t, M]");
      const double t = reader.number(point[0], point_field + "[0]", "a time in s");
      const double m = reader.number(point[1], point_field + "[1]", "a torque M = l M^e / (E J)");
      if (i == 0 && (t != 0.0 || m != 0.0)) {
        reader.fail(point, point_field, "the table starts at [0, 0]: the run starts from rest in equilibrium");
      }
      if (i > 0 && !(t > law.points.back()[0])) {
        reader.expected(point[0], point_field + "[0]", "a time after the previous point's " + number_text(law.points.back()[0]) + " s");
      }
      law.points.push_back({t, m});
    }
    return law;
  }
  law.kind = kind == "sine" ? TorqueLaw::Kind::sine : TorqueLaw::Kind::one_minus_cos;
  if (node["points"]) reader.fail(node["points"], Reader::join(field, "points"), "a key of law: table only");
  if (node["amplitude"]) {
    law.amplitude = reader.number(node["amplitude"], Reader::join(field, "amplitude"), "a finite number (M = l M^e / (E J))");
  }
  if (node["frequency"]) law.frequency = reader.non_negative(node["frequency"], Reader::join(field, "frequency"), "rad/s");
  return law;
}

// one law for every hinge (a mapping) or one per hinge (a list)
void read_torques(const Reader& reader, const YAML::Node& node, ElasticScenario& scenario) {
  if (node.IsSequence()) {
    if (node.size() != static_cast<std::size_t>(scenario.links)) {
      reader.fail(node, "torques", "expected one torque law per hinge (" + std::to_string(scenario.links) +
                                       ", manipulator.links), got " + std::to_string(node.size()));
    }
    scenario.torques.clear();
    for (std::size_t i = 0; i < node.size(); ++i) {
      scenario.torques.push_back(read_torque_law(reader, node[i], "torques[" + std::to_string(i) + "]"));
    }
    return;
  }
  scenario.torques.assign(scenario.links, read_torque_law(reader, node, "torques"));
}

void read_initial(const Reader& reader, const YAML::Node& node, ElasticScenario& scenario) {
  reader.mapping(node, "initial", {"hinge_angles"});
  const YAML::Node angles = node["hinge_angles"];
  if (!angles) return;
  const std::string field = "initial.hinge_angles";
  if (!angles.IsSequence() || angles.size() != static_cast<std::size_t>(scenario.links)) {
    reader.expected(angles, field, "a list of " + std::to_string(scenario.links) + " angles in rad (one per hinge)");
  }
  for (std::size_t i = 0; i < angles.size(); ++i) {
    scenario.initial_hinge_angles[i] = reader.number(angles[i], field + "[" + std::to_string(i) + "]", "an angle in rad");
  }
}

// A Houbolt step of the transfer-matrix method must keep the initial-parameter shooting accurate.
void check_houbolt_step(const Reader& reader, const YAML::Node& at, const std::string& field, double step,
                        double time_scale) {
  const double smallest = smallest_houbolt_step(time_scale);
  if (step < smallest) {
    reader.fail(at, field,
                "a transfer_matrix step of " + number_text(step) + " s is below " + number_text(smallest) +
                    " s = 1.34e-3 T (T = " + number_text(time_scale) +
                    " s), where the initial-parameter method would lose more than 10 digits; use a larger step");
  }
}

// `interval` a whole number of `step`s
bool whole_steps(double interval, double step) {
  const double count = interval / step;
  return std::round(count) >= 1.0 && std::abs(count - std::round(count)) <= 1e-9 * count;
}

}  // namespace

ElasticScenario read_elastic_scenario(const YAML::Node& root, const std::string& file) {
  const Reader reader(file);
  ElasticScenario scenario;
  scenario.file = file;
  reader.mapping(root, "",
                 {"type", "description", "manipulator", "torques", "initial", "simulation", "transfer_matrix",
                  "finite_element", "cross_check", "record"});
  if (!root["type"]) reader.fail(root, "type", "missing: a scenario of this kind starts with type: elastic_manipulator");
  reader.choice(root["type"], "type", {"elastic_manipulator"});
  if (root["description"]) scenario.description = reader.text(root["description"], "description");

  if (root["manipulator"]) read_manipulator(reader, root["manipulator"], scenario);
  scenario.torques.assign(scenario.links, TorqueLaw{});
  scenario.initial_hinge_angles.assign(scenario.links, 0.0);
  if (root["torques"]) read_torques(reader, root["torques"], scenario);
  if (root["initial"]) read_initial(reader, root["initial"], scenario);
  const double scale = time_scale(scenario);

  const YAML::Node simulation = root["simulation"];
  if (simulation) {
    reader.mapping(simulation, "simulation", {"method", "duration", "step"});
    if (simulation["method"]) {
      const std::string method = reader.choice(simulation["method"], "simulation.method", {"transfer_matrix", "finite_element"});
      scenario.method = method == "transfer_matrix" ? ElasticMethod::transfer_matrix : ElasticMethod::finite_element;
    }
    if (simulation["duration"]) scenario.duration = reader.positive(simulation["duration"], "simulation.duration", "s");
    if (simulation["step"]) scenario.step = reader.positive(simulation["step"], "simulation.step", "s");
  }
  const YAML::Node transfer_matrix = root["transfer_matrix"];
  if (transfer_matrix) {
    reader.mapping(transfer_matrix, "transfer_matrix", {"segments", "axial_force"});
    if (transfer_matrix["segments"]) {
      scenario.segments = reader.integer(transfer_matrix["segments"], "transfer_matrix.segments", 2, 100000, "an even integer");
      if (scenario.segments % 2 != 0) {
        reader.expected(transfer_matrix["segments"], "transfer_matrix.segments",
                        "an even integer in 2..100000 (the energies integrate by Simpson's rule)");
      }
    }
    if (transfer_matrix["axial_force"]) {
      const std::string level = reader.choice(transfer_matrix["axial_force"], "transfer_matrix.axial_force",
                                              {"previous_level", "extrapolated"});
      scenario.axial_force = level == "previous_level" ? AxialForceLevel::previous : AxialForceLevel::extrapolated;
    }
  }
  const YAML::Node finite_element = root["finite_element"];
  if (finite_element) {
    reader.mapping(finite_element, "finite_element", {"elements", "deflection_transport"});
    if (finite_element["elements"]) {
      scenario.elements = reader.integer(finite_element["elements"], "finite_element.elements", 1, 200);
    }
    if (finite_element["deflection_transport"]) {
      scenario.deflection_transport = reader.boolean(finite_element["deflection_transport"], "finite_element.deflection_transport");
    }
  }
  const YAML::Node cross_check = root["cross_check"];
  if (cross_check) {
    reader.mapping(cross_check, "cross_check", {"enabled", "step"});
    if (cross_check["enabled"]) scenario.cross_check = reader.boolean(cross_check["enabled"], "cross_check.enabled");
    if (cross_check["step"]) scenario.cross_check_step = reader.positive(cross_check["step"], "cross_check.step", "s");
  }
  const YAML::Node record = root["record"];
  if (record) {
    reader.mapping(record, "record", {"interval"});
    if (record["interval"]) scenario.record_interval = reader.positive(record["interval"], "record.interval", "s");
  }

  // the settings together
  const auto node_or = [&](const YAML::Node& node, const char* key, const YAML::Node& fallback) {
    return node && node[key] ? node[key] : fallback;
  };
  const YAML::Node step_node = node_or(simulation, "step", root);
  const YAML::Node cross_step_node = node_or(cross_check, "step", root);
  if (scenario.method == ElasticMethod::transfer_matrix) {
    check_houbolt_step(reader, step_node, "simulation.step", scenario.step, scale);
  } else if (scenario.cross_check) {
    check_houbolt_step(reader, cross_step_node, "cross_check.step", scenario.cross_check_step, scale);
  }
  if (scenario.duration / scenario.step > largest_step_count ||
      (scenario.cross_check && scenario.duration / scenario.cross_check_step > largest_step_count)) {
    reader.fail(node_or(simulation, "duration", root), "simulation.duration",
                "the run would take more than 1e8 steps (" + number_text(scenario.duration) + " s in steps of " +
                    number_text(scenario.step) + " s" +
                    (scenario.cross_check ? ", and " + number_text(scenario.cross_check_step) + " s" : std::string()) +
                    "); shorten it or take a longer step");
  }
  const double interval = scenario.record_interval.value_or(scenario.step);
  if (scenario.record_interval && !whole_steps(interval, scenario.step)) {
    reader.expected(record["interval"], "record.interval",
                    "a whole number of steps (simulation.step = " + number_text(scenario.step) + " s)");
  }
  if (scenario.cross_check && !whole_steps(interval, scenario.cross_check_step)) {
    const std::string cross_step = number_text(scenario.cross_check_step) + " s";
    if (scenario.record_interval) {
      reader.fail(record["interval"], "record.interval",
                  number_text(interval) + " s is not a whole number of the cross-check's steps (cross_check.step = " +
                      cross_step + "); the rows of both methods are compared at the same times");
    }
    if (cross_check && cross_check["step"]) {
      reader.fail(cross_check["step"], "cross_check.step",
                  cross_step + " does not divide the interval between history rows, simulation.step = " +
                      number_text(scenario.step) + " s; use a step that does, or set record.interval");
    }
    reader.fail(step_node, "simulation.step",
                number_text(scenario.step) + " s is not a whole number of the cross-check's steps (cross_check.step = " +
                    cross_step + " by default); set cross_check.step or record.interval accordingly");
  }
  return scenario;
}

}  // namespace dyngen::elastic
