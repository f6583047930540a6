// Measured-loop CSV files: a valid file in any column order with comments is read with its line
// numbers; each kind of bad file fails with file:line(:column) and the field; the bundled sample
// reads.
#include "hysteresis/loop_csv.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dyngen::hysteresis {
namespace {

// `count` rows "x,F" after the header, deflection i * 1e-4 m and force i N
std::string rows(int count, int first = 0) {
  std::string text;
  for (int i = first; i < first + count; ++i) text += std::to_string(i * 1e-4) + "," + std::to_string(i) + "\n";
  return text;
}

TEST(LoopCsv, ReadsColumnsInAnyOrderWithCommentsAndLineNumbers) {
  const std::string text =
      "# synthetic\r\n"
      "  # indented comment\r\n"
      "\r\n"
      "time, force ,deflection\r\n"
      "0.0,+1.5e2,-2.5e-3\r\n"
      "# between samples\r\n" +
      [] {
        std::string more;
        for (int i = 1; i < 25; ++i) more += std::to_string(0.1 * i) + "," + std::to_string(i) + ",1e-4\r\n";
        return more;
      }();
  const MeasuredLoop loop = parse_loop_csv(text, "ok.csv");
  ASSERT_EQ(loop.deflection.size(), 25u);
  EXPECT_EQ(loop.source, "ok.csv");
  EXPECT_EQ(loop.deflection[0], -2.5e-3);
  EXPECT_EQ(loop.force[0], 150.0);
  EXPECT_EQ(loop.time[0], 0.0);
  EXPECT_EQ(loop.line[0], 5);
  EXPECT_EQ(loop.line[1], 7);
  EXPECT_EQ(loop.force[24], 24.0);
  EXPECT_NEAR(loop.time[24], 2.4, 1e-12);
}

TEST(LoopCsv, WithoutTimeColumnTheTimesAreEmpty) {
  const MeasuredLoop loop = parse_loop_csv("deflection,force\n" + rows(20), "two.csv");
  EXPECT_EQ(loop.deflection.size(), 20u);
  EXPECT_TRUE(loop.time.empty());
  EXPECT_EQ(loop.line.back(), 21);
}

TEST(LoopCsv, BadFilesAreRejectedWithFileLineAndField) {
  struct Case {
    std::string text;
    const char* message;
  };
  const Case cases[] = {
      {"0.0,1.0\n" + rows(20),
       "bad.csv:1:1: error: header: the first line must name the columns (deflection,force and optionally time), "
       "found the number '0.0'"},
      {"deflection,forse\n" + rows(20),
       "bad.csv:1:12: error: header: unknown column 'forse'; the columns are deflection, force and optionally time"},
      {"deflection,time\n" + rows(20),
       "bad.csv:1: error: the header lacks the column 'force'; the columns are deflection, force and optionally time"},
      {"force, deflection, force\n" + rows(20), "bad.csv:1:20: error: header: column 'force' repeats the one at column 1"},
      {"deflection,force\n" + rows(3) + "0.001,abc\n" + rows(20), "bad.csv:5:7: error: force: 'abc' is not a number"},
      {"deflection,force\n" + rows(3) + "1.0x,2\n" + rows(20), "bad.csv:5:1: error: deflection: '1.0x' is not a number"},
      {"deflection,force\n" + rows(3) + "1 0,2\n" + rows(20), "bad.csv:5:1: error: deflection: '1 0' is not a number"},
      {"deflection,force\n" + rows(3) + "0.001, nan\n" + rows(20), "bad.csv:5:8: error: force: 'nan' is not finite"},
      {"deflection,force\n" + rows(3) + "-inf,2\n" + rows(20), "bad.csv:5:1: error: deflection: '-inf' is not finite"},
      {"deflection,force\n" + rows(3) + "1e999,2\n" + rows(20), "bad.csv:5:1: error: deflection: '1e999' is not finite"},
      {"deflection,force\n" + rows(3) + "0.1,2,3\n" + rows(20), "bad.csv:5:7: error: expected 2 fields as in the header, found 3"},
      {"deflection,force\n" + rows(3) + "0.1\n" + rows(20), "bad.csv:5: error: expected 2 fields as in the header, found 1"},
      {"deflection,force\n" + rows(3) + "0.1,\n" + rows(20), "bad.csv:5:5: error: force: empty field"},
      {"deflection,force,time\n0,0,0.5\n1,1,0.5\n" + rows(20),
       "bad.csv:3:5: error: time: time 0.5 s does not increase (line 2 has 0.5 s)"},
      {"# only five\ndeflection,force\n" + rows(5), "bad.csv:7: error: only 5 samples; a loop to fit needs at least 20"},
      {"deflection,force\n", "bad.csv:1: error: only 0 samples; a loop to fit needs at least 20"},
      {"# nothing but a comment\n\n", "bad.csv:2: error: no header: the file holds no line that is not a comment"},
      {"", "bad.csv:1: error: no header: the file holds no line that is not a comment"},
  };
  for (const Case& c : cases) {
    try {
      parse_loop_csv(c.text, "bad.csv");
      ADD_FAILURE() << "accepted; expected: " << c.message;
    } catch (const LoopCsvError& error) {
      EXPECT_EQ(std::string(error.what()), c.message);
    }
  }
}

TEST(LoopCsv, ErrorsCarryLineColumnAndField) {
  try {
    parse_loop_csv("deflection,force\n" + rows(3) + "0.001,abc\n" + rows(20), "bad.csv");
    FAIL() << "accepted";
  } catch (const LoopCsvError& error) {
    EXPECT_EQ(error.line(), 5);
    EXPECT_EQ(error.column(), 7);
    EXPECT_EQ(error.field(), "force");
  }
}

TEST(LoopCsv, MissingFileIsAnError) {
  EXPECT_THROW(read_loop_csv("/nonexistent/loop.csv"), LoopCsvError);
  try {
    read_loop_csv("/nonexistent/loop.csv");
  } catch (const LoopCsvError& error) {
    EXPECT_EQ(std::string(error.what()), "/nonexistent/loop.csv: error: cannot open the file");
  }
}

TEST(LoopCsv, TheBundledSampleReads) {
  const MeasuredLoop loop = read_loop_csv(std::string(DYNGEN_SOURCE_DIR) + "/models/hysteresis/transmission_loop.csv");
  EXPECT_EQ(loop.deflection.size(), 1001u);
  EXPECT_EQ(loop.time.size(), 1001u);
  EXPECT_EQ(loop.line.front(), 5);
}

}  // namespace
}  // namespace dyngen::hysteresis
