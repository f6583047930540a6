// One RK4 step of the probe-cone docking (models/scenarios/probe_cone_nominal.yaml): the
// probe_cone_central kernels (generated at build time), both spacecraft and the contact of the
// units, at a state in the middle of the docking (the head sliding in the socket, t = 2.1 s), and
// the parts of the step and of one evaluation of the right-hand side timed alone at that state:
//   kernels  the mechanism calls (closure and body kinematics per kinematics evaluation, forward
//            dynamics with the base wrench per coupling iteration, damper power per evaluation)
//   contact  evaluate_contacts on the links' states, per kinematics evaluation
// The rest is the runtime's own work (frames, wrench transfer, spacecraft, the coupling's
// bookkeeping, actuation, unpacking, the integrator, accept()): its share of the step is the
// counter `runtime_share` of BM_Rk4Step, with the kernels replayed alone, and
// `runtime_share_in_place`, with the kernels timed where the step calls them (each call between two
// clock readings, the readings' own cost taken off). The kernels take longer in place than replayed
// back to back, so `runtime_share` charges the runtime with part of their time; both take the
// contact's time alone, which charges the runtime with the contact's extra time in place.
// And the whole nominal docking to capture, with the scenario's adaptive integrator and with RK4.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <vector>

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

// The generated kernels behind the Mechanism interface, keeping while `recording` each call's
// inputs, so that the calls an evaluation or a step made can be replayed alone in their order:
// the kernels' own time in that sequence, their misses in the instruction and data caches included.
class RecordingMechanism final : public mechanism::Mechanism {
 public:
  explicit RecordingMechanism(std::unique_ptr<mechanism::GeneratedMechanism> kernels)
      : Mechanism(kernels->info()), kernels_(std::move(kernels)) {}

  bool recording = false;
  // While `timing`, each kernel call's time is added to in_place_ns, less timer_ns (the part of a
  // clock reading's cost that falls between two readings).
  bool timing = false;
  double in_place_ns = 0.0, timer_ns = 0.0;

  mechanism::Closure close(double* q, double* qd) override {
    record(Kind::close, {q, qd}, {});
    const InPlaceTimer timer{*this};
    return kernels_->close(q, qd);
  }
  bool forward_dynamics(const double* q, const double* qd, const double* tau, const double* base, const double* wrench,
                        double* qdd, int* singular_loop) override {
    record(Kind::forward_dynamics, {q, qd, tau, base}, wrench);
    const InPlaceTimer timer{*this};
    return kernels_->forward_dynamics(q, qd, tau, base, wrench, qdd, singular_loop);
  }
  void base_wrench(const double* q, const double* qd, const double* qdd, const double* base, const double* wrench,
                   double* wrench_on_base) override {
    record(Kind::base_wrench, {q, qd, qdd, base}, wrench);
    const InPlaceTimer timer{*this};
    kernels_->base_wrench(q, qd, qdd, base, wrench, wrench_on_base);
  }
  bool forward_dynamics_base_wrench_prepare(const double* q, const double* qd, const double* tau, const double* base,
                                            const double* wrench, int* singular_loop) override {
    record(Kind::prepare, {q, qd, tau, base}, wrench);
    const InPlaceTimer timer{*this};
    return kernels_->forward_dynamics_base_wrench_prepare(q, qd, tau, base, wrench, singular_loop);
  }
  bool forward_dynamics_base_wrench_finish(const double* base, double* qdd, double* wrench_on_base,
                                           int* singular_loop) override {
    record(Kind::finish, {base}, {});
    const InPlaceTimer timer{*this};
    return kernels_->forward_dynamics_base_wrench_finish(base, qdd, wrench_on_base, singular_loop);
  }
  void point_kinematics(const double* q, const double* qd, double* position, double* velocity) override {
    kernels_->point_kinematics(q, qd, position, velocity);
  }
  void body_kinematics(const double* q, const double* qd, double* rotation, double* origin, double* angular_velocity,
                       double* velocity) override {
    record(Kind::body_kinematics, {q, qd}, {});
    const InPlaceTimer timer{*this};
    kernels_->body_kinematics(q, qd, rotation, origin, angular_velocity, velocity);
  }
  mechanism::Energy energy(const double* q, const double* qd, const double* base, const double* v0) override {
    return kernels_->energy(q, qd, base, v0);
  }
  double damper_power(const double* qd) override {
    record(Kind::damper_power, {qd}, {});
    const InPlaceTimer timer{*this};
    return kernels_->damper_power(qd);
  }
  std::unique_ptr<Mechanism> clone() const override { throw std::logic_error("not cloned in the benchmark"); }

