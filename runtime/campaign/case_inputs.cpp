#include "campaign/case_inputs.hpp"

#include "campaign/campaign_error.hpp"

namespace dyngen::campaign {

double CaseInputs::at(std::string_view path) const {
  for (const auto& [name, value] : values)
    if (name == path) return value;
  std::string known;
  for (const auto& entry : values) known += (known.empty() ? "" : ", ") + entry.first;
  throw CampaignError("case " + std::to_string(case_index) + " has no input \"" + std::string(path) +
                      "\" (inputs: " + known + ")");
}

}  // namespace dyngen::campaign
