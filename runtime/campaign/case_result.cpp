#include "campaign/case_result.hpp"

#include "campaign/campaign_error.hpp"

namespace dyngen::campaign {

std::string_view column_type_name(ColumnType type) {
  switch (type) {
    case ColumnType::real:
      return "REAL";
    case ColumnType::integer:
      return "INTEGER";
    case ColumnType::text:
      return "TEXT";
  }
  return "UNKNOWN";
}

ColumnType parse_column_type(std::string_view name) {
  if (name == "REAL") return ColumnType::real;
  if (name == "INTEGER") return ColumnType::integer;
  if (name == "TEXT") return ColumnType::text;
  throw CampaignError("unknown column type \"" + std::string(name) + "\": expected REAL, INTEGER or TEXT");
}

std::string_view case_status_name(CaseStatus status) { return status == CaseStatus::ok ? "ok" : "failed"; }

CaseResult& CaseResult::set(std::string_view name, Value value) {
  for (auto& [existing, stored] : values)
    if (existing == name) {
      stored = std::move(value);
      return *this;
    }
  values.emplace_back(std::string(name), std::move(value));
  return *this;
}

CaseResult CaseResult::failure(std::string diagnostic) {
  CaseResult result;
  result.status = CaseStatus::failed;
  result.diagnostic = std::move(diagnostic);
  return result;
}

}  // namespace dyngen::campaign
