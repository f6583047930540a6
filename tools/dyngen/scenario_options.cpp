#include "scenario_options.hpp"

#include <algorithm>
#include <array>

namespace dyngen::cli {
namespace {

// A shortcut and the field it sets in a docking (and berthing) scenario and in an elastic-manipulator
// one ("": none).
struct Shortcut {
  const char* option;
  const char* docking;
  const char* elastic;
};

constexpr std::array<Shortcut, 5> kShortcuts = {{{"--integrator", "integrator.method", ""},
                                                 {"--dt", "integrator.step", "simulation.step"},
                                                 {"--until", "stop.duration", "simulation.duration"},
                                                 {"--after-capture", "stop.after_capture", ""},
                                                 {"--kernels", "mechanism.kernels", ""}}};

}  // namespace

bool ScenarioOptions::take(const Args& args, std::size_t& i) {
  if (i + 1 >= args.size()) return false;
  const std::string& option = args[i];
  if (option == "--set") {
    options_.push_back({false, simulation::parse_override(args[i + 1])});
  } else {
    const auto* shortcut = std::find_if(kShortcuts.begin(), kShortcuts.end(),
                                        [&](const Shortcut& s) { return option == s.option; });
    if (shortcut == kShortcuts.end()) return false;
    options_.push_back({true, {option, args[i + 1]}});
  }
  words_.push_back(option);
  words_.push_back(args[i + 1]);
  ++i;
  return true;
}

void ScenarioOptions::apply(YAML::Node& root, const std::string& scenario_file) const {
  const std::string type = simulation::scenario_type(root, scenario_file);
  for (const Option& option : options_) {
    simulation::Override o = option.override;
    if (option.shortcut) {
      const auto* s = std::find_if(kShortcuts.begin(), kShortcuts.end(),
                                   [&](const Shortcut& k) { return o.path == k.option; });
      const std::string field = type == "elastic_manipulator" ? s->elastic : s->docking;
      if (field.empty()) throw simulation::ScenarioError(o.path + " does not apply to " + type + " scenarios");
      o.path = field;
    }
    simulation::apply_overrides(root, {o}, scenario_file);
  }
}

}  // namespace dyngen::cli