  // Forgets the calls recorded so far.
  void clear() { calls_.clear(); }
  std::size_t calls() const { return calls_.size(); }
  // The recorded calls again, in order (a closure's q and qd from copies of its inputs).
  void replay() {
    for (Call& c : calls_) {
      switch (c.kind) {
        case Kind::close:
          scratch_q_ = c.arrays[0], scratch_qd_ = c.arrays[1];
          kernels_->close(scratch_q_.data(), scratch_qd_.data());
          break;
        case Kind::forward_dynamics:
          kernels_->forward_dynamics(c.arrays[0].data(), c.arrays[1].data(), c.arrays[2].data(), c.arrays[3].data(),
                                     c.wrench.data(), qdd_.data(), nullptr);
          break;
        case Kind::prepare:
          kernels_->forward_dynamics_base_wrench_prepare(c.arrays[0].data(), c.arrays[1].data(), c.arrays[2].data(),
                                                         c.arrays[3].data(), c.wrench.data(), nullptr);
          break;
        case Kind::finish:
          kernels_->forward_dynamics_base_wrench_finish(c.arrays[0].data(), qdd_.data(), wrench_on_base_, nullptr);
          break;
        case Kind::base_wrench:
          kernels_->base_wrench(c.arrays[0].data(), c.arrays[1].data(), c.arrays[2].data(), c.arrays[3].data(),
                                c.wrench.data(), wrench_on_base_);
          break;
        case Kind::body_kinematics:
          kernels_->body_kinematics(c.arrays[0].data(), c.arrays[1].data(), rotation_.data(), origin_.data(),
                                    angular_velocity_.data(), velocity_.data());
          break;
        case Kind::damper_power:
          benchmark::DoNotOptimize(kernels_->damper_power(c.arrays[0].data()));
          break;
      }
    }
    benchmark::DoNotOptimize(qdd_.data());
    benchmark::DoNotOptimize(wrench_on_base_);
  }

 private:
  // Times the kernel call in its scope while `timing`.
  struct InPlaceTimer {
    RecordingMechanism& m;
    std::chrono::steady_clock::time_point start = m.timing ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    ~InPlaceTimer() {
      if (m.timing) m.in_place_ns += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() - m.timer_ns;
    }
  };

  enum class Kind {
    close,
    forward_dynamics,
    prepare,  // forward_dynamics_base_wrench_prepare
    finish,   // forward_dynamics_base_wrench_finish
    base_wrench,
    body_kinematics,
    damper_power
  };
  struct Call {
    Kind kind;
    std::vector<std::vector<double>> arrays;  // per coordinate, except a base's 9 (a finish's only array)
    std::vector<double> wrench;
  };

  void record(Kind kind, std::initializer_list<const double*> arrays, const double* wrench) {
    if (!recording) return;
    const auto n = static_cast<std::size_t>(info().dof);
    Call c{kind, {}, {}};
    for (const double* a : arrays)
      c.arrays.emplace_back(a, a + (c.arrays.size() == 3 || kind == Kind::finish ? 9 : n));
    if (wrench != nullptr) c.wrench.assign(wrench, wrench + 6 * info().wrench_bodies.size());
    calls_.push_back(std::move(c));
    const std::size_t bodies = info().wrench_bodies.size();
    qdd_.resize(n), rotation_.resize(9 * bodies), origin_.resize(3 * bodies), angular_velocity_.resize(3 * bodies),
        velocity_.resize(3 * bodies);
  }

