// Pacing a simulation to the wall clock (thesis ch. VIII, sec. 8.4: the real-time berthing bench):
// the state at model time t is released no earlier than t after the start, so an operator or a
// hardware loop sees the payload move as it would. Frame k (computing the step that ends at model
// time t_k) has the deadline start + t_k; finished before it, the pacer sleeps until it; finished
// after it, the frame is an overrun, counted with its lateness, and the next frames keep the same
// schedule (the run catches up rather than drifting behind the clock).
#pragma once

#include <chrono>
#include <functional>

namespace dyngen::berthing {

class RealTimePacer {
 public:
  using Clock = std::chrono::steady_clock;
  // The clock and how to wait until a time point (by default the steady clock and
  // std::this_thread::sleep_until); tests give their own.
  RealTimePacer(std::function<Clock::time_point()> now = Clock::now,
                std::function<void(Clock::time_point)> sleep_until = {});

  // Starts the schedule: model time `t0` is now.
  void start(double t0);
  // After computing the frame that ends at model time t: sleeps until its deadline, or counts an
  // overrun when the deadline has passed.
  void end_frame(double t);

  long frames() const { return frames_; }
  long overruns() const { return overruns_; }
  double max_lateness() const { return max_lateness_; }  // s
  // The share of the wall time spent in the frames' work (from waking to the end of the frame; the
  // time a late wake-up loses to the scheduler is not work).
  double load() const;

 private:
  std::function<Clock::time_point()> now_;
  std::function<void(Clock::time_point)> sleep_until_;
  Clock::time_point start_, woke_;
  double t0_ = 0.0;
  long frames_ = 0, overruns_ = 0;
  double max_lateness_ = 0.0;
  Clock::duration busy_{};
};

}  // namespace dyngen::berthing
