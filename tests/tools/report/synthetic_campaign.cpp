#include "synthetic_campaign.hpp"

#include <cmath>

#include "campaign/run_case.hpp"
#include "campaign/sampler.hpp"
#include "campaign/store.hpp"
#include "simulation/docking_campaign.hpp"

namespace dyngen::testing {
namespace {

const std::string kScenario = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/probe_cone_nominal.yaml";

campaign::CaseResult scripted_docking(const campaign::CaseInputs& inputs) {
  const double miss = inputs.at("initial.lateral_miss"), tilt = inputs.at("initial.angular_misalignment");
  const double speed = inputs.at("initial.closing_velocity"), rate = inputs.at("initial.angular_rate");
  const double force = 150.0 + 2500.0 * miss + 1200.0 * speed + 4000.0 * tilt;
  const double moment = 0.4 * force + 9000.0 * rate;
  campaign::CaseResult result;
  if (speed > 0.25 && miss > 0.11) {
    result = campaign::CaseResult::failure("t = 0.412 s: penetration limit: head/head_sphere - cone_2: penetration "
                                           "0.00513 m exceeds the limit 0.005 m");
    result.set("outcome", "stopped: penetration limit").set("end_time", 0.412).set("steps", std::int64_t{8240});
  } else {
    const bool captured = miss < 0.11 - 0.6 * tilt + 0.25 * (speed - 0.2);
    const double end = captured ? 1.8 + 4.0 * miss : 2.5;
    result.diagnostic = captured ? "" : "the units separated after contact without capture (surfaces touched: cone_2)";
    result.set("captured", captured).set("outcome", captured ? "captured" : "not captured");
    if (captured) result.set("capture_time", end - 0.2).set("latches_triggered", std::int64_t{4});
    result.set("end_time", end).set("steps", static_cast<std::int64_t>(std::lround(end / 5e-5)));
  }
  return result.set("first_contact_time", 0.05 / speed)
      .set("contact_sequence", "cone_2 edge_socket")
      .set("peak_active_force", force)
      .set("peak_active_moment", moment)
      .set("peak_passive_force", 0.93 * force)
      .set("peak_passive_moment", 0.8 * moment)
      .set("max_penetration", 0.0008 + 0.02 * miss * speed)
      .set("max_penetration_pair", "head_sphere-cone_2")
      .set("energy_balance_error", 1e-8 * (1.0 + 100.0 * miss))
      .set("energy_balance_error_joules", 1e-6 * (1.0 + 100.0 * miss));
}

}  // namespace

void write_synthetic_campaign(const std::filesystem::path& store, const SyntheticCampaignOptions& options) {
  const simulation::Scenario scenario = simulation::load_scenario(kScenario);
  campaign::CampaignSpec spec;
  spec.scenario = simulation::campaign_scenario_text(scenario);
  spec.seed = 2024;
  spec.case_count = options.cases;
  spec.design = campaign::Design::sobol;
  spec.inputs = simulation::varied_initial_conditions(simulation::load_scenario_yaml(kScenario), scenario);
  spec.result_columns = simulation::docking_result_columns();
  spec.provenance = {{"command", "dyngen campaign " + kScenario + " --cases " + std::to_string(options.cases) +
                                     " --seed 2024 --design sobol --db " + store.string() + " --after-capture 0.2"},
                     {"working_directory", "/home/engineer/docking"},
                     {"scenario_file", kScenario},
                     {"scenario_options", "--after-capture 0.2"}};
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(store.string() + suffix);
  campaign::Store written = campaign::Store::open_for_campaign(store, spec);
  const campaign::Sampler sampler(spec);
  for (std::uint64_t i = 0; i < options.stored; ++i)
    written.insert(sampler.inputs(i), campaign::run_case(scripted_docking, sampler.inputs(i), spec.result_columns));
}

}  // namespace dyngen::testing
