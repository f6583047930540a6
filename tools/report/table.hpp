// A table of a report page: plain-text cells (escaped when written), numeric columns
// right-aligned with tabular figures.
#pragma once

#include <string>
#include <vector>

namespace dyngen::report {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as long as the header
  std::vector<bool> numeric;                   // per column; missing entries are text columns
  std::string caption;                         // optional, above the table
};

}  // namespace dyngen::report
