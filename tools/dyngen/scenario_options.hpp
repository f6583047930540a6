// The command-line options that change a scenario, shared by `dyngen simulate` and `dyngen
// campaign` (whose report prints `dyngen simulate` commands with the campaign's options, so both
// must read them alike): --set key=value (scenario_file.hpp), and the shortcuts of a field:
// --integrator rk4|abm|rk45|cvode, --dt H (the step), --until T (the duration), --after-capture T
// (stop.after_capture), --kernels generated|numeric; an elastic-manipulator scenario takes --dt and
// --until (its simulation.step and simulation.duration); a berthing scenario has the docking fields
// (its integrator.method is rk4 only).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "commands.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::cli {

inline constexpr const char* kScenarioOptionsUsage =
    "[--set key=value ...] [--integrator rk4|abm|rk45|cvode] [--dt H] [--until T] [--after-capture T] "
    "[--kernels generated|numeric]";

class ScenarioOptions {
 public:
  // Takes args[i] (and its value) when it is one of these options: true and i moved past the value.
  // ScenarioError on a --set without '='.
  bool take(const Args& args, std::size_t& i);

  // Applies them to a scenario's YAML in the order given (ScenarioError naming a --set that does not
  // fit, or a shortcut that does not apply to the scenario's type).
  void apply(YAML::Node& root, const std::string& scenario_file) const;

  // The options as they were given (each option and its value), for a command line that repeats them.
  const std::vector<std::string>& words() const { return words_; }

 private:
  struct Option {
    bool shortcut = false;          // override.path is then the option, mapped to its field by scenario type
    simulation::Override override;  // --set path=value, or the shortcut and its value
  };
  std::vector<Option> options_;
  std::vector<std::string> words_;
};

}  // namespace dyngen::cli
