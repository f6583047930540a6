// One RK4 step of the berthing by the station arm (models/scenarios/berthing_nominal.yaml): the
// station_arm kernels (generated at build time), the station, the contact of the berthing ring and
// the joint servos, with the step's bookkeeping after it (contacts and latches at the step's end),
// at two states of the nominal run: on the approach (t = 100 s, no contact) and in contact (t = 163 s,
// the ring pressed against the port, guides and latches touching). Its parts timed alone at those
// states:
//   Evaluation            one evaluation of the right-hand side (four make a step)
//   KernelsOfOneEvaluation the mechanism calls one evaluation makes (body kinematics, forward
//                         dynamics and base wrench once per coupling iteration)
//   ContactOfOneEvaluation evaluate_contacts on the ring's state
//   OperatorUpdate        the operator mode's update at a step's start: the Jacobian (seven velocity
//                         kinematics calls) and the damped least-squares joint rates
// BM_Rk4Step counts a step's evaluations and coupling iterations (one forward dynamics with base
// wrench each). The target: a step (kernels, contact, control) within 5 us, 1/200 of a 1 ms frame. Run with
// --benchmark_repetitions=10: the least of the repetitions is reported (statistic `min`), since other
// load on the machine only adds time.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "berthing/berthing_control.hpp"
#include "berthing/berthing_system.hpp"
#include "berthing/operator_control.hpp"
#include "contact/geometry_file.hpp"
#include "integrators/rk4.hpp"
#include "mechanism/generated_mechanism.hpp"
#include "simulation/scenario_file.hpp"
#include "station_arm_kernels.h"

namespace {

using namespace dyngen;

const std::string kScenario =
    (std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "models/scenarios/berthing_nominal.yaml")
        .string();

struct Berthing {
  berthing::BerthingScenario scenario =
      berthing::read_berthing_scenario(simulation::load_scenario_yaml(kScenario), kScenario);
  berthing::BerthingSystem system{scenario, std::make_unique<mechanism::GeneratedMechanism>(station_arm_mechanism()),
                                  contact::load_unit_geometry(scenario.geometry)};
  std::vector<double> q0 = berthing::initial_configuration(scenario, system);
  std::unique_ptr<berthing::JointPath> path = berthing::make_joint_path(scenario, system, q0);
  Eigen::VectorXd y = system.initial_state(q0);
  double t = 0.0, h = scenario.step;
  integrators::Rk4 rk4{[this](double time, const integrators::ConstVectorRef& s, integrators::VectorRef d) {
                         system.rate(time, s, d);
                       },
                       system.size()};
  Eigen::VectorXd start;  // the state at t

