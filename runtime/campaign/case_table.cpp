#include "campaign/case_table.hpp"

#include "campaign/campaign_error.hpp"

namespace dyngen::campaign {

std::size_t CaseTable::column_index(std::string_view name) const {
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name) return k;
  std::string known;
  for (const auto& column : columns) known += (known.empty() ? "" : ", ") + column;
  throw CampaignError("the cases have no column \"" + std::string(name) + "\" (columns: " + known + ")");
}

std::uint64_t CaseTable::case_index(std::size_t row) const {
  return static_cast<std::uint64_t>(std::get<std::int64_t>(rows.at(row).at(column_index("case_index"))));
}

std::optional<double> CaseTable::number(std::size_t row, std::string_view name) const {
  const Value& value = rows.at(row).at(column_index(name));
  if (const auto* real = std::get_if<double>(&value)) return *real;
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return static_cast<double>(*integer);
  if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
  throw CampaignError("column \"" + std::string(name) + "\" holds text (case " + std::to_string(case_index(row)) +
                      "), not numbers");
}

std::vector<double> CaseTable::numbers(std::string_view name) const {
  std::vector<double> values;
  for (std::size_t row = 0; row < rows.size(); ++row)
    if (const auto value = number(row, name)) values.push_back(*value);
  return values;
}

}  // namespace dyngen::campaign
