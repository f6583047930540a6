// What a case function returns and what the store keeps of it: a status, a diagnostic and a generic
// list of named values, so a simulation adds an output by declaring one more column.
#pragma once

#include "campaign/case_inputs.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace dyngen::campaign {

// The SQLite storage class of a result column. Flags (captured) are integer 0/1.
enum class ColumnType { real, integer, text };

// "REAL", "INTEGER", "TEXT"; parse_column_type reads them back (throws CampaignError otherwise).
std::string_view column_type_name(ColumnType type);
ColumnType parse_column_type(std::string_view name);

// A result column the case function may set: its name (same rules as an input path) and type.
struct Column {
  std::string name;
  ColumnType type;
  bool operator==(const Column&) const = default;
};

// A stored value: NULL (monostate), integer, real or text. A bool converts to an integer.
using Value = std::variant<std::monostate, std::int64_t, double, std::string>;

enum class CaseStatus { ok, failed };
// "ok", "failed".
std::string_view case_status_name(CaseStatus status);

struct CaseResult {
  CaseStatus status = CaseStatus::ok;
  std::string diagnostic;  // why a case failed (or a note on a successful one)
  std::vector<std::pair<std::string, Value>> values;  // named values of declared result columns

  // Sets (or replaces) the value of column `name`; returns *this to chain.
  CaseResult& set(std::string_view name, Value value);
  // A failed case with its diagnostic.
  static CaseResult failure(std::string diagnostic);
};

// Runs one case. Called concurrently from several threads: it must not share mutable state.
using CaseFunction = std::function<CaseResult(const CaseInputs&)>;

// One case as the store keeps it (apart from its inputs, which the index determines).
struct CaseRecord {
  std::uint64_t case_index = 0;
  CaseStatus status = CaseStatus::ok;
  std::string diagnostic;
  std::vector<Value> values;  // one per result column, in the declared order; monostate where unset
  double wall_time_s = 0.0;   // wall-clock time of the case function
};

}  // namespace dyngen::campaign
