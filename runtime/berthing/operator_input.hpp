// The operator's rate commands (rate_commands.hpp) as the run reaches them: all known in advance (a
// command file), or read line by line from a file descriptor (standard input) by a reader thread
// while the run goes, so that a run paced to the wall clock never blocks on the operator.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "berthing/rate_commands.hpp"

namespace dyngen::berthing {

class OperatorInput {
 public:
  // Every command known (a command file read by read_rate_command_file).
  explicit OperatorInput(std::vector<RateCommand> commands);
  // Commands read from `descriptor` (left open) as they come, named `source` in messages
  // ("stdin:12:5: error: ..."). `interrupt` (may be null), when set, ends a wait for input.
  OperatorInput(int descriptor, std::string source, const std::atomic<bool>* interrupt);
  ~OperatorInput();  // stops the reader (within 0.1 s)
  OperatorInput(const OperatorInput&) = delete;
  OperatorInput& operator=(const OperatorInput&) = delete;

  // The command in force at time t: the last one stamped at or before t; zero rates before the
  // first. With `wait`, first blocks until the input tells whether another command stamped at or
  // before t is still to come (a later stamp arrived, or the input ended): the run then does not
  // depend on when lines arrive. Without, it takes what has arrived: a line arriving after its time
  // stamp takes effect on arrival (a run paced to the wall clock). RateCommandError for a bad line,
  // once the commands before it are used.
  const Twist& at(double t, bool wait);
  // Commands taken into force so far.
  long commands_applied() const { return applied_; }

 private:
  struct Shared;
  void read_loop(int descriptor, std::string source);

  std::shared_ptr<Shared> shared_;
  std::thread reader_;
  const std::atomic<bool>* interrupt_ = nullptr;
  Twist current_ = Twist::Zero();
  long applied_ = 0;
};

}  // namespace dyngen::berthing
