// history.csv of a run directory (README.md, "Run directory"): a header naming each column
// `group.item [unit]`, the first `time [s]`, then one row of numbers per output time, in time
// order. A last line without its line break (the run stopped while writing it) is left out and
// reported; any other fault is a RunFileError naming file:line:column, and nothing is returned.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/column_name.hpp"

namespace dyngen::report {

struct HistoryColumn {
  ColumnName name;
  std::string header;          // as written, e.g. `relative.x [m]`
  std::vector<double> values;  // one per row; nan where the run printed nan
};

struct History {
  std::string source;                  // file name, for messages
  std::vector<HistoryColumn> columns;  // columns[0] is time [s]
  int incomplete_line = 0;             // line left out because the run stopped while writing it; 0 if none

  std::size_t rows() const { return columns.front().values.size(); }
  const std::vector<double>& time() const { return columns.front().values; }
};

History read_history_csv(const std::filesystem::path& path);

// Same from text; `source` names it in messages.
History parse_history_csv(std::string_view text, const std::string& source);

}  // namespace dyngen::report
