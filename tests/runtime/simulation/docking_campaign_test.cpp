// Docking campaigns' wiring on the bundled probe-cone scenario: the varied inputs are exactly the
// initial conditions the file gives a distribution (read here from the text by a regular
// expression), in its order; bad distributions are named at their line; a case's scenario holds
// the sampled doubles bit for bit; a case equals the docking assembled independently from the
// scenario file with the same overrides, also when cases run on two threads at once; an initial
// state that cannot start is a failed case; the stored scenario text carries the fingerprints
// `sha256sum` gives for the files it reads. The numeric mechanism and runs of a few hundred steps
// keep it fast (the head starts at 0.25 m, touching the cone at 0.035 s).
#include "simulation/docking_campaign.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "campaign/sampler.hpp"
#include "contact/geometry_file.hpp"
#include "generator/model/loader.hpp"
#include "mechanism/numeric_mechanism.hpp"
#include "simulation/docking_run.hpp"

namespace dyngen::simulation {
namespace {

namespace fs = std::filesystem;

const std::string kScenario = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/probe_cone_nominal.yaml";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The head 0.25 m into the cone (first contact at 0.035 s), runs of `duration` seconds.
std::vector<Override> short_run(double duration) {
  return {{"initial.axial_position", "0.25"}, {"stop.duration", std::to_string(duration)}};
}

std::function<void(YAML::Node&)> applying(std::vector<Override> overrides) {
  return [overrides](YAML::Node& root) { apply_overrides(root, overrides, kScenario); };
}

std::unique_ptr<mechanism::Mechanism> numeric_mechanism(const Scenario& scenario) {
  return std::make_unique<mechanism::NumericMechanism>(load_model(scenario.model, scenario.model_parameters));
}

DockingCases docking_cases(double duration) {
  const Scenario nominal = load_scenario(kScenario, short_run(duration));
  return DockingCases(kScenario, read_text(kScenario), applying(short_run(duration)), *numeric_mechanism(nominal),
                      contact::load_unit_geometry(nominal.geometry));
}

// The case's inputs: every varied input at its nominal value but those given.
campaign::CaseInputs inputs_with(const std::map<std::string, double>& values) {
  const Scenario nominal = load_scenario(kScenario);
  campaign::CaseInputs inputs;
  inputs.case_index = 7;
  for (const auto& input : varied_initial_conditions(load_scenario_yaml(kScenario), nominal)) {
    const auto given = values.find(input.path);
    inputs.values.emplace_back(input.path, given != values.end() ? given->second
                                                                  : nominal.initial.at(input.path.substr(8)).value);
  }
  return inputs;
}

const campaign::Value* value_of(const campaign::CaseResult& result, const std::string& column) {
  for (const auto& [name, value] : result.values)
    if (name == column) return &value;
  return nullptr;
}

TEST(DockingCampaign, VariedInputsAreTheInitialConditionsWithADistributionInFileOrder) {
  const std::string text = read_text(kScenario);
  std::vector<std::string> expected;
  const std::regex line(R"re(\n  (\w+): \{value: [^,]+, distribution: "([^"]+)"\})re");
  for (auto m = std::sregex_iterator(text.begin(), text.end(), line); m != std::sregex_iterator(); ++m)
    expected.push_back("initial." + (*m)[1].str() + " = " + campaign::Distribution::parse((*m)[2].str()).text());
  ASSERT_EQ(expected.size(), 9u);  // axial_position has no distribution

  const auto inputs = varied_initial_conditions(load_scenario_yaml(kScenario), load_scenario(kScenario));
  std::vector<std::string> found;
  for (const auto& input : inputs) found.push_back(input.path + " = " + input.distribution.text());
  EXPECT_EQ(found, expected);
  EXPECT_EQ(inputs[0].path, "initial.lateral_miss");
  EXPECT_EQ(inputs[0].distribution, campaign::Distribution::uniform(0.0, 0.15));
  EXPECT_EQ(inputs[4].distribution, campaign::Distribution::normal(0.2, 0.03, 0.1, 0.3));
}

// The error for the scenario file with `from` replaced by `to`, and the line `from` was on.
std::pair<std::string, int> error_with(const std::string& from, const std::string& to) {
  const fs::path copy = fs::temp_directory_path() / ("dyngen_docking_campaign_" + std::to_string(::getpid()) + ".yaml");
  std::string text = read_text(kScenario);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  text.replace(at, from.size(), to);
  std::ofstream(copy) << text;
  std::string message = "accepted";
  try {
    const YAML::Node root = load_scenario_yaml(copy.string());
    varied_initial_conditions(root, read_scenario(root, copy.string()));
  } catch (const ScenarioError& e) {
    message = e.what();
  }
  fs::remove(copy);
  return {std::regex_replace(message, std::regex("^[^:]*/dyngen_docking_campaign_[0-9]+\\.yaml"), "FILE"), line};
}

TEST(DockingCampaign, BadDistributionsAreNamedAtTheirLine) {
  const auto [reversed, line] = error_with("\"uniform(0, 0.07)\"", "\"uniform(0.07, 0)\"");
  EXPECT_TRUE(std::regex_search(reversed, std::regex("^FILE:" + std::to_string(line) + ":[0-9]+: initial\\.angular_misalignment"
                                                     "\\.distribution: distribution \"uniform\\(0\\.07, 0\\)\"")))
      << reversed;
  EXPECT_NE(reversed.find("expected uniform(low, high), normal(mean, sigma)"), std::string::npos) << reversed;

  const auto [unknown, unknown_line] = error_with("\"uniform(0, 0.04)\"", "\"gauss(0, 0.04)\"");
  EXPECT_TRUE(std::regex_search(unknown, std::regex("^FILE:" + std::to_string(unknown_line) +
                                                    ":[0-9]+: initial\\.lateral_velocity\\.distribution")))
      << unknown;

  // a magnitude whose distribution reaches below zero would fail in its cases: refused at once
  const auto [negative, negative_line] = error_with("\"uniform(0, 0.15)\"", "\"normal(0.05, 0.05)\"");
  EXPECT_TRUE(std::regex_search(negative, std::regex("^FILE:" + std::to_string(negative_line) +
                                                     ":[0-9]+: initial\\.lateral_miss\\.distribution: normal\\(0\\.05, "
                                                     "0\\.05\\) reaches negative values")))
      << negative;
  EXPECT_EQ(error_with("\"uniform(0, 0.15)\"", "\"normal(0.05, 0.05, 0, 0.15)\"").first, "accepted");
}

TEST(DockingCampaign, ACaseScenarioHoldsTheSampledDoublesBitForBit) {
  const DockingCases cases = docking_cases(0.001);
  const std::map<std::string, double> awkward = {{"initial.lateral_miss", 0.1 + 0.2},
                                                 {"initial.miss_direction", 2.0 * std::acos(-1.0) / 3.0},
                                                 {"initial.angular_misalignment", 1e-300},
                                                 {"initial.closing_velocity", std::nextafter(0.2, 1.0)},
                                                 {"initial.angular_rate_direction", -2.5e-7}};
  const campaign::CaseInputs inputs = inputs_with(awkward);
  const Scenario scenario = cases.scenario(case_overrides(inputs));
  for (const auto& [path, value] : inputs.values) EXPECT_EQ(scenario.initial.at(path.substr(8)).value, value) << path;
  EXPECT_EQ(scenario.initial.at("axial_position").value, 0.25);  // the campaign's own option
}

// The same docking assembled from the scenario file, independently of DockingCases.
RunOutcome direct_run(const campaign::CaseInputs& inputs, double duration) {
  std::vector<Override> overrides = short_run(duration);
  for (const auto& [path, value] : inputs.values) {
    std::ostringstream text;
    text.precision(17);
    text << value;
    overrides.push_back({path, text.str()});
  }
  const Scenario scenario = load_scenario(kScenario, overrides);
  DockingSystem system(scenario, numeric_mechanism(scenario), contact::load_unit_geometry(scenario.geometry));
  return run_docking(system, {});
}

TEST(DockingCampaign, ACaseIsTheDockingOfItsScenario) {
  const DockingCases cases = docking_cases(0.04);
  const campaign::CaseInputs inputs = inputs_with({{"initial.lateral_miss", 0.05}});
  const campaign::CaseResult result = cases(inputs);
  const RunOutcome run = direct_run(inputs, 0.04);
  ASSERT_EQ(result.status, campaign::CaseStatus::ok) << result.diagnostic;
  ASSERT_TRUE(run.first_contact_time.has_value());
  EXPECT_EQ(*value_of(result, "outcome"), campaign::Value(run.status));
  EXPECT_EQ(*value_of(result, "captured"), campaign::Value(std::int64_t{run.captured}));
  EXPECT_EQ(*value_of(result, "first_contact_time"), campaign::Value(*run.first_contact_time));
  EXPECT_EQ(*value_of(result, "contact_sequence"), campaign::Value(std::string("cone_2")));
  EXPECT_EQ(*value_of(result, "peak_active_force"), campaign::Value(run.peak_active_force));
  EXPECT_GT(run.peak_active_force, 10.0);
  EXPECT_EQ(*value_of(result, "peak_passive_moment"), campaign::Value(run.peak_passive_moment));
  EXPECT_EQ(*value_of(result, "max_penetration"), campaign::Value(run.max_penetration));
  EXPECT_EQ(*value_of(result, "max_penetration_pair"), campaign::Value(run.max_penetration_pair));
  EXPECT_EQ(*value_of(result, "energy_balance_error"), campaign::Value(run.energy_balance_error));
  EXPECT_EQ(*value_of(result, "end_time"), campaign::Value(0.04));
  EXPECT_EQ(*value_of(result, "steps"), campaign::Value(std::int64_t{run.steps}));
  EXPECT_EQ(value_of(result, "capture_time"), nullptr);
  EXPECT_EQ(result.diagnostic, run.message);  // why it was not captured
}

TEST(DockingCampaign, CasesOnTwoThreadsAtOnceEqualTheSameCasesInTurn) {
  const DockingCases cases = docking_cases(0.04);
  const campaign::CaseInputs first = inputs_with({{"initial.lateral_miss", 0.05}});
  const campaign::CaseInputs second = inputs_with({{"initial.lateral_miss", 0.06}, {"initial.closing_velocity", 0.25}});
  const campaign::CaseResult alone_first = cases(first), alone_second = cases(second);
  campaign::CaseResult together_first, together_second;
  {
    std::jthread a([&] { together_first = cases(first); });
    std::jthread b([&] { together_second = cases(second); });
  }
  EXPECT_EQ(together_first.values, alone_first.values);
  EXPECT_EQ(together_second.values, alone_second.values);
  EXPECT_NE(alone_first.values, alone_second.values);
}

TEST(DockingCampaign, AnInitialStateThatCannotStartIsAFailedCase) {
  // 12 cm off the axis with the head 0.25 m in: the head starts inside the cone's wall
  const campaign::CaseResult result = docking_cases(0.01)(inputs_with({{"initial.lateral_miss", 0.12}}));
  EXPECT_EQ(result.status, campaign::CaseStatus::failed);
  EXPECT_TRUE(std::regex_search(result.diagnostic, std::regex("^initial state: contact error at t = 0 s, .*penetration")))
      << result.diagnostic;
  EXPECT_EQ(*value_of(result, "outcome"), campaign::Value(std::string("stopped: contact")));
  EXPECT_EQ(value_of(result, "captured"), nullptr);  // unknown, not "not captured"
}

std::string sha256sum(const std::string& path) {
  FILE* pipe = ::popen(("sha256sum '" + path + "'").c_str(), "r");
  char digest[65] = {};
  EXPECT_EQ(std::fread(digest, 1, 64, pipe), 64u);
  ::pclose(pipe);
  return digest;
}

TEST(DockingCampaign, TheStoredScenarioCarriesTheFingerprintsOfTheFilesItReads) {
  const Scenario scenario = load_scenario(kScenario, short_run(0.01));
  const std::string text = campaign_scenario_text(scenario);
  EXPECT_TRUE(text.starts_with(scenario.text));
  EXPECT_NE(text.find("\n# mechanism.model " + sha256sum(scenario.model) + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n# contact.geometry " + sha256sum(scenario.geometry) + "\n"), std::string::npos) << text;
  // still a scenario: the fingerprints are comments
  EXPECT_EQ(read_scenario(YAML::Load(text), kScenario).text, scenario.text);
  EXPECT_NE(campaign_scenario_text(load_scenario(kScenario, short_run(0.02))), text);
}

}  // namespace
}  // namespace dyngen::simulation
