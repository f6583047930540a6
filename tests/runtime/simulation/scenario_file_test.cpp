// Scenario files: the bundled scenarios read with their values; overrides by dotted path (a nested
// value, a list item, an initial condition's value beside its distribution); every fault named with
// file:line:column, the field and what would be valid.
#include "simulation/scenario_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numbers>

#include <unistd.h>

namespace dyngen::simulation {
namespace {

const std::string kScenarios = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/";

// A minimal valid scenario; `replace` swaps one line's text for another to make a fault.
std::string minimal(const std::string& from = "", const std::string& to = "") {
  std::string text = R"yaml(type: docking
name: minimal
mechanism:
  model: MODELS/probe_cone_central.yaml
  aligned_axes: {x: [0, 1, 0], y: [0, 0, 1], z: [1, 0, 0]}
contact:
  geometry: MODELS/docking_units/probe_cone.yaml
  links:
    - {link: head, body: head, position: [0, 0, 0.06], axes: {x: [0, 0, 1], y: [1, 0, 0], z: [0, 1, 0]}}
active:
  mass: 7000
  inertia: {xx: 9.0e3, yy: 14.0e3, zz: 16.0e3}
  port: {position: [3.2, 0, 0], rpy_deg: [0, 0, 90]}
passive:
  mass: 20000
  inertia: {xx: 6.0e4, yy: 9.0e4, zz: 1.1e5}
  port: {position: [-5.0, 0, 0]}
drives:
  - {coordinate: probe, start: capture, delay: 0.3, speed: 0.05, gain: 2.0e4, stiffness: 1.0e5, max_force: 1500, end_position: 0.05}
initial:
  reference_point: head.sphere_centre
  axial_position: -0.05
  lateral_miss: {value: 0.05, distribution: "uniform(0, 0.15)"}
  closing_velocity: 0.2
stop: {duration: 2.0}
)yaml";
  const std::string models = std::string(DYNGEN_SOURCE_DIR) + "/models";
  for (auto at = text.find("MODELS"); at != std::string::npos; at = text.find("MODELS")) text.replace(at, 6, models);
  if (!from.empty()) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

// Writes `text` as a scenario file in a scratch folder.
std::string write_scenario(const std::string& text) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("test_scenario_" + std::to_string(::getpid()) + ".yaml")).string();
  std::ofstream(path) << text;
  return path;
}

struct Cleanup {
  std::string path;
  ~Cleanup() { std::filesystem::remove(path); }
};

