// `dyngen report` end to end on synthetic run directories: the HTML page and the PNG figures are
// written and the path printed; a run stopped mid-line is reported with its diagnostic; a bad
// or missing file is named with its line and nothing at all is written.
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report_output.hpp"
#include "run_dyngen.hpp"
#include "synthetic_run.hpp"

namespace dyngen {
namespace {

namespace fs = std::filesystem;
using testing::is_png;
using testing::json_block;
using testing::read_text;
using testing::run_dyngen;

fs::path fresh_run(const std::string& name, const testing::SyntheticRunOptions& options = {}) {
  const fs::path directory = testing::scratch_dir() / name;
  fs::remove_all(directory);
  testing::write_synthetic_run(directory, options);
  return directory;
}

std::set<std::string> listing(const fs::path& directory) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(directory))
    names.insert(fs::relative(entry.path(), directory).string());
  return names;
}

TEST(ReportCommand, WritesThePageAndFigures) {
  const fs::path run = fresh_run("captured");
  const testing::RunResult result = run_dyngen("report " + run.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, (run / "report.html").string() + "\n");
  EXPECT_EQ(result.err, "");
  const std::string html = read_text(run / "report.html");
  for (const char* section : {"summary", "diagram", "events", "contact_forces", "mechanism", "relative_motion",
                              "energy", "base_wrench", "other_signals", "figures"})
    EXPECT_NE(html.find("<section class=\"card\" id=\"" + std::string(section) + "\">"), std::string::npos) << section;
  EXPECT_TRUE(std::regex_search(html, std::regex("<span class=\"badge good\">captured at 1\\.51[0-9]* s</span>")));
  EXPECT_NE(html.find("Never in contact (all values zero): pad_py-edge_entry, roller_1-cone_1."), std::string::npos);
  // summary table: every key with its unit
  EXPECT_NE(html.find("<td>peak_normal_force</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>max_penetration</td><td>0.0012</td><td>m</td>"), std::string::npos);
  // the diagram and the events go in as given
  const nlohmann::json diagram = nlohmann::json::parse(json_block(html, "dyngen-diagram-data"));
  EXPECT_EQ(diagram, nlohmann::json::parse(read_text(run / "diagram.json")));
  const nlohmann::json events = nlohmann::json::parse(json_block(html, "dyngen-events-data"));
  EXPECT_EQ(events["events"][0]["detail"], "closing velocity 0.25 m/s, lateral miss 0.104 m");
  EXPECT_EQ(events["end"], 3.0);
  std::map<std::string, std::string> categories;  // event name -> colour class
  for (const auto& event : events["events"]) categories[event["event"]] = event["category"];
  EXPECT_EQ(categories, (std::map<std::string, std::string>{{"start", "other"},
                                                             {"contact_begin", "contact"},
                                                             {"contact_end", "contact"},
                                                             {"latch_triggered", "latch"},
                                                             {"capture", "capture"},
                                                             {"end", "other"}}));
  // figures for papers, linked from the page
  for (const char* figure : {"contact_forces", "mechanism", "relative_motion", "energy", "base_wrench"}) {
    EXPECT_TRUE(is_png(run / "plots" / (std::string(figure) + ".png"))) << figure;
    EXPECT_NE(html.find("<a href=\"plots/" + std::string(figure) + ".png\">"), std::string::npos) << figure;
  }
  // nothing else is left in the run directory
  EXPECT_EQ(listing(run), (std::set<std::string>{"diagram.json", "events.csv", "history.csv", "summary.json",
                                                 "report.html", "plots", "plots/contact_forces.png",
                                                 "plots/mechanism.png", "plots/relative_motion.png",
                                                 "plots/energy.png", "plots/base_wrench.png"}));
}

TEST(ReportCommand, OutPutsThePageElsewhereAndLinksBack) {
  const fs::path run = fresh_run("elsewhere");
  const fs::path out = testing::scratch_dir() / "pages" / "case 1.html";
  fs::create_directories(out.parent_path());
  const testing::RunResult result = run_dyngen("report " + run.string() + " --out '" + out.string() + "'");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, out.string() + "\n");
  EXPECT_FALSE(fs::exists(run / "report.html"));
  EXPECT_NE(read_text(out).find("<a href=\"../elsewhere/plots/energy.png\">"), std::string::npos);
}

TEST(ReportCommand, AStoppedRunIsReportedWithItsDiagnostic) {
  const fs::path run = fresh_run("stopped", {.stop_time = 1.2});
  const testing::RunResult result = run_dyngen("report " + run.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_text(run / "report.html");
  EXPECT_NE(html.find("<span class=\"badge bad\">stopped: penetration limit</span>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge warning\">not captured</span>"), std::string::npos);
  EXPECT_NE(html.find("<div class=\"message\">penetration 0.0061 m above max_penetration 0.005 m"), std::string::npos);
  EXPECT_TRUE(std::regex_search(
      html, std::regex("history.csv: line [0-9]+ has no line break \\(the run stopped while writing it\\) and is left out")));
}

TEST(ReportCommand, BadFilesAreNamedAndNothingIsWritten) {
  struct Case {
    const char* name;
    std::function<void(const fs::path&)> spoil;
    std::string error;  // a regular expression for stderr
  };
  const std::vector<Case> cases = {
      {"no_history", [](const fs::path& run) { fs::remove(run / "history.csv"); },
       ".*/no_history/history.csv: error: no such file\n"},
      {"no_summary", [](const fs::path& run) { fs::remove(run / "summary.json"); },
       ".*/no_summary/summary.json: error: no such file\n"},
      {"bad_row",
       [](const fs::path& run) {
         // the second field of line 4 (t = 0.002 s)
         std::string text = read_text(run / "history.csv");
         const std::size_t line4 = text.find('\n', text.find('\n', text.find('\n') + 1) + 1) + 1;
         const std::size_t field = text.find(',', line4) + 1;
         text.replace(field, text.find(',', field) - field, "oops");
         std::ofstream(run / "history.csv") << text;
       },
       ".*/bad_row/history.csv:4:7: error: relative.x \\[m\\]: 'oops' is not a number\n"},
      {"bad_summary",
       [](const fs::path& run) {
         std::string text = read_text(run / "summary.json");
         text.replace(text.find("\"captured\": true"), 16, "\"captured\": \"yes\"");
         std::ofstream(run / "summary.json") << text;
       },
       ".*/bad_summary/summary.json:3:15: error: captured: expected true or false, found \"yes\"\n"},
      {"bad_diagram", [](const fs::path& run) { std::ofstream(run / "diagram.json") << "{\"version\": 1,\n  \"passive\": [}\n"; },
       ".*/bad_diagram/diagram.json:2:15: error: invalid JSON: syntax error .*\n"},
  };
  for (const Case& c : cases) {
    const fs::path run = fresh_run(c.name);
    c.spoil(run);
    const std::set<std::string> before = listing(run);
    const testing::RunResult result = run_dyngen("report " + run.string());
    EXPECT_EQ(result.exit_code, 1) << c.name;
    EXPECT_TRUE(std::regex_match(result.err, std::regex(c.error))) << c.name << ": " << result.err;
    EXPECT_EQ(result.out, "") << c.name;
    EXPECT_EQ(listing(run), before) << c.name;
  }
}

TEST(ReportCommand, UsageErrors) {
  EXPECT_EQ(run_dyngen("report").exit_code, 2);
  EXPECT_EQ(run_dyngen("report a b").exit_code, 2);
  const testing::RunResult missing = run_dyngen("report /nonexistent/run");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "/nonexistent/run: error: not a run directory (no such directory)\n");
}

}  // namespace
}  // namespace dyngen
