// Fuzz target of the scenario readers, in the order `dyngen simulate` reads a file: the YAML text,
// the command line's overrides, the scenario's type, then the docking reader
// (runtime/simulation/scenario_file.hpp) or the elastic-manipulator one
// (runtime/elastic/elastic_scenario.hpp). A line `#set path=value` of the input is applied as
// `--set path=value`: being a YAML comment, it leaves the text a scenario file, so bundled
// scenarios are seeds as they are. Each reader refuses a bad scenario or override with its own
// error type; anything else (another exception, a crash, a sanitizer report, a hang) is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "../generator/model/lsan_suppressions.hpp"  // linked through the simulation library
#include "elastic/elastic_scenario.hpp"
#include "simulation/scenario_file.hpp"

namespace {

// A file of the bundled scenarios' folder: the docking reader resolves the mechanism and geometry
// paths against it as for a bundled scenario. It opens neither (dyngen simulate loads them after
// reading, with the model and geometry readers, which have targets of their own).
const std::string kScenarioPath = DYNGEN_SOURCE_DIR "/models/scenarios/fuzz.yaml";

std::vector<dyngen::simulation::Override> overrides_in(const std::string& text) {
  std::vector<dyngen::simulation::Override> overrides;
  std::istringstream lines(text);
  const std::string marker = "#set ";
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(marker)) overrides.push_back(dyngen::simulation::parse_override(line.substr(marker.size())));
  return overrides;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace simulation = dyngen::simulation;
  namespace elastic = dyngen::elastic;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    YAML::Node root = simulation::parse_scenario_yaml(text, kScenarioPath);
    simulation::apply_overrides(root, overrides_in(text), kScenarioPath);
    const std::string type = simulation::scenario_type(root, kScenarioPath);
    if (type == "docking") {
      simulation::read_scenario(root, kScenarioPath);
    } else if (type == "elastic_manipulator") {
      const elastic::ElasticScenario scenario = elastic::read_elastic_scenario(root, kScenarioPath);
      // the first use of the settings by a run: the reader's limits must keep these counts in range
      elastic::total_steps(scenario);
      elastic::steps_per_row(scenario, scenario.cross_check);
    }
  } catch (const simulation::ScenarioError&) {
  } catch (const elastic::ElasticScenarioError&) {
  }
  return 0;
}
