// A run directory as tools/report/README.md ("Run directory") specifies it, written as the run goes:
//   history.csv   "time [s]" then "group.item [unit]" columns, one row per output time, %.9g
//   events.csv    "time,event,detail" (RFC 4180 quoting of the detail)
//   summary.json  written at the start (status "running") and replaced at the end, each time through
//                 a temporary file and a rename, so it is always whole
// Rows and events are appended and flushed at least every 0.2 s of wall time and by flush(), so a
// run that stops (or is killed) keeps what it wrote: at worst an unfinished last line, which the
// report leaves out.
#pragma once

#include "elastic/run_recorder.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace dyngen::elastic {

class RunDirectory {
 public:
  // Creates `directory` (and its parents), writes both CSV headers and `initial_summary`.
  // std::runtime_error when a file cannot be written.
  RunDirectory(std::filesystem::path directory, const std::vector<std::string>& columns,
               const nlohmann::ordered_json& initial_summary);

  const std::filesystem::path& directory() const { return directory_; }
  void add_row(const std::vector<double>& values);
  void add_event(const RunEvent& event);
  void flush();
  // flushes, then replaces summary.json
  void write_summary(const nlohmann::ordered_json& summary);

 private:
  void flush_if_due();

  std::filesystem::path directory_;
  std::ofstream history_, events_;
  std::chrono::steady_clock::time_point last_flush_;
};

}  // namespace dyngen::elastic
