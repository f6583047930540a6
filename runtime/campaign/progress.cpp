#include "campaign/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace dyngen::campaign {

namespace {

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  char text[48];
  if (s < 60)
    std::snprintf(text, sizeof text, "%lld s", s);
  else if (s < 3600)
    std::snprintf(text, sizeof text, "%lld min %02lld s", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%lld h %02lld min", s / 3600, s / 60 % 60);
  return text;
}

}  // namespace

std::string progress_line(std::uint64_t done, std::uint64_t total, std::uint64_t failed, double cases_per_second) {
  char text[160];
  std::snprintf(text, sizeof text, "%llu/%llu cases (%.0f %%), %llu failed", static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(total), total ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0,
                static_cast<unsigned long long>(failed));
  std::string line = text;
  if (cases_per_second > 0.0) {
    std::snprintf(text, sizeof text, ", %.3g cases/s, ETA ", cases_per_second);
    line += text + duration_text(static_cast<double>(total - done) / cases_per_second);
  }
  return line;
}

std::ostream* progress_stream(bool quiet) { return !quiet && ::isatty(STDERR_FILENO) ? &std::cerr : nullptr; }

Progress::Progress(std::ostream* out, std::uint64_t total, std::uint64_t stored, std::uint64_t failed)
    : out_(out),
      total_(total),
      done_(stored),
      failed_(failed),
      done_at_start_(stored),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {
  if (out_) draw();
}

void Progress::case_stored(bool failed) {
  ++done_;
  if (failed) ++failed_;
  if (out_ && std::chrono::steady_clock::now() - last_draw_ >= std::chrono::milliseconds(200)) draw();
}

void Progress::finish() {
  if (!out_) return;
  draw();
  *out_ << "\n" << std::flush;
}

void Progress::draw() {
  last_draw_ = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(last_draw_ - start_).count();
  const double rate = elapsed > 0.0 ? static_cast<double>(done_ - done_at_start_) / elapsed : 0.0;
  // Carriage return and erase-to-end-of-line: the line is redrawn in place.
  *out_ << "\r" << progress_line(done_, total_, failed_, rate) << "\033[K" << std::flush;
}

}  // namespace dyngen::campaign
