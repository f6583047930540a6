// `dyngen compare` end to end: its route counts are the ones `dyngen count` prints (acceptance 1),
// --scaling writes the CSV it is asked for, bad arguments are refused with a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "../../tools/dyngen/run_dyngen.hpp"

namespace dyngen {
namespace {

using testing::run_dyngen;

std::string model_path(const std::string& name) { return std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml"; }

// kernel -> {mul, add, div, sqrt, sin/cos, total} from `dyngen count`'s table, found by its header.
std::map<std::string, std::vector<long>> count_table(const std::string& text) {
  std::map<std::string, std::vector<long>> table;
  std::istringstream lines(text);
  std::string line;
  std::vector<std::string> header;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::vector<std::string> cells;
    for (std::string cell; fields >> cell;) cells.push_back(cell);
    if (!cells.empty() && cells[0] == "kernel") header = cells;
    if (header.empty() || cells.size() != header.size() || cells[0] == "kernel") continue;
    std::vector<long> numbers;
    for (const char* column : {"mul", "add", "div", "sqrt", "sin/cos", "total"})
      numbers.push_back(std::stol(cells[static_cast<std::size_t>(std::find(header.begin(), header.end(), column) - header.begin())]));
    table[cells[0]] = numbers;
  }
  return table;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) fields.emplace_back();
    else fields.back() += c;
  }
  return fields;
}

TEST(CompareCli, RouteCountsEqualDyngenCount) {
  for (const char* name : {"chain6", "puma560", "probe_cone_tree"}) {
    const auto compared = run_dyngen("compare " + model_path(name) + " --format csv --no-cas");
    ASSERT_EQ(compared.exit_code, 0) << compared.err;
    const auto counted = run_dyngen("count " + model_path(name));
    ASSERT_EQ(counted.exit_code, 0) << counted.err;
    const auto expected = count_table(counted.out);
    ASSERT_GE(expected.size(), 6u);
    std::istringstream lines(compared.out);
    std::string line;
    std::getline(lines, line);
    const std::vector<std::string> header = split(line);
    ASSERT_EQ(header[2], "name");
    ASSERT_EQ(header[4], "mul");
    int matched = 0;
    while (std::getline(lines, line)) {
      const auto cells = split(line);
      if (cells[1] != "routes" || !expected.contains(cells[2])) continue;
      const auto& numbers = expected.at(cells[2]);
      // columns mul, add, div, sqrt, trig, total follow the label
      for (int k = 0; k < 6; ++k) EXPECT_EQ(std::stol(cells[4 + static_cast<std::size_t>(k)]), numbers[static_cast<std::size_t>(k)]) << name << " " << cells[2];
      ++matched;
    }
    EXPECT_EQ(matched, 6) << name;
  }
}

TEST(CompareCli, ScalingWritesTheCsvAndPrintsTheCrossover) {
  const auto csv = testing::scratch_dir() / "scaling.csv";
  const auto result = run_dyngen("compare --scaling chain:2..4 --csv " + csv.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("crossover"), std::string::npos);
  const std::string written = testing::read_text(csv);
  EXPECT_EQ(std::count(written.begin(), written.end(), '\n'), 4);
  EXPECT_EQ(written.rfind("n,forward_dynamics_crba_mul,", 0), 0u);
}

TEST(CompareCli, BadArgumentsAreRefused) {
  for (const std::string& args : {std::string("compare"), "compare " + model_path("chain6") + " --format html",
                                  std::string("compare --scaling chain:0..3"), std::string("compare --scaling ring:1..3"),
                                  "compare " + model_path("chain6") + " --cas-limit -1",
                                  "compare " + model_path("chain6") + " --scaling chain:1..2"}) {
    const auto result = run_dyngen(args);
    EXPECT_NE(result.exit_code, 0) << args;
    EXPECT_FALSE(result.err.empty()) << args;
  }
}

}  // namespace
}  // namespace dyngen
