// The scenario reader: the bundled scenario is the seed's example (the defaults); `type` alone gives
// the defaults; each fault stops the reading with "file:line:column: error: field: message" and,
// since the run starts only after the whole file is read, writes nothing.
#include "elastic/elastic_scenario.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace dyngen::elastic {
namespace {

const std::string bundled = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/elastic_two_link.yaml";

// the message of the fault in `text` (read as the file "scenario.yaml"), after checking that the read
// and run of `dyngen simulate` would have written nothing
std::string fault(const std::string& text) {
  const std::filesystem::path out = std::filesystem::path(DYNGEN_BINARY_DIR) / "elastic_scenario_reader_test_run";
  std::filesystem::remove_all(out);
  try {
    const ElasticScenario scenario = read_elastic_scenario(YAML::Load(text), "scenario.yaml");
    run_elastic_scenario(scenario, out);
  } catch (const ElasticScenarioError& error) {
    EXPECT_FALSE(std::filesystem::exists(out)) << text;
    return error.what();
  }
  ADD_FAILURE() << "no fault found in\n" << text;
  return {};
}

void expect_seed_example(const ElasticScenario& s) {
  const ElasticScenario defaults;
  EXPECT_EQ(s.links, 2);
  EXPECT_EQ(s.inertia_parameter, 3.049e-5);
  EXPECT_EQ(s.section_ratio, 3.066e-1);
  EXPECT_EQ(s.tip_mass, 8.11e-1);
  EXPECT_EQ(s.gradient_parameter, 3.666e-7);
  EXPECT_TRUE(s.axial_force_stiffening);
  ASSERT_EQ(s.torques.size(), 2u);
  for (const TorqueLaw& law : s.torques) {
    EXPECT_EQ(law.kind, TorqueLaw::Kind::one_minus_cos);
    EXPECT_EQ(law.amplitude, 6.179e-5);
    EXPECT_EQ(law.frequency, 6.0);
  }
  EXPECT_EQ(s.initial_hinge_angles, std::vector<double>({0.0, 0.0}));
  EXPECT_EQ(s.method, ElasticMethod::transfer_matrix);
  EXPECT_EQ(s.duration, 4.2);
  EXPECT_EQ(s.step, 2.5e-3);
  EXPECT_EQ(s.segments, 100);
  EXPECT_EQ(s.axial_force, AxialForceLevel::previous);
  EXPECT_EQ(s.elements, defaults.elements);
  EXPECT_EQ(s.deflection_transport, defaults.deflection_transport);
  EXPECT_EQ(s.cross_check_step, defaults.cross_check_step);
}

TEST(ElasticScenarioReader, BundledScenarioIsTheSeedsExample) {
  const ElasticScenario s = read_elastic_scenario(YAML::LoadFile(bundled), bundled);
  expect_seed_example(s);
  EXPECT_TRUE(s.cross_check);
  EXPECT_EQ(s.record_interval, 2.5e-3);
  EXPECT_EQ(s.file, bundled);
  EXPECT_NEAR(time_scale(s), 9.9722e-3, 1e-7);
  EXPECT_NEAR(scenario_manipulator(s).gradient_load, 1.1957e-6, 1e-10);
  EXPECT_EQ(total_steps(s), 1680);
  EXPECT_EQ(steps_per_row(s, false), 1);
  EXPECT_EQ(steps_per_row(s, true), 10);
}

TEST(ElasticScenarioReader, TypeAloneGivesTheDefaults) {
  const ElasticScenario s = read_elastic_scenario(YAML::Load("type: elastic_manipulator\n"), "scenario.yaml");
  expect_seed_example(s);
  EXPECT_FALSE(s.cross_check);
  EXPECT_FALSE(s.record_interval.has_value());
}

TEST(ElasticScenarioReader, TorqueLawsOnePerHingeAndTables) {
  const ElasticScenario s = read_elastic_scenario(YAML::Load(R"(type: elastic_manipulator
manipulator: {links: 3}
torques:
  - {law: sine, amplitude: 2.0e-5, frequency: 3.0}
  - {law: table, points: [[0, 0], [1, 1.0e-4], [2, -1.0e-4]]}
  - {amplitude: 0}
initial: {hinge_angles: [0.1, -0.2, 0.3]}
)"),
                                                      "scenario.yaml");
  ASSERT_EQ(s.torques.size(), 3u);
  EXPECT_DOUBLE_EQ(s.torques[0](0.5), 2.0e-5 * std::sin(1.5));
  EXPECT_DOUBLE_EQ(s.torques[1](0.25), 0.25e-4);
  EXPECT_DOUBLE_EQ(s.torques[1](1.5), 0.0);
  EXPECT_DOUBLE_EQ(s.torques[1](7.0), -1.0e-4);  // held after the last point
  EXPECT_EQ(s.torques[2](1.0), 0.0);
  EXPECT_EQ(s.initial_hinge_angles, std::vector<double>({0.1, -0.2, 0.3}));
  const Manipulator manipulator = scenario_manipulator(s);
  EXPECT_DOUBLE_EQ(manipulator.torque(1, 0.5), 0.5e-4);
}

TEST(ElasticScenarioReader, FaultsNameFileLineColumnFieldAndWhatIsValid) {
  EXPECT_EQ(fault("description: x\n"),
            "scenario.yaml:1:1: error: type: missing: a scenario of this kind starts with type: elastic_manipulator");
  EXPECT_EQ(fault("type: docking\n"),
            "scenario.yaml:1:7: error: type: expected one of elastic_manipulator, got 'docking'");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulaton: {step: 1}\n"),
            "scenario.yaml:2:1: error: simulaton: unknown key 'simulaton'; valid keys here: type, description, "
            "manipulator, torques, initial, simulation, transfer_matrix, finite_element, cross_check, record");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation:\n  step: -1\n"),
            "scenario.yaml:3:9: error: simulation.step: expected a number > 0 (s), got '-1'");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation: {method: houbolt}\n"),
            "scenario.yaml:2:22: error: simulation.method: expected one of transfer_matrix, finite_element, got 'houbolt'");
  EXPECT_EQ(fault("type: elastic_manipulator\nmanipulator: {links: 0}\n"),
            "scenario.yaml:2:22: error: manipulator.links: expected an integer in 1..50, got '0'");
  EXPECT_EQ(fault("type: elastic_manipulator\nmanipulator: {tip_mass: [1]}\n"),
            "scenario.yaml:2:25: error: manipulator.tip_mass: expected a number >= 0 (m / (rho l F)), got a list");
  EXPECT_EQ(fault("type: elastic_manipulator\nmanipulator: {axial_force_stiffening: maybe}\n"),
            "scenario.yaml:2:39: error: manipulator.axial_force_stiffening: expected true or false, got 'maybe'");
  EXPECT_EQ(fault("type: elastic_manipulator\ntorques:\n  - {law: sine}\n"),
            "scenario.yaml:3:3: error: torques: expected one torque law per hinge (2, manipulator.links), got 1");
  EXPECT_EQ(fault("type: elastic_manipulator\ntorques: {law: one_minus_cos, amplitude: 1e-5, period: 2}\n"),
            "scenario.yaml:2:48: error: torques.period: unknown key 'period'; valid keys here: law, amplitude, "
            "frequency, points");
  EXPECT_EQ(fault("type: elastic_manipulator\ntorques: {law: table, points: [[0, 1.0e-5], [1, 0]]}\n"),
            "scenario.yaml:2:32: error: torques.points[0]: the table starts at [0, 0]: the run starts from rest in "
            "equilibrium");
  EXPECT_EQ(fault("type: elastic_manipulator\ntorques: {law: table, points: [[0, 0], [1, 1e-5], [1, 0]]}\n"),
            "scenario.yaml:2:52: error: torques.points[2][0]: expected a time after the previous point's 1 s, got '1'");
  EXPECT_EQ(fault("type: elastic_manipulator\ntorques: {law: table, amplitude: 1}\n"),
            "scenario.yaml:2:34: error: torques.amplitude: not a key of law: table (its keys: law, points)");
  EXPECT_EQ(fault("type: elastic_manipulator\ninitial: {hinge_angles: [0.1]}\n"),
            "scenario.yaml:2:25: error: initial.hinge_angles: expected a list of 2 angles in rad (one per hinge), got a list");
  EXPECT_EQ(fault("type: elastic_manipulator\ntransfer_matrix: {segments: 101}\n"),
            "scenario.yaml:2:29: error: transfer_matrix.segments: expected an even integer in 2..100000 (the energies "
            "integrate by Simpson's rule), got '101'");
  EXPECT_EQ(fault("type: elastic_manipulator\ntransfer_matrix: {axial_force: current}\n"),
            "scenario.yaml:2:32: error: transfer_matrix.axial_force: expected one of previous_level, extrapolated, got "
            "'current'");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation: {step: 1.0e-5}\n"),
            "scenario.yaml:2:20: error: simulation.step: a transfer_matrix step of 1e-05 s is below 1.33297e-05 s = "
            "1.34e-3 T (T = 0.00997224 s), where the initial-parameter method would lose more than 10 digits; use a "
            "larger step");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation: {step: 0.003}\ncross_check: {enabled: true, step: 0.0007}\n"),
            "scenario.yaml:3:36: error: cross_check.step: 0.0007 s does not divide the interval between history rows, "
            "simulation.step = 0.003 s; use a step that does, or set record.interval");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation: {step: 0.001}\nrecord: {interval: 0.0025}\n"),
            "scenario.yaml:3:20: error: record.interval: expected a whole number of steps (simulation.step = 0.001 s), "
            "got '0.0025'");
  EXPECT_EQ(fault("type: elastic_manipulator\nsimulation: {duration: 1.0e+6, step: 1.0e-3}\n"),
            "scenario.yaml:2:24: error: simulation.duration: the run would take more than 1e8 steps (1e+06 s in steps "
            "of 0.001 s); shorten it or take a longer step");
}

TEST(ElasticScenarioReader, ValueSetOnTheCommandLineIsNamedWithoutAPosition) {
  // `dyngen simulate --set simulation.step=abc` adds a node that has no place in the file
  YAML::Node root = YAML::Load("type: elastic_manipulator\nsimulation: {duration: 1}\n");
  root["simulation"]["step"] = "abc";
  try {
    read_elastic_scenario(root, "scenario.yaml");
    FAIL() << "no fault";
  } catch (const ElasticScenarioError& error) {
    EXPECT_EQ(std::string(error.what()), "scenario.yaml: error: simulation.step: expected a number > 0 (s), got 'abc'");
  }
}

}  // namespace
}  // namespace dyngen::elastic
