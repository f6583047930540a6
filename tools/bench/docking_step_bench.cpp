// One RK4 step of the probe-cone docking (models/scenarios/probe_cone_nominal.yaml): the
// probe_cone_central kernels (generated at build time), both spacecraft and the contact of the
// units, at a state in the middle of the docking (the head sliding in the socket, t = 2.1 s), and
// the parts of one evaluation of the right-hand side timed alone at that state:
//   kernels  the mechanism calls one evaluation makes (closure, body kinematics, forward dynamics
//            and base wrench once per coupling iteration, damper power)
//   contact  evaluate_contacts on the links' states
// The rest of an evaluation is the runtime's own work (frames, wrench transfer, spacecraft, the
// coupling's bookkeeping, actuation, unpacking): its share is the counter `runtime_share` of
// BM_Evaluation, from the three timed in one run.
// And the whole nominal docking to capture, with the scenario's adaptive integrator and with RK4.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "contact/geometry_file.hpp"
#include "integrators/rk4.hpp"
#include "mechanism/generated_mechanism.hpp"
#include "probe_cone_central_kernels.h"
#include "simulation/docking_run.hpp"
#include "simulation/docking_system.hpp"
#include "simulation/scenario_file.hpp"

namespace {

using namespace dyngen;

const std::string kScenario =
    (std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "models/scenarios/probe_cone_nominal.yaml")
        .string();

// RK4 at 5e-5 s, the step the probe-cone scenario took before it moved to rk45
struct Docking {
  simulation::Scenario scenario =
      simulation::load_scenario(kScenario, {{"integrator.method", "rk4"}, {"integrator.step", "5e-5"}});
  simulation::DockingSystem system{scenario, std::make_unique<mechanism::GeneratedMechanism>(probe_cone_central_mechanism()),
                                   contact::load_unit_geometry(scenario.geometry)};
  Eigen::VectorXd y;
  double t = 0.0, h = scenario.integrator.step;
  integrators::Rk4 rk4{[this](double time, const integrators::ConstVectorRef& s, integrators::VectorRef d) {
                         system.rate(time, s, d);
                       },
                       system.size()};

  Docking() {
    y = system.initial_state();
    while (t < 2.1) {
      rk4.step(t, h, y);
      t += h;
      system.accept(t, y, h);
    }
  }
};

Docking& docking() {
  static Docking d;
  return d;
}

void BM_Rk4Step(benchmark::State& state) {
  Docking& d = docking();
  Eigen::VectorXd y = d.y;
  const long evaluations = d.system.evaluations(), iterations = d.system.coupling_iterations();
  for (auto _ : state) {
    y = d.y;
    d.rk4.step(d.t, d.h, y);
    d.system.accept(d.t + d.h, y, d.h);
    benchmark::DoNotOptimize(y.data());
  }
  const auto steps = static_cast<double>(state.iterations());
  state.counters["evaluations"] = static_cast<double>(d.system.evaluations() - evaluations) / steps;
  state.counters["coupling_iterations"] = static_cast<double>(d.system.coupling_iterations() - iterations) / steps;
  state.counters["real_time_factor"] =
      benchmark::Counter(d.h, benchmark::Counter::kIsIterationInvariantRate);  // simulated s per wall s
}
BENCHMARK(BM_Rk4Step);

// The mechanism calls of one evaluation at e's state.
void kernels_of_one_evaluation(const simulation::Evaluation& e, mechanism::Mechanism& m) {
  const auto n = e.q.size();
  const std::size_t bodies = e.wrench.size() / 6;
  thread_local std::vector<double> q, qd, qdd, R, o, w, v;
  q = e.q, qd = e.qd;
  qdd.resize(n), R.resize(9 * bodies), o.resize(3 * bodies), w.resize(3 * bodies), v.resize(3 * bodies);
  double W[6];
  m.close(q.data(), qd.data());
  m.body_kinematics(q.data(), qd.data(), R.data(), o.data(), w.data(), v.data());
  for (int k = 0; k < e.coupling_iterations; ++k) {
    m.forward_dynamics(q.data(), qd.data(), e.tau.data(), e.base.data(), e.wrench.data(), qdd.data(), nullptr);
    m.base_wrench(q.data(), qd.data(), qdd.data(), e.base.data(), e.wrench.data(), W);
  }
  benchmark::DoNotOptimize(m.damper_power(qd.data()));
  benchmark::DoNotOptimize(W);
}

void contact_of_one_evaluation(const Docking& d, contact::ContactData& data) {
  contact::evaluate_contacts(d.system.geometry(), d.system.last().units, data);
  benchmark::DoNotOptimize(data.passive_wrench);
}

// ns per call of `work`, the least of five means over `calls` calls (other load only adds time)
template <class Work>
double least_mean_ns(int calls, const Work& work) {
  double least = HUGE_VAL;
  for (int round = 0; round < 5; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < calls; ++k) work();
    least = std::min(least, std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / calls);
  }
  return least;
}

