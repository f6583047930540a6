// The command line that reruns one case of a docking campaign alone, with its run directory and
// report: `dyngen simulate SCENARIO [the campaign's scenario options] --set initial.<key>=<value> ...`,
// the values as docking_campaign.hpp puts them into the scenario (shortest round-trip decimals),
// so the run is the case's, bit for bit.
#pragma once

#include <string>
#include <string_view>

#include "campaign/case_inputs.hpp"

namespace dyngen::simulation {

// One word for a POSIX shell: unchanged when it holds only characters no shell interprets
// (letters, digits, and - _ . / = : , + @ %), else in single quotes with each ' written '\''.
std::string shell_word(std::string_view word);

// `scenario_file` as given to the campaign (shell-quoted here), `scenario_options` the campaign's
// scenario options as shell words (empty when none).
std::string rerun_command(const std::string& scenario_file, const std::string& scenario_options,
                          const campaign::CaseInputs& inputs);

}  // namespace dyngen::simulation
