// The printed formats parse back: CSV lines have the header's field count and carry the counts of
// the comparison they print; markdown tables are well formed; the scaling series' crossover is
// the one its own numbers give.
#include <gtest/gtest.h>

#include <sstream>

#include "compare/table_format.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::compare {
namespace {

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) rows.push_back(split_csv_line(line));
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  const auto found = std::find(header.begin(), header.end(), name);
  EXPECT_NE(found, header.end()) << name;
  return static_cast<std::size_t>(found - header.begin());
}

Comparison puma_comparison() {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/puma560.yaml");
  return compare_model(model, CompareOptions{false, 0.0});
}

TEST(TableFormat, ComparisonCsvCarriesEveryRowsCounts) {
  const Comparison comparison = puma_comparison();
  const auto rows = parse_csv(format_comparison(comparison, Format::csv));
  ASSERT_GE(rows.size(), 2u);
  const auto& header = rows[0];
  for (const auto& row : rows) ASSERT_EQ(row.size(), header.size());
  std::size_t line = 1;
  for (const Section& section : comparison.sections) {
    for (const Row& row : section.rows) {
      ASSERT_LT(line, rows.size());
      const auto& cells = rows[line++];
      EXPECT_EQ(cells[column(header, "section")], section.name);
      EXPECT_EQ(cells[column(header, "name")], row.name);
      EXPECT_EQ(cells[column(header, "label")], row.label);
      EXPECT_EQ(std::stoull(cells[column(header, "mul")]), row.count->mul);
      EXPECT_EQ(std::stoull(cells[column(header, "add")]), row.count->add);
      EXPECT_EQ(std::stoull(cells[column(header, "div")]), row.count->div);
      EXPECT_EQ(std::stoull(cells[column(header, "trig")]), row.count->trig);
      EXPECT_EQ(std::stoull(cells[column(header, "total")]), row.count->total());
      EXPECT_GE(std::stod(cells[column(header, "seconds")]), 0.0);
    }
  }
  EXPECT_EQ(line, rows.size());
  // PUMA 560 is a 6R chain: the forward-dynamics row carries Featherstone's 996m + 846a.
  const auto fd = std::find_if(rows.begin(), rows.end(), [&](const auto& r) {
    return r[column(header, "name")] == "forward_dynamics_crba";
  });
  ASSERT_NE(fd, rows.end());
  EXPECT_EQ((*fd)[column(header, "featherstone_m")], "996");
  EXPECT_EQ((*fd)[column(header, "featherstone_a")], "846");
}

TEST(TableFormat, MarkdownTablesAreWellFormed) {
  const std::string text = format_comparison(puma_comparison(), Format::markdown);
  std::istringstream lines(text);
  std::string line;
  int tables = 0;
  std::size_t pipes = 0;
  bool in_table = false;
  while (std::getline(lines, line)) {
    if (line.rfind("|", 0) != 0) {
      in_table = false;
      continue;
    }
    const auto count = static_cast<std::size_t>(std::count(line.begin(), line.end(), '|'));
    if (!in_table) {
      ++tables;
      pipes = count;
      in_table = true;
      continue;
    }
    EXPECT_EQ(count, pipes) << line;
  }
  EXPECT_EQ(tables, 2);  // routes and ablation (no CAS run)
}

TEST(TableFormat, ScalingCsvAndTheCrossoverItImplies) {
  const ScalingSeries series = chain_scaling(9, 12);
  const auto rows = parse_csv(format_scaling(series, Format::csv));
  ASSERT_EQ(rows.size(), 5u);
  const auto& header = rows[0];
  for (const auto& row : rows) ASSERT_EQ(row.size(), header.size());
  std::vector<std::pair<int, bool>> aba_cheaper;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const int n = std::stoi(rows[r][column(header, "n")]);
    EXPECT_EQ(n, static_cast<int>(8 + r));
    const auto aba = std::stoull(rows[r][column(header, "forward_dynamics_aba_total")]);
    const auto crba = std::stoull(rows[r][column(header, "forward_dynamics_crba_total")]);
    aba_cheaper.emplace_back(n, aba < crba);
    // the total is the sum of its parts
    std::uint64_t sum = 0;
    for (const char* field : {"mul", "add", "div", "sqrt", "trig"})
      sum += std::stoull(rows[r][column(header, std::string("forward_dynamics_aba_") + field)]);
    EXPECT_EQ(sum, aba);
    EXPECT_EQ(rows[r][column(header, "featherstone_aba_m")], std::to_string(224 * n - 259));
  }
  // from the numbers themselves: the last n where ABA is not cheaper, plus one
  std::optional<int> expected;
  for (const auto& [n, cheaper] : aba_cheaper) expected = cheaper ? (expected ? expected : std::optional<int>(n)) : std::nullopt;
  EXPECT_EQ(series.crossover, expected);
  EXPECT_TRUE(series.crossover.has_value());
  const std::string text = format_scaling(series, Format::text);
  EXPECT_NE(text.find("crossover (ABA cheaper than CRBA + b + LTDL from this n on): n = " +
                      std::to_string(*series.crossover)),
            std::string::npos);
}

TEST(TableFormat, UnknownFormatIsRefusedWithTheValidOnes) {
  EXPECT_EQ(parse_format("markdown"), Format::markdown);
  try {
    parse_format("html");
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("text, csv, markdown"), std::string::npos);
  }
}

}  // namespace
}  // namespace dyngen::compare
