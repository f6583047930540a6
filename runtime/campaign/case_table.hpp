// The cases of a store in memory, ordered by case index: named columns and rows of values, what
// the statistics and the CSV export work on.
#pragma once

#include "campaign/case_result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dyngen::campaign {

struct CaseTable {
  std::vector<std::string> columns;       // case_index, inputs, status, diagnostic, results, wall_time_s
  std::vector<std::vector<Value>> rows;   // one per stored case, by increasing case_index

  // Position of `name` in columns; throws CampaignError naming it and listing the columns.
  std::size_t column_index(std::string_view name) const;
  // Case index of row r.
  std::uint64_t case_index(std::size_t row) const;
  // The numeric (integer or real) value of `name` in row r, or nullopt where NULL; throws
  // CampaignError on text.
  std::optional<double> number(std::size_t row, std::string_view name) const;
  // The non-NULL values of a numeric column, in case order; throws CampaignError on text.
  std::vector<double> numbers(std::string_view name) const;
};

}  // namespace dyngen::campaign
