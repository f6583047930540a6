// history.csv: columns with groups and units, rows in time order, an unfinished last line left
// out, and every fault named by file:line:column.
#include <cmath>

#include <gtest/gtest.h>

#include "report/history.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

constexpr const char* kHeader = "time [s],relative.x [m],contact.head-cone.normal [N],latch.l1 [-]\n";

std::string error_of(const std::string& text) {
  try {
    parse_history_csv(text, "run/history.csv");
  } catch (const RunFileError& error) {
    return error.what();
  }
  return "no error";
}

TEST(HistoryCsv, ReadsColumnsAndRows) {
  const History history =
      parse_history_csv(std::string(kHeader) + "0,-0.5,0,0\n0.001,-0.49975,12.5,0\n0.002,-0.4995,nan,1\n", "h.csv");
  ASSERT_EQ(history.columns.size(), 4u);
  EXPECT_EQ(history.rows(), 3u);
  EXPECT_EQ(history.time(), (std::vector<double>{0, 0.001, 0.002}));
  EXPECT_EQ(history.columns[2].name.group, "contact");
  EXPECT_EQ(history.columns[2].name.item, "head-cone.normal");
  EXPECT_EQ(history.columns[2].header, "contact.head-cone.normal [N]");
  EXPECT_EQ(history.columns[2].values[1], 12.5);
  EXPECT_TRUE(std::isnan(history.columns[2].values[2]));
  EXPECT_EQ(history.columns[3].name.unit, "-");
  EXPECT_EQ(history.incomplete_line, 0);
}

TEST(HistoryCsv, LeavesOutTheLineARunStoppedWriting) {
  const History history = parse_history_csv(std::string(kHeader) + "0,-0.5,0,0\n0.001,-0.49975,12.5,0\n0.002,-0.4", "h");
  EXPECT_EQ(history.rows(), 2u);
  EXPECT_EQ(history.incomplete_line, 4);
}

TEST(HistoryCsv, EqualTimesAreAllowedBlankLinesSkipped) {
  EXPECT_EQ(parse_history_csv(std::string(kHeader) + "0,1,2,0\n0,1,2,1\n\n0.1,1,2,1\n", "h").rows(), 3u);
}

TEST(HistoryCsv, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(error_of(""), "run/history.csv:1: error: no header: the first line must name the columns, starting with 'time [s]'");
  EXPECT_EQ(error_of("t [s],x [m]\n0,1\n"), "run/history.csv:1:1: error: the first column must be 'time [s]', found 't [s]'");
  EXPECT_EQ(error_of("time [s],x[m]\n"), "run/history.csv:1:10: error: column name 'x[m]' is not of the form group.item [unit]");
  EXPECT_EQ(error_of("time [s],a.x [m],a.x [rad]\n"),
            "run/history.csv:1:18: error: column 'a.x' repeats the one at column 10");
  EXPECT_EQ(error_of(std::string(kHeader) + "0,1,2,0\n0.1,1,2\n"),
            "run/history.csv:3: error: expected 4 fields as in the header, found 3");
  EXPECT_EQ(error_of(std::string(kHeader) + "0,1,2,0,9\n"),
            "run/history.csv:2:9: error: expected 4 fields as in the header, found 5");
  EXPECT_EQ(error_of(std::string(kHeader) + "0,1,2,0\n0.1,1,2x,0\n"),
            "run/history.csv:3:7: error: contact.head-cone.normal [N]: '2x' is not a number");
  EXPECT_EQ(error_of(std::string(kHeader) + "0.2,1,2,0\n0.1,1,2,0\n"),
            "run/history.csv:3:1: error: time [s]: 0.1 is earlier than line 2's; rows must be in time order");
  EXPECT_EQ(error_of(std::string(kHeader) + "nan,1,2,0\n"), "run/history.csv:2:1: error: time [s]: 'nan' is not finite");
  EXPECT_EQ(error_of(kHeader), "run/history.csv:1: error: no complete data row after the header");
  EXPECT_EQ(error_of(std::string(kHeader) + "0,1,2"), "run/history.csv:1: error: no complete data row after the header");
}

TEST(HistoryCsv, MissingFileIsNamed) {
  try {
    read_history_csv("/nonexistent/run/history.csv");
    FAIL();
  } catch (const RunFileError& error) {
    EXPECT_STREQ(error.what(), "/nonexistent/run/history.csv: error: no such file");
  }
}

}  // namespace
}  // namespace dyngen::report
