#include "berthing/operator_input.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>

namespace dyngen::berthing {

struct OperatorInput::Shared {
  std::mutex mutex;
  std::condition_variable arrived;
  std::deque<RateCommand> pending;    // read, not yet in force, in stamp order
  bool ended = false;                 // no more commands will come
  std::optional<std::string> error;   // the bad line that ended the input
  std::atomic<bool> stop{false};      // asks the reader to return
};

OperatorInput::OperatorInput(std::vector<RateCommand> commands) : shared_(std::make_shared<Shared>()) {
  shared_->pending.assign(commands.begin(), commands.end());
  shared_->ended = true;
}

OperatorInput::OperatorInput(int descriptor, std::string source, const std::atomic<bool>* interrupt)
    : shared_(std::make_shared<Shared>()), interrupt_(interrupt) {
  reader_ = std::thread([this, descriptor, source = std::move(source)] { read_loop(descriptor, source); });
}

OperatorInput::~OperatorInput() {
  shared_->stop = true;
  if (reader_.joinable()) reader_.join();
}

void OperatorInput::read_loop(int descriptor, std::string source) {
  Shared& s = *shared_;
  std::string buffer;
  long line_number = 0;
  std::optional<double> previous;
  // one complete line: parsed and queued; false once a line was bad
  const auto take_line = [&](std::string_view line) {
    ++line_number;
    try {
      if (std::optional<RateCommand> c = parse_rate_command(line, source, line_number, previous)) {
        previous = c->time;
        const std::lock_guard<std::mutex> lock(s.mutex);
        s.pending.push_back(*c);
      }
      return true;
    } catch (const RateCommandError& e) {
      const std::lock_guard<std::mutex> lock(s.mutex);
      s.error = e.what();
      return false;
    }
  };
  bool good = true;
  while (good && !s.stop) {
    pollfd p{descriptor, POLLIN, 0};
    // a bounded wait, so that a stop request is seen while the operator is silent
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;
    char chunk[4096];
    const ssize_t n = ready < 0 ? -1 : ::read(descriptor, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n < 0) {
        const std::lock_guard<std::mutex> lock(s.mutex);
        s.error = source + ": error: cannot read the operator's commands (" + std::strerror(errno) + ")";
      } else if (!buffer.empty()) {
        take_line(buffer);  // a last line without its line break
      }
      break;
    }
    buffer.append(chunk, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t end; good && (end = buffer.find('\n', start)) != std::string::npos; start = end + 1)
      good = take_line(std::string_view(buffer).substr(start, end - start));
    buffer.erase(0, start);
    s.arrived.notify_all();
  }
  {
    const std::lock_guard<std::mutex> lock(s.mutex);
    s.ended = true;
  }
  s.arrived.notify_all();
}

const Twist& OperatorInput::at(double t, bool wait) {
  Shared& s = *shared_;
  std::unique_lock<std::mutex> lock(s.mutex);
  while (true) {
    while (!s.pending.empty() && s.pending.front().time <= t) {
      current_ = s.pending.front().twist;
      s.pending.pop_front();
      ++applied_;
    }
    const bool known = !s.pending.empty() || s.ended;
    if (known || !wait || (interrupt_ != nullptr && interrupt_->load())) break;
    s.arrived.wait_for(lock, std::chrono::milliseconds(100));
  }
  if (s.pending.empty() && s.error) throw RateCommandError(*s.error);
  return current_;
}

}  // namespace dyngen::berthing
