// summary.json of a run directory (README.md, "Run directory"): an object with at least
// `status` (string), `captured` (bool), `capture_time` (s; a number when captured, null
// otherwise), `steps` (integer >= 0) and `wall_time` (s, >= 0); optionally `message` (string, the
// diagnostic that stopped the run) and `units` (object: key -> unit of another key); any other
// keys (numbers, strings, booleans, null, arrays, nested objects) are results shown as they are.
// Every fault is a RunFileError naming file:line:column and the key; nothing is returned then.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dyngen::report {

struct SummaryEntry {
  std::string key;               // nested objects flattened: `peak.normal_force`
  nlohmann::ordered_json value;  // a scalar or an array
  std::string unit;              // from `units`, or the contract's for its own keys; empty if unknown
};

struct Summary {
  std::string source;
  std::string status;
  bool captured = false;
  std::optional<double> capture_time;  // s
  double steps = 0;
  double wall_time = 0;                // s
  std::string message;                 // empty if none
  std::vector<SummaryEntry> entries;   // every key but `units`, in the file's order
};

Summary read_summary_json(const std::filesystem::path& path);

// Same from text; `source` names it in messages.
Summary parse_summary_json(std::string_view text, const std::string& source);

}  // namespace dyngen::report
