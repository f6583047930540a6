// Operator command lines: fields, blanks and comments; every fault named with source:line:column
// and what would be valid; a command file read line by line.
#include "berthing/rate_commands.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace dyngen::berthing {
namespace {

std::string fault(const std::string& line, std::optional<double> previous = std::nullopt) {
  try {
    parse_rate_command(line, "ops.txt", 7, previous);
  } catch (const RateCommandError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no fault in '" << line << "'";
  return {};
}

TEST(RateCommands, ReadsTheSevenFieldsOfALine) {
  const auto c = parse_rate_command("  12.5\t0.01 -0.002 0 0.001 0 -1e-3   # press", "ops.txt", 1, 10.0);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->time, 12.5);
  Twist expected;
  expected << 0.01, -0.002, 0.0, 0.001, 0.0, -1e-3;
  EXPECT_EQ(c->twist, expected);
  EXPECT_EQ(parse_rate_command("3 0 0 0 0 0 0\r", "ops.txt", 1, 3.0)->time, 3.0);  // an equal stamp, CRLF
}

TEST(RateCommands, BlankAndCommentLinesHoldNoCommand) {
  EXPECT_FALSE(parse_rate_command("", "ops.txt", 1, std::nullopt).has_value());
  EXPECT_FALSE(parse_rate_command("   \t ", "ops.txt", 1, std::nullopt).has_value());
  EXPECT_FALSE(parse_rate_command("# t vx vy vz wx wy wz", "ops.txt", 1, std::nullopt).has_value());
}

TEST(RateCommands, FaultsNameLineColumnAndWhatWouldBeValid) {
  EXPECT_EQ(fault("1 0.01 0 0 0 0"), "ops.txt:7:15: error: expected 7 fields 't vx vy vz wx wy wz', got 6 (missing wz [rad/s])");
  EXPECT_EQ(fault("1 0.01 x 0 0 0 0"), "ops.txt:7:8: error: expected a finite number for vy [m/s], got 'x'");
  EXPECT_EQ(fault("1 0 0 0 0 0 0 5"), "ops.txt:7:15: error: more than 7 fields; expected 't vx vy vz wx wy wz'");
  EXPECT_EQ(fault("-1 0 0 0 0 0 0"), "ops.txt:7:1: error: expected a time stamp >= 0 s, got '-1'");
  EXPECT_EQ(fault("  4 0 0 0 0 0 0", 5.0),
            "ops.txt:7:3: error: expected a time stamp not before the previous command's (5.000000 s), got '4'");
  EXPECT_EQ(fault("1 nan 0 0 0 0 0"), "ops.txt:7:3: error: expected a finite number for vx [m/s], got 'nan'");
  EXPECT_EQ(fault("1 1e999 0 0 0 0 0"), "ops.txt:7:3: error: expected a finite number for vx [m/s], got '1e999'");
}

TEST(RateCommands, AFileIsReadLineByLine) {
  const auto path = std::filesystem::temp_directory_path() / ("rate_commands_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "# header\n0 0 0 0 0 0 0\n\n5 0.01 0 0 0 0 0\n9 0 0 0 0 0\n";
  try {
    read_rate_command_file(path.string());
    ADD_FAILURE() << "the short last line was accepted";
  } catch (const RateCommandError& e) {
    EXPECT_EQ(std::string(e.what()), path.string() + ":5:12: error: expected 7 fields 't vx vy vz wx wy wz', got 6 (missing wz [rad/s])");
  }
  std::ofstream(path) << "# header\n0 0 0 0 0 0 0\n\n5 0.01 0 0 0 0 0\n";
  const std::vector<RateCommand> commands = read_rate_command_file(path.string());
  ASSERT_EQ(commands.size(), 2u);
  EXPECT_EQ(commands[1].time, 5.0);
  EXPECT_EQ(commands[1].twist[0], 0.01);
  std::filesystem::remove(path);
  EXPECT_THROW(read_rate_command_file(path.string()), RateCommandError);
}

}  // namespace
}  // namespace dyngen::berthing
