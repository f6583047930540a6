#include "compare/ginac_baseline.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <new>
#include <sstream>
#include <stdexcept>

#include "compare/ginac_count.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/forward_dynamics_crba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::compare {

namespace {

using GiNaC::ex;
using Clock = std::chrono::steady_clock;

// Model numbers as GiNaC numbers; 0 and ±1 exact so that GiNaC's own evaluation drops them.
ex folded(double value) {
  if (value == 0.0) return 0;
  if (value == 1.0) return 1;
  if (value == -1.0) return -1;
  return GiNaC::numeric(value);
}

algorithms::State<ex> symbolic_state(const algorithms::Mechanism<ex>& mech) {
  algorithms::State<ex> state(mech);
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const std::string k = std::to_string(i);
    state.q[u] = GiNaC::symbol("q" + k);
    state.qd[u] = GiNaC::symbol("qd" + k);
    state.qdd[u] = GiNaC::symbol("qdd" + k);
    if (mech.actuated[u]) state.tau[u] = GiNaC::symbol("tau" + k);
  }
  if (mech.moving_base) {
    for (int c = 0; c < 3; ++c) {
      state.w0[c] = GiNaC::symbol("w0_" + std::to_string(c));
      state.e0[c] = GiNaC::symbol("e0_" + std::to_string(c));
      state.a0[c] = GiNaC::symbol("a0_" + std::to_string(c));
    }
  }
  for (int j = 0; j < mech.body_count; ++j) {
    if (!mech.external_wrench[static_cast<std::size_t>(j)]) continue;
    for (int c = 0; c < 6; ++c)
      state.f_ext[static_cast<std::size_t>(j)][c] = GiNaC::symbol("f" + std::to_string(j) + "_" + std::to_string(c));
  }
  return state;
}

void write_line(int fd, const std::string& line) {
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

std::string stage_line(const char* stage, const OpTally& t, double seconds) {
  std::ostringstream line;
  line.precision(17);
  line << stage << " " << t.mul << " " << t.add << " " << t.div << " " << t.sqrt << " " << t.trig << " "
       << seconds << "\n";
  return line.str();
}

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

[[noreturn]] void run_child(const Model& model, CasKernel kernel, int fd) {
#ifndef __SANITIZE_ADDRESS__
  // The child may use 6 GiB of address space; beyond it the run is reported as out of memory.
  // (Not under AddressSanitizer, whose shadow memory alone exceeds any such limit.)
  const rlimit memory{rlim_t{6} << 30, rlim_t{6} << 30};
  setrlimit(RLIMIT_AS, &memory);
#endif
  const char* stage = "unexpanded";
  try {
    auto start = Clock::now();
    const std::vector<ex> outputs = ginac_outputs(model, kernel);
    write_line(fd, stage_line(stage, count_tree_operations(outputs), since(start)));
    stage = "expanded";
    start = Clock::now();
    std::vector<ex> expanded;
    for (const ex& e : outputs) expanded.push_back(e.expand());
    write_line(fd, stage_line(stage, count_tree_operations(expanded), since(start)));
  } catch (const std::bad_alloc&) {
    write_line(fd, std::string("failed ") + stage + " out of memory\n");
  } catch (const std::exception& error) {
    write_line(fd, std::string("failed ") + stage + " " + error.what() + "\n");
  }
  ::close(fd);
  ::_exit(0);
}

void parse(const std::string& text, CasBaseline& result) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string stage;
    fields >> stage;
    if (stage == "failed") {
      std::string which, message;
      fields >> which;
      std::getline(fields, message);
      (which == "unexpanded" ? result.unexpanded : result.expanded).status = message.substr(message.find_first_not_of(' '));
      continue;
    }
    CasStage& target = stage == "unexpanded" ? result.unexpanded : result.expanded;
    OpTally t;
    fields >> t.mul >> t.add >> t.div >> t.sqrt >> t.trig >> target.seconds;
    target.count = t;
  }
}

std::string over_limit(double limit_seconds) {
  std::ostringstream text;
  text << "over limit (" << limit_seconds << " s)";
  return text.str();
}

}  // namespace

std::vector<ex> ginac_outputs(const Model& model, CasKernel kernel) {
  const algorithms::Mechanism<ex> mech =
      algorithms::make_mechanism<ex>(model, [](const Quantity& q) { return folded(q.value); });
  const algorithms::State<ex> state = symbolic_state(mech);
  switch (kernel) {
    case CasKernel::mass_matrix: {
      algorithms::CrbaData<ex> data(mech);
      algorithms::crba(mech, state, data);
      return data.H.data;
    }
    case CasKernel::inverse_dynamics: {
      algorithms::RneaData<ex> data(mech);
      algorithms::rnea(mech, state, data);
      return data.tau;
    }
    case CasKernel::forward_dynamics_crba:
      return algorithms::forward_dynamics_crba(mech, state);
    case CasKernel::forward_dynamics_aba: {
      algorithms::AbaData<ex> data(mech);
      algorithms::aba(mech, state, data);
      return data.qdd;
    }
    case CasKernel::forward_dynamics_loops: {
      algorithms::LoopDynamicsData<ex> data(mech, mech);
      algorithms::forward_dynamics_loops(mech, mech, state, data);
      return data.qdd;
    }
  }
  return {};
}

CasBaseline ginac_baseline(const Model& model, CasKernel kernel, double limit_seconds) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) throw std::runtime_error("GiNaC baseline: cannot create a pipe");
  const pid_t child = ::fork();
  if (child < 0) throw std::runtime_error("GiNaC baseline: cannot fork");
  if (child == 0) {
    ::close(pipe_fds[0]);
    run_child(model, kernel, pipe_fds[1]);
  }
  ::close(pipe_fds[1]);
  const auto deadline = Clock::now() + std::chrono::duration<double>(limit_seconds);
  std::string received;
  bool finished = false;
  while (!finished) {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0.0) break;
    pollfd watch{pipe_fds[0], POLLIN, 0};
    const int ready = ::poll(&watch, 1, static_cast<int>(std::ceil(left * 1000.0)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    char buffer[4096];
    const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (n <= 0) finished = true;
    else received.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(pipe_fds[0]);
  if (!finished) ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  CasBaseline result;
  parse(received, result);
  const std::string stopped = finished ? "child process ended without a result" : over_limit(limit_seconds);
  if (!result.unexpanded.count && result.unexpanded.status.empty()) result.unexpanded.status = stopped;
  if (!result.expanded.count && result.expanded.status.empty())
    result.expanded.status = result.unexpanded.count ? stopped : "not started";
  return result;
}

}  // namespace dyngen::compare
