// Pacing to the wall clock, on a test clock: frames finished early sleep to their deadlines; a late
// frame is an overrun with its lateness, and the schedule is kept (the next frames catch up rather
// than the run drifting behind the clock); the share of the wall time the frames worked. And on the real clock: a
// paced run takes its simulated time.
#include "berthing/real_time_pacer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace dyngen::berthing {
namespace {

using Clock = RealTimePacer::Clock;
using std::chrono::microseconds;

struct TestClock {
  Clock::time_point now = Clock::time_point(std::chrono::seconds(1000));
  std::vector<Clock::time_point> sleeps;
};

TEST(RealTimePacer, SleepsToEachFrameAndCountsTheLateOnes) {
  TestClock clock;
  RealTimePacer pacer([&] { return clock.now; },
                      [&](Clock::time_point until) {
                        clock.sleeps.push_back(until);
                        clock.now = until;
                      });
  const Clock::time_point start = clock.now;
  pacer.start(0.0);
  clock.now += microseconds(200);  // frame 1: 0.2 ms of work in a 1 ms frame
  pacer.end_frame(0.001);
  ASSERT_EQ(clock.sleeps.size(), 1u);
  EXPECT_EQ(clock.sleeps[0], start + microseconds(1000));
  clock.now += microseconds(2500);  // frame 2: 2.5 ms, late by 1.5 ms
  pacer.end_frame(0.002);
  EXPECT_EQ(pacer.overruns(), 1);
  EXPECT_NEAR(pacer.max_lateness(), 1.5e-3, 1e-12);
  clock.now += microseconds(100);  // frame 3 catches up: its deadline (3 ms) has passed too
  pacer.end_frame(0.003);
  EXPECT_EQ(pacer.overruns(), 2);
  clock.now += microseconds(100);  // frame 4 ends at 3.7 ms, before its 4 ms: back on schedule
  pacer.end_frame(0.004);
  EXPECT_EQ(clock.sleeps.back(), start + microseconds(4000));
  EXPECT_EQ(pacer.frames(), 4);
  EXPECT_EQ(pacer.overruns(), 2);
  EXPECT_NEAR(pacer.max_lateness(), 1.5e-3, 1e-12);
  // 4 ms of wall time, of which the frames worked 0.2 + 2.5 + 0.1 + 0.1 ms
  EXPECT_NEAR(pacer.load(), 2.9 / 4.0, 1e-9);
}

TEST(RealTimePacer, APacedRunTakesItsSimulatedTime) {
  RealTimePacer pacer;
  const auto start = Clock::now();
  pacer.start(0.0);
  for (int k = 1; k <= 50; ++k) pacer.end_frame(k * 1e-3);
  EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(50));
  EXPECT_EQ(pacer.frames(), 50);
}

}  // namespace
}  // namespace dyngen::berthing
