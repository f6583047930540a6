// `dyngen report DB` on campaign stores (the synthetic campaign of synthetic_campaign.hpp): the page
// and its PNG figures are written; its capture rate and Wilson interval equal those computed here
// from an SQL query with the textbook formula; the envelope plots one dot per case in its
// outcome's series; the worst case by base force is the one SQL finds, with a command whose --set
// values read back as its stored inputs; an unfinished or empty store is reported as such; files
// that are not stores are refused with nothing written.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cmath>
#include <filesystem>
#include <regex>

#include <nlohmann/json.hpp>

#include "report_output.hpp"
#include "run_dyngen.hpp"
#include "synthetic_campaign.hpp"

namespace dyngen {
namespace {

namespace fs = std::filesystem;
using testing::is_png;
using testing::json_block;
using testing::read_text;
using testing::run_dyngen;

fs::path fresh_store(const std::string& name, const testing::SyntheticCampaignOptions& options = {}) {
  const fs::path folder = testing::scratch_dir() / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  const fs::path store = folder / "campaign.sqlite";
  testing::write_synthetic_campaign(store, options);
  return store;
}

// The first row of a query, as text, through the SQLite C API.
std::vector<std::string> query(const fs::path& store, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  std::vector<std::string> row;
  if (sqlite3_step(statement) == SQLITE_ROW)
    for (int k = 0; k < sqlite3_column_count(statement); ++k) {
      const auto* text = sqlite3_column_text(statement, k);
      row.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
    }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return row;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g %%", 100.0 * fraction);
  return text;
}

TEST(CampaignReport, CaptureRateEnvelopeAndFigures) {
  const fs::path store = fresh_store("campaign_report");
  const auto result = run_dyngen("report " + store.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const fs::path html_file = store.parent_path() / "campaign.html";
  EXPECT_EQ(result.out, html_file.string() + "\n");
  const std::string html = read_text(html_file);
  for (const char* section : {"summary", "outcomes", "envelope", "loads", "worst", "figures"})
    EXPECT_NE(html.find("<section class=\"card\" id=\"" + std::string(section) + "\">"), std::string::npos) << section;
  for (const char* figure : {"capture_envelope", "capture_rate", "peak_loads"})
    EXPECT_TRUE(is_png(store.parent_path() / "campaign_plots" / (std::string(figure) + ".png"))) << figure;
  EXPECT_NE(html.find("<a href=\"campaign_plots/capture_envelope.png\">"), std::string::npos);

  // Wilson's score interval, z = Phi^-1(0.975), over the cases with an outcome
  const auto counts = query(store, "SELECT sum(captured), count(captured), sum(status = 'failed') FROM cases");
  const double k = std::stod(counts[0]), n = std::stod(counts[1]), z = 1.959963984540054;
  const double p = k / n, centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  ASSERT_GT(std::stoi(counts[2]), 0);
  ASSERT_GT(k, 0);
  ASSERT_LT(k, n);
  EXPECT_NE(html.find("<span class=\"badge\">capture rate " + percent(p) + " (95 %: " + percent(centre - half) + " – " +
                      percent(centre + half) + ")</span>"),
            std::string::npos)
      << percent(p) << " " << percent(centre - half);
  EXPECT_NE(html.find("<span class=\"badge good\">400 of 400 cases</span>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge bad\">" + counts[2] + " failed</span>"), std::string::npos);
  EXPECT_NE(html.find("<td>dyngen campaign "), std::string::npos);  // how it was made

  // the envelope: every case once, in its outcome's series
  const nlohmann::json charts = nlohmann::json::parse(json_block(html, "dyngen-charts-data"));
  int scatters = 0;
  for (const auto& chart : charts) {
    if (!chart["points"].get<bool>()) continue;
    ++scatters;
    EXPECT_EQ(chart["series"][0]["label"], "captured");
    std::vector<int> dots(3, 0);
    for (std::size_t row = 0; row < chart["data"][0].size(); ++row)
      for (int s = 0; s < 3; ++s) dots[s] += chart["data"][s + 1][row].is_null() ? 0 : 1;
    EXPECT_EQ(dots, (std::vector<int>{static_cast<int>(k), static_cast<int>(n - k), std::stoi(counts[2])})) << chart["title"];
  }
  EXPECT_EQ(scatters, 2);
}

TEST(CampaignReport, TheWorstCaseComesWithTheCommandThatRerunsIt) {
  const fs::path store = fresh_store("campaign_worst");
  ASSERT_EQ(run_dyngen("report " + store.string()).exit_code, 0);
  const std::string html = read_text(store.parent_path() / "campaign.html");
  const auto worst = query(store, "SELECT case_index, \"initial.lateral_miss\", \"initial.angular_rate_direction\" "
                                  "FROM cases ORDER BY peak_active_force DESC, case_index LIMIT 1");
  std::smatch row;
  ASSERT_TRUE(std::regex_search(html, row, std::regex("<h3>Largest force on the active spacecraft \\(mechanism base\\)</h3>\n"
                                                      "<div class=\"table-wrap\">.*?<td class=\"num\">1</td>"
                                                      "<td class=\"num\">([0-9]+)</td>.*?<code class=\"command\"[^>]*>([^<]*)</code>")));
  EXPECT_EQ(row[1].str(), worst[0]);
  const std::string command = row[2];
  EXPECT_TRUE(command.starts_with("dyngen simulate " + std::string(DYNGEN_SOURCE_DIR) +
                                  "/models/scenarios/probe_cone_nominal.yaml --after-capture 0.2 --set initial.lateral_miss="))
      << command;
  std::smatch miss, direction;
  ASSERT_TRUE(std::regex_search(command, miss, std::regex("--set initial\\.lateral_miss=([-0-9.e]+) ")));
  ASSERT_TRUE(std::regex_search(command, direction, std::regex("--set initial\\.angular_rate_direction=([-0-9.e]+)$")));
  // SQLite prints 15 significant digits; the command the shortest text that reads back the double
  EXPECT_NEAR(std::stod(miss[1]), std::stod(worst[1]), 1e-14 * std::stod(worst[1]));
  EXPECT_NEAR(std::stod(direction[1]), std::stod(worst[2]), 1e-14 * std::stod(worst[2]));
  EXPECT_NE(html.find("when run from /home/engineer/docking (where the campaign was started)"), std::string::npos);
}

TEST(CampaignReport, AnUnfinishedCampaignIsSaidToBeSo) {
  const fs::path store = fresh_store("campaign_unfinished", {.cases = 400, .stored = 150});
  const fs::path html_file = store.parent_path() / "out" / "partial.html";
  fs::create_directories(html_file.parent_path());
  const auto result = run_dyngen("report " + store.string() + " --out " + html_file.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_text(html_file);
  EXPECT_NE(html.find("<span class=\"badge warning\">150 of 400 cases</span>"), std::string::npos);
  EXPECT_NE(html.find("Incomplete: 250 cases are not stored yet"), std::string::npos);
  EXPECT_TRUE(is_png(html_file.parent_path() / "partial_plots" / "peak_loads.png"));

  const fs::path empty = fresh_store("campaign_empty", {.cases = 10, .stored = 0});
  ASSERT_EQ(run_dyngen("report " + empty.string()).exit_code, 0);
  const std::string nothing = read_text(empty.parent_path() / "campaign.html");
  EXPECT_NE(nothing.find("<span class=\"badge warning\">0 of 10 cases</span>"), std::string::npos);
  EXPECT_NE(nothing.find("No case is stored yet."), std::string::npos);
}

TEST(CampaignReport, FilesThatAreNotStoresAreRefusedWithNothingWritten) {
  const fs::path folder = testing::scratch_dir() / "not_stores";
  fs::remove_all(folder);
  fs::create_directories(folder);
  std::ofstream(folder / "notes.txt") << "not a database\n";
  const auto text = run_dyngen("report " + (folder / "notes.txt").string());
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_NE(text.err.find("is neither a run directory nor a campaign store"), std::string::npos) << text.err;
  {
    sqlite3* db = nullptr;
    sqlite3_open((folder / "other.sqlite").c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE measurements (x REAL)", nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  const auto other = run_dyngen("report " + (folder / "other.sqlite").string());
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.err.find("not a campaign store"), std::string::npos) << other.err;
  EXPECT_FALSE(fs::exists(folder / "notes.html"));
  EXPECT_FALSE(fs::exists(folder / "other.html"));
  EXPECT_FALSE(fs::exists(folder / "other_plots"));
}

}  // namespace
}  // namespace dyngen
