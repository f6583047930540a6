// Measured force-deflection loops as CSV files (format in README.md "Loop CSV files"):
//   # comment lines and blank lines are skipped anywhere
//   deflection,force[,time]      header required, columns in any order
//   0.0,0.0[,0.0]                one sample per line, in the order measured
// Values are SI (m, N, s; or rad, N m). Every error names file:line (and :column and the field
// where one is at fault) and nothing is returned.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace dyngen::hysteresis {

// Fewest samples accepted: more than twice the largest number of fitted parameters (8: the
// variable-parameter model's 7 and its initial force) plus a loop's two reversals.
inline constexpr std::size_t kMinimumLoopSamples = 20;

struct MeasuredLoop {
  std::string source;              // file name, for messages
  std::vector<double> deflection;  // m
  std::vector<double> force;       // N
  std::vector<double> time;        // s, strictly increasing; empty without a time column
  std::vector<int> line;           // 1-based line of each sample in the file
};

// "file:line:column: error: field: message", or "file:line: error: message" when no single field
// is at fault; column and field are then 0 and empty.
class LoopCsvError : public std::runtime_error {
 public:
  LoopCsvError(const std::string& file, int line, int column, const std::string& field, const std::string& message);
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& field() const { return field_; }

 private:
  int line_;
  int column_;
  std::string field_;
};

MeasuredLoop read_loop_csv(const std::string& path);

// Same from text; `source` names it in messages.
MeasuredLoop parse_loop_csv(const std::string& text, const std::string& source);

}  // namespace dyngen::hysteresis
