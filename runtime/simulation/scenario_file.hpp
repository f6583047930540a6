// Scenario files (YAML, format in README.md) and the command line's overrides of their values.
// Every error names file:line:column, the field and what would be valid; nothing is returned for a
// bad file. Paths inside a scenario are relative to its folder.
#pragma once

#include <yaml-cpp/yaml.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "simulation/scenario.hpp"

namespace dyngen::simulation {

class ScenarioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `--set path=value`: a dotted path into the scenario (`initial.lateral_miss`, `active.mass`,
// `drives.0.gain`: list items by index) and the YAML text of the new value.
struct Override {
  std::string path;
  std::string value;
};

// "path=value" -> Override; ScenarioError when there is no '=' or the path is empty.
Override parse_override(const std::string& text);

// Sets the value at each override's path in `root`, making the fields the file leaves out (the
// reader then rejects a key that does not belong there, naming the keys that do); a list item must
// exist; an initial condition given as {value, distribution} gets its value replaced.
// ScenarioError names the override and what is missing.
void apply_overrides(YAML::Node& root, const std::vector<Override>& overrides, const std::string& source);

// The top-level `type` of a scenario text (`docking` when absent): which simulation reads it.
std::string scenario_type(const YAML::Node& root, const std::string& source);

// Loads a scenario file as YAML (ScenarioError with file:line:column on a syntax error).
YAML::Node load_scenario_yaml(const std::string& path);

// Same from text; `path` names it in messages.
YAML::Node parse_scenario_yaml(const std::string& text, const std::string& path);

// Reads a docking scenario from its YAML (overrides already applied); `path` is the file it came from.
Scenario read_scenario(const YAML::Node& root, const std::string& path);

// load_scenario_yaml, apply_overrides, read_scenario.
Scenario load_scenario(const std::string& path, const std::vector<Override>& overrides = {});

}  // namespace dyngen::simulation
