// Monte Carlo campaigns of dockings (S3; thesis 4.5): the campaign engine (runtime/campaign) wired
// to a docking scenario. The varied inputs are the scenario's initial conditions that carry a
// distribution, each a column named by its dotted path (`initial.lateral_miss`). Case i puts its
// sampled values into the scenario exactly as `--set initial.<key>=<value>` does (values written
// in their shortest round-trip form, so the scenario reads back the sampled double), runs the
// docking without a run directory and returns the outcome, loads, penetration, energy balance,
// end time and steps as result columns. So `dyngen simulate SCENARIO --set ...` with the same
// values reruns one case alone (rerun_command.hpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "campaign/campaign_spec.hpp"
#include "campaign/case_inputs.hpp"
#include "campaign/case_result.hpp"
#include "contact/unit_geometry.hpp"
#include "mechanism/mechanism.hpp"
#include "simulation/scenario.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::simulation {

// The result columns of a docking case, in the store's order (their meaning and units:
// runtime/campaign/README.md, "Docking campaigns").
const std::vector<campaign::Column>& docking_result_columns();

// The unit of a docking campaign's column: an input (`initial.lateral_miss`: "m") or a result
// (`peak_active_moment`: "N m"); empty for flags, counts, text and ratios.
std::string docking_column_unit(std::string_view column);

// initial.<key> = distribution for every initial condition of the scenario that has one, in the
// order its file lists them. ScenarioError at the condition's file:line:column when a
// distribution does not parse or reaches values the condition cannot take (a negative lateral
// miss or angular misalignment).
std::vector<campaign::VariedInput> varied_initial_conditions(const YAML::Node& root, const Scenario& scenario);

// `path=value` for every input of the case, the value in its shortest round-trip decimal form.
std::vector<Override> case_overrides(const campaign::CaseInputs& inputs);

// The scenario text a campaign stores and hashes: the scenario as its cases read it (the
// campaign's options applied) followed by YAML comments with the SHA-256 of the files it reads
// (mechanism model, contact geometry), so a store is not resumed over a changed model either.
std::string campaign_scenario_text(const Scenario& scenario);

// A scenario file's YAML from its text; ScenarioError with file:line:column on a syntax error.
YAML::Node parse_scenario_text(const std::string& text, const std::string& file);

// The docking cases of a campaign, callable from several threads at once (a campaign::CaseFunction).
// Each case builds its own scenario (the file's text as read at the start, the campaign's options,
// the case's overrides), its own clone of the mechanism and its own DockingSystem, and runs it to
// the scenario's stop conditions. A run stopped by a diagnostic, or an initial state that cannot
// be built (a loop that does not close at the sampled misalignment), is a failed case with the
// diagnostic and the values reached; the campaign goes on.
class DockingCases {
 public:
  // `options` applies the campaign's command-line options to a freshly parsed scenario.
  DockingCases(std::string scenario_file, std::string scenario_text, std::function<void(YAML::Node&)> options,
               const mechanism::Mechanism& mechanism, contact::UnitGeometry geometry);

  // The scenario of one case (the nominal one for no overrides).
  Scenario scenario(const std::vector<Override>& overrides) const;

  campaign::CaseResult operator()(const campaign::CaseInputs& inputs) const;

 private:
  std::string file_, text_;
  std::function<void(YAML::Node&)> options_;
  std::shared_ptr<const mechanism::Mechanism> mechanism_;
  contact::UnitGeometry geometry_;
};

}  // namespace dyngen::simulation
