#include "berthing/rate_commands.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

namespace dyngen::berthing {

namespace {

[[noreturn]] void fail(const std::string& source, long line_number, std::size_t column, const std::string& message) {
  throw RateCommandError(source + ":" + std::to_string(line_number) + ":" + std::to_string(column + 1) +
                         ": error: " + message);
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

std::optional<RateCommand> parse_rate_command(std::string_view line, const std::string& source, long line_number,
                                              std::optional<double> previous) {
  static const char* const kFields[7] = {"time t [s]", "vx [m/s]", "vy [m/s]", "vz [m/s]",
                                          "wx [rad/s]", "wy [rad/s]", "wz [rad/s]"};
  const std::size_t comment = line.find('#');
  if (comment != std::string_view::npos) line = line.substr(0, comment);
  double values[7];
  int count = 0;
  std::size_t i = 0;
  while (true) {
    while (i < line.size() && blank(line[i])) ++i;
    if (i == line.size()) break;
    std::size_t end = i;
    while (end < line.size() && !blank(line[end])) ++end;
    const std::string field(line.substr(i, end - i));
    if (count == 7) fail(source, line_number, i, "more than 7 fields; expected 't vx vy vz wx wy wz'");
    char* stop = nullptr;
    errno = 0;
    const double v = std::strtod(field.c_str(), &stop);
    if (stop != field.c_str() + field.size() || errno == ERANGE || !std::isfinite(v))
      fail(source, line_number, i, std::string("expected a finite number for ") + kFields[count] + ", got '" + field + "'");
    if (count == 0 && v < 0.0) fail(source, line_number, i, "expected a time stamp >= 0 s, got '" + field + "'");
    if (count == 0 && previous && v < *previous)
      fail(source, line_number, i,
           "expected a time stamp not before the previous command's (" + std::to_string(*previous) + " s), got '" + field + "'");
    values[count++] = v;
    i = end;
  }
  if (count == 0) return std::nullopt;
  if (count < 7)
    fail(source, line_number, line.size(),
         "expected 7 fields 't vx vy vz wx wy wz', got " + std::to_string(count) + " (missing " + kFields[count] + ")");
  RateCommand command;
  command.time = values[0];
  for (int k = 0; k < 6; ++k) command.twist[k] = values[k + 1];
  return command;
}

std::vector<RateCommand> read_rate_command_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw RateCommandError(path + ": error: cannot read the command file");
  std::vector<RateCommand> commands;
  std::string line;
  for (long number = 1; std::getline(in, line); ++number) {
    const std::optional<double> previous = commands.empty() ? std::nullopt : std::optional(commands.back().time);
    if (std::optional<RateCommand> c = parse_rate_command(line, path, number, previous)) commands.push_back(*c);
  }
  return commands;
}

}  // namespace dyngen::berthing
