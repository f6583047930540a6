// The progress line of a running campaign on a terminal: cases done of the total, failures, rate
// and time to go, redrawn in place.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace dyngen::campaign {

// "412/1000 cases (41 %), 3 failed, 12.5 cases/s, ETA 47 s"; the rate and ETA are left out while
// the rate is unknown (0).
std::string progress_line(std::uint64_t done, std::uint64_t total, std::uint64_t failed, double cases_per_second);

// stderr when it is a terminal and not quiet; nullptr (no progress) otherwise.
std::ostream* progress_stream(bool quiet);

class Progress {
 public:
  // out: where to draw, or nullptr for none. stored, failed: what the store held at the start (a
  // resumed campaign); the rate counts the cases of this run only.
  Progress(std::ostream* out, std::uint64_t total, std::uint64_t stored, std::uint64_t failed);
  // A case was stored; redraws at most five times a second.
  void case_stored(bool failed);
  // Draws the final line and ends it.
  void finish();

 private:
  void draw();
  std::ostream* out_;
  std::uint64_t total_, done_, failed_, done_at_start_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace dyngen::campaign
