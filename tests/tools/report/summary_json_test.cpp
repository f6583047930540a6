// summary.json: the contract's keys checked, every key kept in the file's order with its unit,
// faults named by file:line:column and key.
#include <gtest/gtest.h>

#include "report/run_file.hpp"
#include "report/summary.hpp"

namespace dyngen::report {
namespace {

constexpr const char* kSummary = R"({
  "status": "captured",
  "captured": true,
  "capture_time": 1.52,
  "steps": 30000,
  "wall_time": 1.84,
  "peak": {"normal_force": 1834.5, "friction_force": 275.1},
  "integrator": "rk4",
  "cases": [1, 2],
  "units": {"peak.normal_force": "N", "peak.friction_force": "N"}
})";

std::string error_of(const std::string& text) {
  try {
    parse_summary_json(text, "run/summary.json");
  } catch (const RunFileError& error) {
    return error.what();
  }
  return "no error";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(SummaryJson, ReadsTheContractAndKeepsEveryKeyInOrder) {
  const Summary summary = parse_summary_json(kSummary, "s");
  EXPECT_EQ(summary.status, "captured");
  EXPECT_TRUE(summary.captured);
  EXPECT_EQ(summary.capture_time, 1.52);
  EXPECT_EQ(summary.steps, 30000);
  EXPECT_EQ(summary.wall_time, 1.84);
  EXPECT_EQ(summary.message, "");
  std::vector<std::string> keys, units;
  for (const SummaryEntry& entry : summary.entries) {
    keys.push_back(entry.key);
    units.push_back(entry.unit);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"status", "captured", "capture_time", "steps", "wall_time",
                                            "peak.normal_force", "peak.friction_force", "integrator", "cases"}));
  EXPECT_EQ(units, (std::vector<std::string>{"", "", "s", "-", "s", "N", "N", "", ""}));
  EXPECT_EQ(summary.entries[8].value.dump(), "[1,2]");
}

TEST(SummaryJson, NotCapturedHasNullTimeAndMayCarryAMessage) {
  const Summary summary = parse_summary_json(
      R"({"status": "stopped", "captured": false, "capture_time": null, "steps": 0, "wall_time": 0, "message": "penetration"})",
      "s");
  EXPECT_FALSE(summary.capture_time);
  EXPECT_EQ(summary.message, "penetration");
}

TEST(SummaryJson, SyntaxErrorsNameLineAndColumn) {
  const std::string error = error_of(replaced(kSummary, "\"steps\": 30000,", "\"steps\": 30000"));
  EXPECT_EQ(error.rfind("run/summary.json:6:13: error: invalid JSON: syntax error", 0), 0u) << error;
  EXPECT_EQ(error_of("").rfind("run/summary.json:1:1: error: invalid JSON", 0), 0u) << error_of("");
}

TEST(SummaryJson, WrongOrMissingKeysAreNamedWhereTheyAre) {
  EXPECT_EQ(error_of(replaced(kSummary, "\"captured\": true", "\"captured\": 1")),
            "run/summary.json:3:15: error: captured: expected true or false, found 1");
  EXPECT_EQ(error_of(replaced(kSummary, "\"status\": \"captured\",", "")),
            "run/summary.json:1:1: error: (root): the key 'status' (a string) is missing");
  EXPECT_EQ(error_of(replaced(kSummary, "1.52", "null")),
            "run/summary.json:4:19: error: capture_time: null, but 'captured' is true");
  EXPECT_EQ(error_of(replaced(kSummary, "30000", "12.5")),
            "run/summary.json:5:12: error: steps: expected an integer >= 0, found 12.5");
  EXPECT_EQ(error_of(replaced(kSummary, "\"wall_time\": 1.84", "\"wall_time\": -1")),
            "run/summary.json:6:16: error: wall_time: expected a number of seconds >= 0, found -1");
  EXPECT_EQ(error_of(replaced(kSummary, "\"peak.friction_force\": \"N\"", "\"peak.frictoin\": \"N\"")),
            "run/summary.json:10:56: error: units.peak.frictoin: names no key of the summary");
  EXPECT_EQ(error_of("[1]"), "run/summary.json:1:1: error: (root): summary.json must hold an object");
}

}  // namespace
}  // namespace dyngen::report