  // The nominal run until `until` (the latches' state, kept by the system, is that of the run there).
  explicit Berthing(double until) {
    system.set_reference(path.get());
    while (t < until - 0.5 * h) {
      path->begin_step(t, system.joint_angles(y));
      rk4.step(t, h, y);
      t += h;
      system.end_step(t, y, h);
    }
    start = y;
  }
};

// The run on the approach (t = 100 s, no contact) or in contact (t = 163 s).
double least(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

Berthing& berthing_run(const benchmark::State& state) {
  static Berthing approach(100.0), contact(163.0);
  return state.range(0) == 0 ? approach : contact;
}

// The step from b's state at b.t into y, with the bookkeeping at its end. Not inlined: callgrind
// collects inside it alone.
[[gnu::noinline]] void rk4_step_of(Berthing& b, Eigen::VectorXd& y) {
  y = b.start;
  b.path->begin_step(b.t, b.system.joint_angles(y));
  b.rk4.step(b.t, b.h, y);
  b.system.end_step(b.t + b.h, y, b.h);
  benchmark::DoNotOptimize(y.data());
}

void BM_Rk4Step(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  const double t = b.t;
  const Eigen::VectorXd& start = b.start;
  Eigen::VectorXd y = start;
  const long evaluations = b.system.evaluations(), iterations = b.system.coupling_iterations();
  for (auto _ : state) rk4_step_of(b, y);
  const auto steps = static_cast<double>(state.iterations());
  state.counters["evaluations"] = static_cast<double>(b.system.evaluations() - evaluations) / steps;
  state.counters["coupling_iterations"] = static_cast<double>(b.system.coupling_iterations() - iterations) / steps;
  b.system.rate(t, start, y);
  state.counters["contacts"] = static_cast<double>(b.system.contacts().contacts.size());
}
BENCHMARK(BM_Rk4Step)->Arg(0)->Arg(1)->ArgName("in_contact")->ComputeStatistics("min", least);

// The same step 50 times and nothing else, for counting its instructions by part:
// tools/bench/step_instructions.sh runs it under callgrind collecting inside rk4_step_of only.
void BM_Rk4StepInstructions(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  Eigen::VectorXd y = b.start;
  for (auto _ : state) rk4_step_of(b, y);
}
BENCHMARK(BM_Rk4StepInstructions)->Arg(0)->Arg(1)->ArgName("in_contact")->Iterations(50);

void BM_Evaluation(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  const double t = b.t;
  const Eigen::VectorXd& start = b.start;
  Eigen::VectorXd f(b.system.size());
  for (auto _ : state) {
    b.system.rate(t, start, f);
    benchmark::DoNotOptimize(f.data());
  }
}
BENCHMARK(BM_Evaluation)->Arg(0)->Arg(1)->ArgName("in_contact")->ComputeStatistics("min", least);

void BM_KernelsOfOneEvaluation(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  const double t = b.t;
  const Eigen::VectorXd& start = b.start;
  Eigen::VectorXd f(b.system.size());
  b.system.rate(t, start, f);
  const berthing::BerthingEvaluation e = b.system.last();
  mechanism::GeneratedMechanism m(station_arm_mechanism());
  std::vector<double> qdd(e.q.size()), R(9), o(3), w(3), v(3);
  double W[6];
  for (auto _ : state) {
    m.body_kinematics(e.q.data(), e.qd.data(), R.data(), o.data(), w.data(), v.data());
    for (int k = 0; k < e.coupling_iterations; ++k) {
      m.forward_dynamics_base_wrench(e.q.data(), e.qd.data(), e.tau.data(), e.base.data(), e.wrench.data(), qdd.data(), W,
                                     nullptr);
    }
    benchmark::DoNotOptimize(W);
  }
  state.counters["coupling_iterations"] = e.coupling_iterations;
}
BENCHMARK(BM_KernelsOfOneEvaluation)->Arg(0)->Arg(1)->ArgName("in_contact")->ComputeStatistics("min", least);

void BM_ContactOfOneEvaluation(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  const double t = b.t;
  const Eigen::VectorXd& start = b.start;
  Eigen::VectorXd f(b.system.size());
  b.system.rate(t, start, f);
  contact::ContactData data = b.system.contacts();
  for (auto _ : state) {
    contact::evaluate_contacts(b.system.geometry(), b.system.last().units, data);
    benchmark::DoNotOptimize(data.passive_wrench);
  }
  state.counters["contacts"] = static_cast<double>(data.contacts.size());
  state.counters["generatrices"] = data.generatrices_evaluated;
}
BENCHMARK(BM_ContactOfOneEvaluation)->Arg(0)->Arg(1)->ArgName("in_contact")->ComputeStatistics("min", least);

void BM_OperatorUpdate(benchmark::State& state) {
  Berthing& b = berthing_run(state);
  berthing::OperatorInput input(std::vector<berthing::RateCommand>{{0.0, (berthing::Twist() << 0.01, 0, 0, 0, 0, 0).finished()}});
  berthing::OperatorControl control(input, false, b.system.ring(), berthing::CommandFrame::port, b.system.port_to_base(),
                                    {50.0, 1.0}, b.system.servo(), b.q0);
  for (auto _ : state) {
    control.begin_step(b.t, b.system.joint_angles(b.start));
    benchmark::DoNotOptimize(control.solution());
  }
}
BENCHMARK(BM_OperatorUpdate)->Arg(0)->Arg(1)->ArgName("in_contact")->ComputeStatistics("min", least);

}  // namespace

BENCHMARK_MAIN();
