// The run directory of a simulation (the contract of tools/report/README.md, "Run directory"):
// history.csv and events.csv written line by line as the run goes, so a run that stops keeps
// everything recorded until then (a killed one all but its last tenth of a second of rows: history
// rows reach the file at least every 0.1 s of wall time, events at once); summary.json and
// diagram.json written at the end, each to a temporary name and renamed.
#pragma once

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace dyngen::simulation {

class RunWriter {
 public:
  // Creates `directory` (and parents) and starts history.csv with the header `columns` (the first
  // must be "time [s]", names "group.item [unit]") and events.csv with "time,event,detail".
  // std::runtime_error naming the file when it cannot be written.
  RunWriter(const std::filesystem::path& directory, const std::vector<std::string>& columns);
  ~RunWriter();
  RunWriter(const RunWriter&) = delete;
  RunWriter& operator=(const RunWriter&) = delete;

  // One row of history.csv, one number per column (nine significant digits, as %.9g).
  void row(std::span<const double> values);
  // One line of events.csv; a detail with commas or quotes is quoted (RFC 4180).
  void event(double time, std::string_view name, std::string_view detail);
  void summary(const nlohmann::ordered_json& summary) const;
  void diagram(const nlohmann::json& diagram) const;
  const std::filesystem::path& directory() const { return directory_; }

 private:
  std::filesystem::path directory_;
  std::FILE* history_ = nullptr;
  std::FILE* events_ = nullptr;
  std::size_t columns_ = 0;
  std::string line_;
  std::chrono::steady_clock::time_point last_flush_;
};

// Writes `text` to path through a temporary file in the same folder and a rename.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace dyngen::simulation
