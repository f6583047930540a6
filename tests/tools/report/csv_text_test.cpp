// CSV text of run files: complete lines only, quoted fields, numbers as %.9g prints them.
#include <cmath>

#include <gtest/gtest.h>

#include "report/csv_text.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

std::vector<std::string> texts(const std::vector<CsvField>& fields) {
  std::vector<std::string> result;
  for (const CsvField& field : fields) result.push_back(field.text);
  return result;
}

TEST(CompleteLines, LeavesOutALastLineWithoutLineBreak) {
  const CompleteLines lines = complete_lines("a,b\r\n1,2\n3,4");
  ASSERT_EQ(lines.lines.size(), 2u);
  EXPECT_EQ(lines.lines[0].text, "a,b");
  EXPECT_EQ(lines.lines[1].text, "1,2");
  EXPECT_EQ(lines.lines[1].number, 2);
  EXPECT_EQ(lines.incomplete_line, 3);
}

TEST(CompleteLines, AllLinesEndedMeansNoneLeftOut) {
  const CompleteLines lines = complete_lines("a\n\nb\n");
  ASSERT_EQ(lines.lines.size(), 3u);
  EXPECT_EQ(lines.lines[1].text, "");
  EXPECT_EQ(lines.incomplete_line, 0);
  EXPECT_TRUE(complete_lines("").lines.empty());
}

TEST(SplitCsvLine, QuotedFieldsHoldCommasAndDoubledQuotes) {
  const auto fields = split_csv_line({R"(1.5,capture,"all latches, ""rule"" kept" , x )", 7}, "events.csv");
  EXPECT_EQ(texts(fields), (std::vector<std::string>{"1.5", "capture", "all latches, \"rule\" kept", "x"}));
  EXPECT_EQ(fields[2].column, 13);
  EXPECT_EQ(texts(split_csv_line({"a,,", 1}, "f")), (std::vector<std::string>{"a", "", ""}));
}

TEST(SplitCsvLine, UnclosedQuoteNamesItsLineAndColumn) {
  try {
    split_csv_line({R"(1,"open, never closed)", 4}, "events.csv");
    FAIL() << "no error";
  } catch (const RunFileError& error) {
    EXPECT_EQ(error.line(), 4);
    EXPECT_EQ(error.column(), 3);
    EXPECT_NE(std::string(error.what()).find("events.csv:4:3: error: the quote opened here is not closed"),
              std::string::npos);
  }
}

TEST(SplitCsvLine, TextAfterClosingQuoteIsAnError) {
  EXPECT_THROW(split_csv_line({R"("a"b,c)", 1}, "f"), RunFileError);
}

TEST(ParseNumber, AcceptsWhatPrintfPrints) {
  EXPECT_EQ(parse_number("0.123456789"), 0.123456789);
  EXPECT_EQ(parse_number("-1.5e-07"), -1.5e-07);
  EXPECT_EQ(parse_number("+2"), 2.0);
  EXPECT_TRUE(std::isnan(*parse_number("nan")));
  EXPECT_TRUE(std::isnan(*parse_number("-nan")));
  EXPECT_EQ(parse_number("inf"), INFINITY);
  EXPECT_EQ(parse_number("-inf"), -INFINITY);
  EXPECT_EQ(parse_number("1e999"), INFINITY);
}

TEST(ParseNumber, RefusesAnythingElse) {
  for (const char* text : {"", "abc", "1.2.3", "1e", "1,5", " 1", "0x10x"}) EXPECT_FALSE(parse_number(text)) << text;
}

}  // namespace
}  // namespace dyngen::report