// One evaluation of the right-hand side (evaluate(): the state is evaluated afresh, not taken from
// rate()'s cache), and its parts timed alone in the same run: the counters kernels_ns, contact_ns
// and runtime_share = 1 - (kernels + contact) / evaluation.
void BM_Evaluation(benchmark::State& state) {
  Docking& d = docking();
  for (auto _ : state) benchmark::DoNotOptimize(&d.system.evaluate(d.t, d.y));
  const simulation::Evaluation e = d.system.evaluate(d.t, d.y);
  mechanism::GeneratedMechanism m(probe_cone_central_mechanism());
  contact::ContactData data = d.system.contacts();
  const double evaluation = least_mean_ns(2000, [&] { benchmark::DoNotOptimize(&d.system.evaluate(d.t, d.y)); });
  const double kernels = least_mean_ns(2000, [&] { kernels_of_one_evaluation(e, m); });
  const double contact = least_mean_ns(2000, [&] { contact_of_one_evaluation(d, data); });
  state.counters["coupling_iterations"] = e.coupling_iterations;
  state.counters["kernels_ns"] = kernels;
  state.counters["contact_ns"] = contact;
  state.counters["runtime_share"] = 1.0 - (kernels + contact) / evaluation;
}
BENCHMARK(BM_Evaluation);

void BM_KernelsOfOneEvaluation(benchmark::State& state) {
  Docking& d = docking();
  const simulation::Evaluation e = d.system.evaluate(d.t, d.y);
  mechanism::GeneratedMechanism m(probe_cone_central_mechanism());
  for (auto _ : state) kernels_of_one_evaluation(e, m);
  state.counters["coupling_iterations"] = e.coupling_iterations;
}
BENCHMARK(BM_KernelsOfOneEvaluation);

void BM_ContactOfOneEvaluation(benchmark::State& state) {
  Docking& d = docking();
  d.system.evaluate(d.t, d.y);
  contact::ContactData data = d.system.contacts();
  for (auto _ : state) contact_of_one_evaluation(d, data);
  state.counters["contacts"] = static_cast<double>(data.contacts.size());
}
BENCHMARK(BM_ContactOfOneEvaluation);

// The nominal docking with `overrides`, run whole once per benchmark iteration without a run
// directory (as a campaign's case); the last run's outcome and right-hand side evaluations.
std::pair<simulation::RunOutcome, long> time_nominal_docking(benchmark::State& state,
                                                             const std::vector<simulation::Override>& overrides) {
  const simulation::Scenario scenario = simulation::load_scenario(kScenario, overrides);
  const contact::UnitGeometry geometry = contact::load_unit_geometry(scenario.geometry);
  simulation::RunOutcome outcome;
  long evaluations = 0;
  for (auto _ : state) {
    simulation::DockingSystem system(scenario, std::make_unique<mechanism::GeneratedMechanism>(probe_cone_central_mechanism()),
                                     geometry);
    outcome = simulation::run_docking(system, {});
    evaluations = system.evaluations();
  }
  state.counters["simulated_s"] = outcome.end_time;
  state.counters["steps"] = static_cast<double>(outcome.steps);
  return {outcome, evaluations};
}

// The nominal docking from t = 0 (the head 5 cm before the docking plane; first contact at 1.62 s)
// to capture (2.39 s): wall time per docking and simulated seconds per wall second, with the
// scenario's integrator (rk45) and with RK4 at 5e-5 s.
void docking_to_capture(benchmark::State& state, std::vector<simulation::Override> overrides) {
  overrides.push_back({"stop.after_capture", "0"});
  const auto [outcome, evaluations] = time_nominal_docking(state, overrides);
  if (!outcome.captured) state.SkipWithError("the nominal docking did not capture");
  state.counters["evaluations"] = static_cast<double>(evaluations);
  state.counters["real_time_factor"] = benchmark::Counter(outcome.end_time, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(docking_to_capture, rk45, std::vector<simulation::Override>{})->Unit(benchmark::kMillisecond);

// The same docking's approach alone, t = 0 to 1.6 s (before its first contact at 1.62 s): the rest of
// docking_to_capture/rk45's time is the contact phase's (1.62 s to capture).
void docking_approach(benchmark::State& state) {
  const simulation::RunOutcome outcome = time_nominal_docking(state, {{"stop.duration", "1.6"}}).first;
  if (outcome.first_contact_time) state.SkipWithError("the approach reached the first contact");
}
BENCHMARK(docking_approach)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(docking_to_capture, rk4_5e-5,
                  std::vector<simulation::Override>{{"integrator.method", "rk4"}, {"integrator.step", "5e-5"}})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
