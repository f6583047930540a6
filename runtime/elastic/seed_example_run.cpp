#include "elastic/seed_example_run.hpp"

#include "elastic/transfer_matrix_houbolt.hpp"

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <cmath>
#include <stdexcept>

namespace dyngen::elastic {

namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// Makes a solver and steps it over `steps` steps, recording every `record_every`-th; a failure
// (while making it or stepping) ends the run with its reason, the history so far kept.
template <class Solver>
void record_run(RunHistory& history, const std::function<std::unique_ptr<Solver>()>& make, long steps,
                long record_every, const std::function<ManipulatorState(const Solver&)>& state_of) {
  const auto start = std::chrono::steady_clock::now();
  history.add_event(0.0, "start", history.method());
  std::unique_ptr<Solver> solver;
  try {
    solver = make();
    history.observe(state_of(*solver), true);
    for (long i = 1; i <= steps; ++i) {
      solver->step();
      history.observe(state_of(*solver), i % record_every == 0);
    }
    history.status = "completed";
    history.add_event(solver->time(), "end", "completed");
  } catch (const std::exception& error) {
    history.status = std::string("failed: ") + error.what();
    history.add_event(solver ? solver->time() : 0.0, "failed", error.what());
  }
  history.steps = solver ? solver->steps() : 0;
  history.wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

RunHistory run_seed_method(const SeedExampleSettings& settings) {
  const SeedExample& example = settings.example;
  RunHistory history(seed_manipulator(example), "transfer_matrix_houbolt",
                     "step " + number(example.step) + " s, " + std::to_string(example.segments) + " segments per link");
  record_run<TransferMatrixHoubolt>(
      history,
      [&] {
        return std::make_unique<TransferMatrixHoubolt>(seed_manipulator(example),
                                                       SeedSchemeSettings{example.step, example.segments});
      },
      std::lround(example.duration / example.step), 1, [](const TransferMatrixHoubolt& s) { return s.state(); });
  return history;
}

RunHistory run_cross_check(const SeedExampleSettings& settings) {
  const SeedExample& example = settings.example;
  const FiniteElementSettings& fe = settings.cross_check;
  const long per_record = std::lround(example.step / fe.step);
  if (per_record < 1 || std::abs(per_record * fe.step - example.step) > 1e-12 * example.step) {
    throw std::invalid_argument("run_cross_check: the example's step must be a whole number of the cross-check's steps");
  }
  RunHistory history(seed_manipulator(example), "finite_element_newmark",
                     std::to_string(fe.elements) + " Hermite elements per link, step " + number(fe.step) + " s" +
                         (fe.deflection_transport ? ", with the deflection's transport acceleration" : ""));
  const int segments = example.segments;
  record_run<FiniteElementSolver>(
      history, [&] { return std::make_unique<FiniteElementSolver>(seed_manipulator(example), fe); },
      per_record * std::lround(example.duration / example.step), per_record,
      [segments](const FiniteElementSolver& s) { return s.state(segments); });
  return history;
}

void write_seed_example_runs(const std::filesystem::path& seed_method_directory,
                             const std::filesystem::path& cross_check_directory, const SeedExampleSettings& settings) {
  const RunHistory seed_method = run_seed_method(settings);
  const RunHistory cross_check = run_cross_check(settings);
  write_run_directory(seed_method_directory, seed_method, &cross_check);
  write_run_directory(cross_check_directory, cross_check);
}

}  // namespace dyngen::elastic
