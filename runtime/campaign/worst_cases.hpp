// The worst cases of a campaign by one column (highest peak load, deepest penetration, longest
// capture time): the cases a designer replays.
#pragma once

#include "campaign/case_table.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace dyngen::campaign {

enum class Worst { largest, smallest };

struct RankedCase {
  std::uint64_t case_index;
  double value;
};

// Up to `count` cases with the largest (or smallest) value of a numeric column, worst first; ties
// in the order of case index; cases where the column is NULL are left out.
std::vector<RankedCase> worst_cases(const CaseTable& table, std::string_view column, std::size_t count,
                                    Worst worst = Worst::largest);

}  // namespace dyngen::campaign
