#include "simulation/docking_campaign.hpp"

#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "campaign/campaign_error.hpp"
#include "campaign/sha256.hpp"
#include "contact/contact_error.hpp"
#include "simulation/docking_run.hpp"

namespace dyngen::simulation {

namespace {

using campaign::CaseResult;
using campaign::ColumnType;

// Initial conditions that are magnitudes, their directions given apart: read_scenario refuses a
// negative value, so a distribution must not reach one.
const std::set<std::string> kNonNegativeConditions = {"lateral_miss", "angular_misalignment"};

std::string shortest_decimal(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::string file_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioError(path + ": cannot read the file to fingerprint it for the campaign");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return campaign::sha256_hex(bytes.str());
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

// The run's outcome as the case's result columns (docking_result_columns()).
CaseResult case_result(const RunOutcome& run) {
  CaseResult result = run.stopped ? CaseResult::failure(run.message) : CaseResult();
  result.diagnostic = run.message;  // also why a run that ended was not captured
  // a stopped run's capture is unknown: left NULL, so the capture rate counts it apart
  if (!run.stopped) result.set("captured", run.captured);
  if (run.capture_time) result.set("capture_time", *run.capture_time);
  result.set("outcome", run.status);
  if (run.first_contact_time) result.set("first_contact_time", *run.first_contact_time);
  if (run.retraction_end_time) result.set("retraction_end_time", *run.retraction_end_time);
  result.set("latches_triggered", static_cast<std::int64_t>(run.latch_times.size()));
  result.set("contact_sequence", joined(run.contact_sequence));
  result.set("peak_active_force", run.peak_active_force).set("peak_active_moment", run.peak_active_moment);
  result.set("peak_passive_force", run.peak_passive_force).set("peak_passive_moment", run.peak_passive_moment);
  result.set("max_penetration", run.max_penetration);
  if (!run.max_penetration_pair.empty()) result.set("max_penetration_pair", run.max_penetration_pair);
  result.set("energy_balance_error", run.energy_balance_error)
      .set("energy_balance_error_joules", run.energy_balance_error_joules);
  result.set("end_time", run.end_time).set("steps", static_cast<std::int64_t>(run.steps));
  return result;
}

// A case whose docking could not start: the initial state did not close or already violates a
// limit of the model.
CaseResult not_started(const std::string& cause, const std::string& diagnostic) {
  return CaseResult::failure("initial state: " + diagnostic).set("outcome", "stopped: " + cause);
}

}  // namespace

const std::vector<campaign::Column>& docking_result_columns() {
  static const std::vector<campaign::Column> columns = {
      {"captured", ColumnType::integer},
      {"capture_time", ColumnType::real},
      {"outcome", ColumnType::text},
      {"first_contact_time", ColumnType::real},
      {"retraction_end_time", ColumnType::real},
      {"latches_triggered", ColumnType::integer},
      {"contact_sequence", ColumnType::text},
      {"peak_active_force", ColumnType::real},
      {"peak_active_moment", ColumnType::real},
      {"peak_passive_force", ColumnType::real},
      {"peak_passive_moment", ColumnType::real},
      {"max_penetration", ColumnType::real},
      {"max_penetration_pair", ColumnType::text},
      {"energy_balance_error", ColumnType::real},
      {"energy_balance_error_joules", ColumnType::real},
      {"end_time", ColumnType::real},
      {"steps", ColumnType::integer},
  };
  return columns;
}

std::string docking_column_unit(std::string_view column) {
  static const std::map<std::string, std::string, std::less<>> units = {
      {"initial.lateral_miss", "m"},
      {"initial.miss_direction", "rad"},
      {"initial.angular_misalignment", "rad"},
      {"initial.misalignment_direction", "rad"},
      {"initial.closing_velocity", "m/s"},
      {"initial.lateral_velocity", "m/s"},
      {"initial.lateral_velocity_direction", "rad"},
      {"initial.angular_rate", "rad/s"},
      {"initial.angular_rate_direction", "rad"},
      {"initial.axial_position", "m"},
      {"capture_time", "s"},
      {"first_contact_time", "s"},
      {"retraction_end_time", "s"},
      {"peak_active_force", "N"},
      {"peak_active_moment", "N m"},
      {"peak_passive_force", "N"},
      {"peak_passive_moment", "N m"},
      {"max_penetration", "m"},
      {"energy_balance_error_joules", "J"},
      {"end_time", "s"},
      {"wall_time_s", "s"},
  };
  const auto unit = units.find(column);
  return unit == units.end() ? std::string() : unit->second;
}

std::vector<campaign::VariedInput> varied_initial_conditions(const YAML::Node& root, const Scenario& scenario) {
  std::vector<campaign::VariedInput> inputs;
  for (const auto& entry : root["initial"]) {
    const std::string key = entry.first.as<std::string>();
    const auto condition = scenario.initial.find(key);
    if (condition == scenario.initial.end() || condition->second.distribution.empty()) continue;
    const InitialValue& initial = condition->second;
    const std::string path = "initial." + key;
    campaign::Distribution distribution = campaign::Distribution::fixed(0.0);
    try {
      distribution = campaign::Distribution::parse(initial.distribution);
    } catch (const campaign::CampaignError& e) {
      throw ScenarioError(initial.where + ": " + path + ".distribution: " + e.what() +
                          "; expected uniform(low, high), normal(mean, sigma), normal(mean, sigma, low, high) or "
                          "fixed(value)");
    }
    if (kNonNegativeConditions.contains(key) && distribution.low() < 0.0)
      throw ScenarioError(initial.where + ": " + path + ".distribution: " + initial.distribution +
                          " reaches negative values, and " + path +
                          " is a magnitude (its direction is given apart); bound it at 0, e.g. normal(0, 0.05, 0, 0.15)");
    inputs.push_back({path, distribution});
  }
  return inputs;
}

std::vector<Override> case_overrides(const campaign::CaseInputs& inputs) {
  std::vector<Override> overrides;
  for (const auto& [path, value] : inputs.values) overrides.push_back({path, shortest_decimal(value)});
  return overrides;
}

std::string campaign_scenario_text(const Scenario& scenario) {
  return scenario.text + "\n# files this scenario reads (SHA-256), part of the campaign's definition:\n" +
         "# mechanism.model " + file_sha256(scenario.model) + "\n" + "# contact.geometry " +
         file_sha256(scenario.geometry) + "\n";
}

YAML::Node parse_scenario_text(const std::string& text, const std::string& file) {
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw ScenarioError(file + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                        ": error: " + e.msg);
  }
}

DockingCases::DockingCases(std::string scenario_file, std::string scenario_text, std::function<void(YAML::Node&)> options,
                           const mechanism::Mechanism& mechanism, contact::UnitGeometry geometry)
    : file_(std::move(scenario_file)),
      text_(std::move(scenario_text)),
      options_(std::move(options)),
      mechanism_(mechanism.clone()),
      geometry_(std::move(geometry)) {}

Scenario DockingCases::scenario(const std::vector<Override>& overrides) const {
  YAML::Node root = parse_scenario_text(text_, file_);
  if (options_) options_(root);
  apply_overrides(root, overrides, file_);
  return read_scenario(root, file_);
}

CaseResult DockingCases::operator()(const campaign::CaseInputs& inputs) const {
  try {
    DockingSystem system(scenario(case_overrides(inputs)), mechanism_->clone(), geometry_);
    return case_result(run_docking(system, {}));
  } catch (const SimulationError& e) {
    return not_started(e.cause(), e.what());
  } catch (const contact::ContactError& e) {
    return not_started("contact", e.what());
  } catch (const ScenarioError& e) {
    return not_started("scenario", e.what());
  } catch (const std::invalid_argument& e) {
    return not_started("scenario", e.what());
  }
}

}  // namespace dyngen::simulation