  std::unique_ptr<mechanism::GeneratedMechanism> kernels_;
  std::vector<Call> calls_;
  std::vector<double> scratch_q_, scratch_qd_, qdd_, rotation_, origin_, angular_velocity_, velocity_;
  double wrench_on_base_[6] = {};
};

// The kernels behind the Mechanism interface: with the recording wrapper (`kernels` set), or as a
// run has them (`kernels` null).
std::unique_ptr<mechanism::Mechanism> probe_cone_kernels(bool recorded, RecordingMechanism*& kernels) {
  auto generated = std::make_unique<mechanism::GeneratedMechanism>(probe_cone_central_mechanism());
  if (!recorded) return generated;
  auto wrapped = std::make_unique<RecordingMechanism>(std::move(generated));
  kernels = wrapped.get();
  return wrapped;
}

// RK4 at 5e-5 s, the step the probe-cone scenario took before it moved to rk45
struct Docking {
  explicit Docking(bool recorded) : system{scenario, probe_cone_kernels(recorded, kernels), contact::load_unit_geometry(scenario.geometry)} {
    y = system.initial_state();
    while (t < 2.1) {
      rk4.step(t, h, y);
      t += h;
      system.accept(t, y, h);
    }
  }

  simulation::Scenario scenario =
      simulation::load_scenario(kScenario, {{"integrator.method", "rk4"}, {"integrator.step", "5e-5"}});
  RecordingMechanism* kernels = nullptr;
  simulation::DockingSystem system;
  Eigen::VectorXd y;
  double t = 0.0, h = scenario.integrator.step;
  integrators::Rk4 rk4{[this](double time, const integrators::ConstVectorRef& s, integrators::VectorRef d) {
                         system.rate(time, s, d);
                       },
                       system.size()};
};

// With the recording wrapper, for the benchmarks that replay or time the kernel calls.
Docking& docking() {
  static Docking d(true);
  return d;
}

// The kernels called as in a run, for counting the step's instructions by part.
Docking& plain_docking() {
  static Docking d(false);
  return d;
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

void contact_of_one_evaluation(const Docking& d, contact::ContactData& data) {
  contact::evaluate_contacts(d.system.geometry(), d.system.last().units, data);
  benchmark::DoNotOptimize(data.passive_wrench);
}

// ns of `work` (the docking's) and of the kernel calls it made, replayed alone: runs `work` once
// recording its calls, then times both.
std::pair<double, double> with_its_kernels_ns(Docking& d, const std::function<void()>& work) {
  d.kernels->clear();
  d.kernels->recording = true;
  work();
  d.kernels->recording = false;
  return {least_mean_ns(500, work), least_mean_ns(500, [&] { d.kernels->replay(); })};
}

// The least over five rounds of the mean of `count` values of `sample()`.
template <class Sample>
double least_mean(int count, const Sample& sample) {
  double least = HUGE_VAL;
  for (int round = 0; round < 5; ++round) {
    double sum = 0.0;
    for (int k = 0; k < count; ++k) sum += sample();
    least = std::min(least, sum / count);
  }
  return least;
}

// The part of a steady_clock reading's cost that falls between two readings: the least mean
// interval between back-to-back readings.
double clock_reading_ns() {
  return least_mean(100000, [] {
    const auto first = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - first).count();
  });
}

// ns of the kernel calls `step` makes, each timed where it is made: the least over five rounds of
// the mean over 500 steps.
double kernels_in_place_ns(Docking& d, const std::function<void()>& step) {
  RecordingMechanism& kernels = *d.kernels;
  kernels.timer_ns = clock_reading_ns();
  kernels.timing = true;
  const double least = least_mean(500, [&] {
    const double before = kernels.in_place_ns;
    step();
    return kernels.in_place_ns - before;
  });
  kernels.timing = false;
  return least;
}