// The message of the ScenarioError reading `text` throws, "" when it reads.
std::string error_of(const std::string& text, const std::vector<Override>& overrides = {}) {
  const std::string path = write_scenario(text);
  const Cleanup cleanup{path};
  try {
    load_scenario(path, overrides);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

TEST(ScenarioFile, BundledScenariosRead) {
  for (const char* name : {"probe_cone_nominal", "peripheral_nominal", "free_vibration"}) {
    const Scenario s = load_scenario(kScenarios + name + ".yaml");
    EXPECT_EQ(s.name, name);
    EXPECT_TRUE(std::filesystem::exists(s.model)) << s.model;
    EXPECT_TRUE(std::filesystem::exists(s.geometry)) << s.geometry;
    EXPECT_GT(s.stop.duration, 0.0);
  }
  const Scenario s = load_scenario(kScenarios + "probe_cone_nominal.yaml");
  EXPECT_EQ(s.links.size(), 3u);
  EXPECT_EQ(s.initial.at("lateral_miss").value, 0.05);
  EXPECT_EQ(s.initial.at("lateral_miss").distribution, "uniform(0, 0.15)");
  EXPECT_EQ(s.drives.at(0).coordinate.name, "probe");
  EXPECT_EQ(s.transmissions.at(0).model, Transmission::Model::piecewise_linear);
  // aligned: the base's z (the probe) along X_PU
  EXPECT_TRUE(s.aligned_axes.col(2).isApprox(Vec3::UnitX()));
  const Scenario v = load_scenario(kScenarios + "free_vibration.yaml");
  EXPECT_EQ(v.model_parameters.at("c_probe"), 0.0);
  EXPECT_EQ(v.initial_coordinates.at("housing.0"), 0.03);
}

TEST(ScenarioFile, RollPitchYawAndAxesGiveTheSameRotation) {
  const std::string path = write_scenario(minimal());
  const Cleanup cleanup{path};
  const Scenario s = load_scenario(path);
  // yaw 90 degrees: the port's x along the body's y
  EXPECT_TRUE(s.active.port_to_body.col(0).isApprox(Vec3::UnitY(), 1e-12));
  EXPECT_TRUE(s.links.at(0).rotation.col(0).isApprox(Vec3::UnitZ(), 1e-12));
}

TEST(ScenarioFile, OverridesReplaceNestedValuesListItemsAndInitialValues) {
  const std::string path = write_scenario(minimal());
  const Cleanup cleanup{path};
  const Scenario s = load_scenario(path, {parse_override("initial.lateral_miss=0.12"), parse_override("active.mass=8000"),
                                          parse_override("drives.0.gain=3e4"), parse_override("initial.closing_velocity=0.1")});
  EXPECT_EQ(s.initial.at("lateral_miss").value, 0.12);
  EXPECT_EQ(s.initial.at("lateral_miss").distribution, "uniform(0, 0.15)");  // kept for campaigns
  EXPECT_EQ(s.initial.at("closing_velocity").value, 0.1);
  EXPECT_EQ(s.active.mass, 8000.0);
  EXPECT_EQ(s.drives.at(0).gain, 3e4);
}

TEST(ScenarioFile, OverridesMakeFieldsTheFileLeavesOut) {
  const std::string path = write_scenario(minimal());
  const Cleanup cleanup{path};
  const Scenario s = load_scenario(path, {parse_override("stop.after_capture=0.5"), parse_override("integrator.step=2e-5"),
                                          parse_override("initial.angular_rate=0.01")});
  EXPECT_EQ(s.stop.after_capture, 0.5);
  EXPECT_EQ(s.integrator.step, 2e-5);
  EXPECT_EQ(s.initial.at("angular_rate").value, 0.01);
}

TEST(ScenarioFile, OverrideErrorsNameTheMissingKeyAndWhatIsThere) {
  EXPECT_THROW(parse_override("initial.lateral_miss"), ScenarioError);
  const std::string e = error_of(minimal(), {parse_override("initial.lateral_mis=0.1")});
  EXPECT_NE(e.find("(--set): initial, field 'lateral_mis': expected one of the keys:"), std::string::npos) << e;
  EXPECT_NE(e.find("lateral_miss"), std::string::npos) << e;
  const std::string list = error_of(minimal(), {parse_override("drives.3.gain=1")});
  EXPECT_NE(list.find("list items 0..0"), std::string::npos) << list;
  // an index beyond any size_t (was std::out_of_range from std::stoul; found by tests/fuzz/scenario_fuzz)
  const std::string huge = error_of(minimal(), {parse_override("drives.99999999999999999999999.gain=1")});
  EXPECT_NE(huge.find("has no '99999999999999999999999' (it has list items 0..0)"), std::string::npos) << huge;
  // an overridden value that is wrong is reported as the override's
  const std::string bad = error_of(minimal(), {parse_override("active.mass=-1")});
  EXPECT_NE(bad.find("(--set)"), std::string::npos) << bad;
  EXPECT_NE(bad.find("field 'mass': expected a positive number, got '-1'"), std::string::npos) << bad;
}

TEST(ScenarioFile, FaultsNameFileLineColumnFieldAndWhatIsValid) {
  struct Case {
    std::string from, to, expected;
  };
  const std::vector<Case> cases = {
      {"mass: 7000", "mass: heavy", ":11:9: active spacecraft, field 'mass': expected a finite number, got 'heavy'"},
      {"stop: {duration: 2.0}", "stop: {duration: 2.0, after: 1}",
       "stop, field 'after': expected one of the keys: after_capture, after_retraction, duration, separation"},
      {"type: docking", "type: berthing_arm", ":1:7: scenario, field 'type': expected docking, got 'berthing_arm'"},
      {"  aligned_axes: {x: [0, 1, 0], y: [0, 0, 1], z: [1, 0, 0]}", "  aligned_axes: {x: [0, 1, 0], y: [0, 1, 0], z: [1, 0, 0]}",
       "field 'aligned_axes': expected orthonormal right-handed axes"},
      {"start: capture, delay: 0.3", "start: time, delay: 0.3",
       "drive, field 'delay': expected no `delay` when the drive starts at a time (use `at`)"},
      {"  inertia: {xx: 9.0e3, yy: 14.0e3, zz: 16.0e3}", "  inertia: {xx: 1.0, yy: 1.0, zz: 16.0e3}",
       "field 'inertia': expected a positive definite inertia whose principal moments satisfy I1 + I2 >= I3"},
      {"  lateral_miss: {value: 0.05, distribution: \"uniform(0, 0.15)\"}", "  lateral_miss: {value: -0.05}",
       "initial, field 'lateral_miss': expected a non-negative distance (m)"},
      {"  reference_point: head.sphere_centre\n", "", "initial, field 'reference_point': expected this field (missing)"},
  };
  for (const Case& c : cases) {
    const std::string e = error_of(minimal(c.from, c.to));
    EXPECT_NE(e.find(c.expected), std::string::npos) << "expected: " << c.expected << "\ngot: " << e;
    EXPECT_NE(e.find("test_scenario_"), std::string::npos) << e;
  }
  // YAML syntax
  const std::string syntax = error_of("name: [unclosed\n");
  EXPECT_NE(syntax.find(":2:1: error:"), std::string::npos) << syntax;
}

// Found by tests/fuzz/scenario_fuzz: YAML allows a list or a mapping as a key; as<std::string>()
// of one threw YAML::TypedBadConversion past the reader.
TEST(ScenarioFile, KeysThatAreNoNamesAreFaults) {
  const std::string top = error_of(minimal("stop: {duration: 2.0}", "stop: {duration: 2.0}\n? [a, b]\n: 1"));
  EXPECT_NE(top.find(":26:3: scenario: expected one of the keys: active, contact,"), std::string::npos) << top;
  const std::string parameter = error_of(minimal("  aligned_axes:", "  parameters: {[m_probe]: 6}\n  aligned_axes:"));
  EXPECT_NE(parameter.find(":5:16: mechanism, field 'parameters': expected a name as each key of the mapping parameter -> value"), std::string::npos)
      << parameter;
  const std::string coordinate = error_of(minimal("  aligned_axes:", "  initial: {{probe: 0}: 0.1}\n  aligned_axes:"));
  EXPECT_NE(coordinate.find(":5:13: mechanism, field 'initial': expected a coordinate name as each key"), std::string::npos)
      << coordinate;
}

// Found by tests/fuzz/scenario_fuzz: a fault in an inertia's entries threw out of Eigen's comma
// initializer half-way, whose destructor then failed its assertion (an abort where assertions are on).
TEST(ScenarioFile, AnInertiaEntryThatIsNoNumberIsAFault) {
  const std::string e = error_of(minimal("yy: 14.0e3", "yy: 14.0eM-&3"));
  EXPECT_NE(e.find(":12:28: inertia, field 'yy': expected a finite number, got '14.0eM-&3'"), std::string::npos) << e;
}

}  // namespace
}  // namespace dyngen::simulation
