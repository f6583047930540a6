#include "campaign/run_case.hpp"

#include <chrono>
#include <exception>
#include <optional>
#include <string>

namespace dyngen::campaign {

namespace {

// The value as stored in a column of `type`, or nullopt when it does not fit.
std::optional<Value> fitted(const Value& value, ColumnType type) {
  if (std::holds_alternative<std::monostate>(value)) return value;
  switch (type) {
    case ColumnType::real:
      if (std::holds_alternative<std::int64_t>(value)) return static_cast<double>(std::get<std::int64_t>(value));
      if (std::holds_alternative<double>(value)) return value;
      break;
    case ColumnType::integer:
      if (std::holds_alternative<std::int64_t>(value)) return value;
      break;
    case ColumnType::text:
      if (std::holds_alternative<std::string>(value)) return value;
      break;
  }
  return std::nullopt;
}

// Fills record from result, noting in `problems` what does not fit the columns.
void take_values(const CaseResult& result, const std::vector<Column>& columns, CaseRecord& record,
                 std::string& problems) {
  std::vector<bool> seen(columns.size(), false);
  for (const auto& [name, value] : result.values) {
    std::size_t k = 0;
    while (k < columns.size() && columns[k].name != name) ++k;
    if (k == columns.size()) {
      problems += "; value for undeclared column \"" + name + "\"";
      continue;
    }
    if (seen[k]) {
      problems += "; column \"" + name + "\" set twice";
      continue;
    }
    seen[k] = true;
    if (auto stored = fitted(value, columns[k].type))
      record.values[k] = std::move(*stored);
    else
      problems += "; column \"" + name + "\" (" + std::string(column_type_name(columns[k].type)) +
                  ") given a value of another type";
  }
}

}  // namespace

CaseRecord run_case(const CaseFunction& run, const CaseInputs& inputs, const std::vector<Column>& columns) {
  CaseRecord record;
  record.case_index = inputs.case_index;
  record.values.assign(columns.size(), std::monostate{});
  const auto start = std::chrono::steady_clock::now();
  try {
    const CaseResult result = run(inputs);
    record.status = result.status;
    record.diagnostic = result.diagnostic;
    std::string problems;
    take_values(result, columns, record, problems);
    if (!problems.empty()) {
      record.status = CaseStatus::failed;
      record.diagnostic += (record.diagnostic.empty() ? "" : "; ") + std::string("result does not fit the columns") +
                           problems;
    }
  } catch (const std::exception& error) {
    record.status = CaseStatus::failed;
    record.diagnostic = std::string("case threw: ") + error.what();
  } catch (...) {
    record.status = CaseStatus::failed;
    record.diagnostic = "case threw an exception that is not a std::exception";
  }
  record.wall_time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return record;
}

}  // namespace dyngen::campaign