// The step from d's state into y, as in a run: accept() at the step's start (its kinematics and
// contacts are the first stage's), then RK4. Not inlined: callgrind collects inside it alone.
[[gnu::noinline]] void rk4_step_of(Docking& d, Eigen::VectorXd& y) {
  y = d.y;
  d.system.accept(d.t, y, d.h);
  d.rk4.step(d.t, d.h, y);
  benchmark::DoNotOptimize(y.data());
}

// One RK4 step from the state at t with the accept() before it, and its parts timed alone in the same run: the
// kernel calls the step made (closure and body poses per kinematics evaluation, forward dynamics
// with the base wrench per coupling iteration, damper power per evaluation) replayed in their order,
// the contact of one evaluation times the step's kinematics evaluations, and
// runtime_share = 1 - (kernels + contact) / step; the same with the kernels timed in place,
// runtime_share_in_place.
void BM_Rk4Step(benchmark::State& state) {
  Docking& d = docking();
  Eigen::VectorXd y = d.y;
  const auto step = [&] { rk4_step_of(d, y); };
  const long evaluations = d.system.evaluations(), iterations = d.system.coupling_iterations(),
             kinematics = d.system.kinematics_evaluations();
  for (auto _ : state) step();
  const auto steps = static_cast<double>(state.iterations());
  const double per_step_kinematics = static_cast<double>(d.system.kinematics_evaluations() - kinematics) / steps;
  state.counters["evaluations"] = static_cast<double>(d.system.evaluations() - evaluations) / steps;
  state.counters["kinematics_evaluations"] = per_step_kinematics;
  state.counters["coupling_iterations"] = static_cast<double>(d.system.coupling_iterations() - iterations) / steps;
  const auto [step_ns, kernels_ns] = with_its_kernels_ns(d, step);
  contact::ContactData data = d.system.contacts();
  const double contact_ns = per_step_kinematics * least_mean_ns(2000, [&] { contact_of_one_evaluation(d, data); });
  state.counters["kernels_ns"] = kernels_ns;
  state.counters["contact_ns"] = contact_ns;
  state.counters["runtime_share"] = 1.0 - (kernels_ns + contact_ns) / step_ns;
  const double in_place_ns = kernels_in_place_ns(d, step);
  state.counters["kernels_in_place_ns"] = in_place_ns;
  state.counters["runtime_share_in_place"] = 1.0 - (in_place_ns + contact_ns) / step_ns;
  state.counters["real_time_factor"] =
      benchmark::Counter(d.h, benchmark::Counter::kIsIterationInvariantRate);  // simulated s per wall s
}
BENCHMARK(BM_Rk4Step);

// The same step 50 times and nothing else, for counting its instructions by part:
// tools/bench/step_instructions.sh runs it under callgrind collecting inside rk4_step_of only. The
// kernels are called without the recording wrapper, whose own instructions would count as the runtime's.
void BM_Rk4StepInstructions(benchmark::State& state) {
  Docking& d = plain_docking();
  Eigen::VectorXd y = d.y;
  for (auto _ : state) rk4_step_of(d, y);
}
BENCHMARK(BM_Rk4StepInstructions)->Iterations(50);

// One evaluation of the right-hand side (evaluate(): the state is evaluated afresh, not taken from
// rate()'s cache; the coupling starts from the last evaluation's accelerations at that time, so it
// takes one iteration), its kernel calls replayed alone and its contact.
void BM_Evaluation(benchmark::State& state) {
  Docking& d = docking();
  for (auto _ : state) benchmark::DoNotOptimize(&d.system.evaluate(d.t, d.y));
  const double kernels_ns =
      with_its_kernels_ns(d, [&] { benchmark::DoNotOptimize(&d.system.evaluate(d.t, d.y)); }).second;
  contact::ContactData data = d.system.contacts();
  state.counters["coupling_iterations"] = d.system.last().coupling_iterations;
  state.counters["kernels_ns"] = kernels_ns;
  state.counters["contact_ns"] = least_mean_ns(2000, [&] { contact_of_one_evaluation(d, data); });
}
BENCHMARK(BM_Evaluation);

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
