// What a case function receives: the case's index and the value of every input of the campaign,
// by dotted path.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dyngen::campaign {

struct CaseInputs {
  std::uint64_t case_index = 0;
  // (path, value) for every input of the campaign, fixed ones included, in the campaign's order.
  std::vector<std::pair<std::string, double>> values;

  // The value of `path`; throws CampaignError naming the path and the paths there are.
  double at(std::string_view path) const;
};

}  // namespace dyngen::campaign
