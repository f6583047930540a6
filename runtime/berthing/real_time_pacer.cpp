#include "berthing/real_time_pacer.hpp"

#include <algorithm>
#include <thread>

namespace dyngen::berthing {

RealTimePacer::RealTimePacer(std::function<Clock::time_point()> now, std::function<void(Clock::time_point)> sleep_until)
    : now_(std::move(now)), sleep_until_(std::move(sleep_until)) {
  if (!sleep_until_) sleep_until_ = [](Clock::time_point t) { std::this_thread::sleep_until(t); };
}

void RealTimePacer::start(double t0) {
  t0_ = t0;
  start_ = woke_ = now_();
}

void RealTimePacer::end_frame(double t) {
  ++frames_;
  const Clock::time_point deadline =
      start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(t - t0_));
  const Clock::time_point now = now_();
  busy_ += now - woke_;
  if (now > deadline) {
    ++overruns_;
    max_lateness_ = std::max(max_lateness_, std::chrono::duration<double>(now - deadline).count());
    woke_ = now;
    return;
  }
  sleep_until_(deadline);
  woke_ = now_();
}

double RealTimePacer::load() const {
  const double wall = std::chrono::duration<double>(now_() - start_).count();
  return wall > 0.0 ? std::chrono::duration<double>(busy_).count() / wall : 0.0;
}

}  // namespace dyngen::berthing
