#include "campaign/worst_cases.hpp"

#include <algorithm>

namespace dyngen::campaign {

std::vector<RankedCase> worst_cases(const CaseTable& table, std::string_view column, std::size_t count, Worst worst) {
  std::vector<RankedCase> ranked;
  for (std::size_t row = 0; row < table.rows.size(); ++row)
    if (const auto value = table.number(row, column)) ranked.push_back({table.case_index(row), *value});
  std::stable_sort(ranked.begin(), ranked.end(), [worst](const RankedCase& a, const RankedCase& b) {
    return worst == Worst::largest ? a.value > b.value : a.value < b.value;
  });
  ranked.resize(std::min(count, ranked.size()));
  return ranked;
}

}  // namespace dyngen::campaign
