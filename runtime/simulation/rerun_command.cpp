#include "simulation/rerun_command.hpp"

#include <algorithm>
#include <cctype>

#include "simulation/docking_campaign.hpp"

namespace dyngen::simulation {

std::string shell_word(std::string_view word) {
  const auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
  };
  if (!word.empty() && std::all_of(word.begin(), word.end(), plain)) return std::string(word);
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string rerun_command(const std::string& scenario_file, const std::string& scenario_options,
                          const campaign::CaseInputs& inputs) {
  std::string command = "dyngen simulate " + shell_word(scenario_file);
  if (!scenario_options.empty()) command += " " + scenario_options;
  for (const Override& o : case_overrides(inputs)) command += " --set " + shell_word(o.path + "=" + o.value);
  return command;
}

}  // namespace dyngen::simulation
