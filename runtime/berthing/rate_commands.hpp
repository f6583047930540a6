// An operator's end-effector rate commands, as text: one command a line,
//   t vx vy vz wx wy wz
// the time stamp t [s] from the start of the run, then the commanded velocity of the payload ring's
// centre [m/s] and its angular velocity [rad/s], in the axes the scenario names (the port's or the
// ring's). Fields are separated by blanks or tabs; blank lines and text from '#' on are ignored.
// Time stamps never decrease. A command holds until the next one; before the first, the rates are
// zero; after the last, the last holds (end a sequence with a zero command to stop the payload).
#pragma once

#include <Eigen/Core>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dyngen::berthing {

using Twist = Eigen::Matrix<double, 6, 1>;  // [v; w]

struct RateCommand {
  double time = 0.0;  // s
  Twist twist = Twist::Zero();
};

// A bad command line: what() is "source:line:column: error: <what is wrong and what would be valid>".
class RateCommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The command of one line (line numbers from 1), or none for a blank or comment line. `previous` is
// the last command's time stamp, which this one must not precede. RateCommandError on a fault.
std::optional<RateCommand> parse_rate_command(std::string_view line, const std::string& source, long line_number,
                                              std::optional<double> previous);

// Every command of a file. RateCommandError on the first bad line (or a file that cannot be read).
std::vector<RateCommand> read_rate_command_file(const std::string& path);

}  // namespace dyngen::berthing
