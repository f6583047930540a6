// The operator's input as the run reaches it: the command in force at a time (zero before the first,
// each held until the next, the last held); read from a pipe line by line by its reader thread:
// waiting, the run gets exactly the commands stamped up to its time whenever they arrive; not
// waiting (real time), it takes what has arrived; a bad line is reported once the commands before it
// are used.
#include "berthing/operator_input.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include <unistd.h>

namespace dyngen::berthing {
namespace {

Twist vx(double v) { return (Twist() << v, 0, 0, 0, 0, 0).finished(); }

// A pipe the test writes operator lines into.
struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() { EXPECT_EQ(::pipe(fd), 0); }
  ~Pipe() {
    close_writer();
    ::close(fd[0]);
  }
  void write(const std::string& text) const { EXPECT_EQ(::write(fd[1], text.data(), text.size()), static_cast<ssize_t>(text.size())); }
  void close_writer() {
    if (fd[1] >= 0) ::close(fd[1]);
    fd[1] = -1;
  }
};

TEST(OperatorInput, EachCommandHoldsUntilTheNext) {
  OperatorInput input({{1.0, vx(0.01)}, {2.0, vx(0.02)}, {2.0, vx(0.03)}, {4.0, vx(0.0)}});
  EXPECT_EQ(input.at(0.5, true), Twist::Zero());
  EXPECT_EQ(input.at(1.0, true), vx(0.01));
  EXPECT_EQ(input.at(1.999, false), vx(0.01));
  EXPECT_EQ(input.at(2.0, true), vx(0.03));  // the last of equal stamps
  EXPECT_EQ(input.at(10.0, true), Twist::Zero());
  EXPECT_EQ(input.commands_applied(), 4);
}

TEST(OperatorInput, WaitingTheRunGetsTheCommandsStampedUpToItsTimeWheneverTheyArrive) {
  Pipe pipe;
  OperatorInput input(pipe.fd[0], "stdin", nullptr);
  std::thread operator_([&] {
    pipe.write("0 0.01 0 0 0 0 0\n1.5 0.02");
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    pipe.write(" 0 0 0 0 0\n");  // the line completed later
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    pipe.write("3 0 0 0 0 0 0\n");
  });
  EXPECT_EQ(input.at(1.0, true), vx(0.01));  // waits for the stamp after 1 s
  EXPECT_EQ(input.at(2.0, true), vx(0.02));  // waits for the third line
  operator_.join();
  pipe.close_writer();
  EXPECT_EQ(input.at(5.0, true), Twist::Zero());  // the end of input tells no more will come
}

TEST(OperatorInput, NotWaitingTheRunTakesWhatHasArrived) {
  Pipe pipe;
  OperatorInput input(pipe.fd[0], "stdin", nullptr);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(input.at(100.0, false), Twist::Zero());  // nothing yet, and no wait
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(50));
  pipe.write("0.5 0.01 0 0 0 0 0\n");
  // a line stamped in the past takes effect when it arrives
  for (int k = 0; k < 100 && input.at(100.0, false) == Twist::Zero(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(input.at(100.0, false), vx(0.01));
}

TEST(OperatorInput, ABadLineIsReportedOnceTheCommandsBeforeItAreUsed) {
  Pipe pipe;
  OperatorInput input(pipe.fd[0], "stdin", nullptr);
  pipe.write("# operator\n1 0.01 0 0 0 0 0\n2 0.01 zero 0 0 0 0\n");
  EXPECT_EQ(input.at(0.5, true), Twist::Zero());  // the command at 1 s is still to come
  try {
    input.at(1.5, true);
    ADD_FAILURE() << "the bad line went unnoticed";
  } catch (const RateCommandError& e) {
    EXPECT_EQ(std::string(e.what()), "stdin:3:8: error: expected a finite number for vy [m/s], got 'zero'");
  }
}

TEST(OperatorInput, AnInterruptEndsAWaitForInput) {
  Pipe pipe;
  std::atomic<bool> interrupt{false};
  OperatorInput input(pipe.fd[0], "stdin", &interrupt);
  std::thread ctrl_c([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    interrupt = true;
  });
  EXPECT_EQ(input.at(1.0, true), Twist::Zero());
  ctrl_c.join();
}

}  // namespace
}  // namespace dyngen::berthing
