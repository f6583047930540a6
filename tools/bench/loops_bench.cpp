// The looped mechanisms' generated kernels against the numeric baselines on the same random closed
// states, for hexapod_peripheral and probe_cone_central: forward dynamics (the route `dyngen
// generate` chose), inverse dynamics (the actuation), position closure by the closed forms,
// dependent velocities and base wrench, each as
//   generated  the C entry point of the library dyngen_generate builds at build time
//   algorithm  the double instantiation of the same algorithm template (scratch allocated once)
// the forward and inverse dynamics and the base wrench also as
//   batch      the batch entry point over all 64 states in one call; the counter per_state is the
//              CPU time per state
// and the forward dynamics also as
//   mujoco     mj_forward on the model exported by export_mjcf, its loops closed by connect
//              equality constraints (soft: `dyngen bench` prints how far its accelerations are
//              from the closed mechanism's), base fixed (MuJoCo takes no prescribed base motion)
// Benchmark names: <model>/<kernel>/<implementation>. Each also reports the least of its
// repetitions ("_min" with --benchmark_repetitions): other work on the machine only adds time.
#include <algorithm>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/forward_dynamics_combined.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/inverse_dynamics_loops.hpp"
#include "generator/algorithms/loop_closure.hpp"
#include "generator/mjcf/mujoco_model.hpp"
#include "generator/model/loader.hpp"
#include "batch_states.hpp"
#include "hexapod_peripheral_batch.h"
#include "hexapod_peripheral_kernels.h"
#include "probe_cone_central_batch.h"
#include "probe_cone_central_kernels.h"

namespace {

using dyngen::algorithms::Mechanism;
using dyngen::algorithms::State;

constexpr int kStates = 64;

// A closed state in both forms: the kernels' input arrays and the algorithms' State.
struct Sample {
  std::vector<double> q, qd, qdd, tau, qdd_independent, base, wrench;
  State<double> state;
};

// All samples' arrays one after another, as the batch entry points take them.
struct Batch {
  int n;
  std::vector<double> q, qd, qdd, tau, qdd_independent, base, wrench;
};

// A model's generated entry points, adapted to one signature: inputs from the sample (the batch),
// outputs to scratch arrays large enough for any of them.
struct Generated {
  const char* model;
  std::function<void(const Sample&, double*, double*, double*)> forward_dynamics, inverse_dynamics, position_closure,
      dependent_velocities, close, base_wrench;
  std::function<void(const Batch&, double*, double*, double*)> forward_dynamics_batch, inverse_dynamics_batch,
      base_wrench_batch;
};

std::vector<Generated> generated_models() {
  return {
      {"hexapod_peripheral",
       [](const Sample& s, double* a, double* b, double* c) {
         hexapod_peripheral_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), s.base.data(), s.wrench.data(), a, b, c);
       },
       [](const Sample& s, double* a, double* b, double* c) {
         hexapod_peripheral_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd_independent.data(), s.base.data(),
                                             s.wrench.data(), a, b, c);
       },
       [](const Sample& s, double* a, double* b, double*) { hexapod_peripheral_position_closure(s.q.data(), a, b); },
       [](const Sample& s, double* a, double* b, double*) { hexapod_peripheral_dependent_velocities(s.q.data(), s.qd.data(), a, b); },
       [](const Sample& s, double* a, double* b, double*) {
         std::copy(s.q.begin(), s.q.end(), a);
         std::copy(s.qd.begin(), s.qd.end(), b);
         int failed_loop;
         hexapod_peripheral_close(a, b, &failed_loop);
       },
       [](const Sample& s, double* a, double*, double*) {
         hexapod_peripheral_base_wrench(s.q.data(), s.qd.data(), s.qdd.data(), s.base.data(), s.wrench.data(), a);
       },
       [](const Batch& s, double* a, double* b, double* c) {
         hexapod_peripheral_forward_dynamics_batch(s.n, s.q.data(), s.qd.data(), s.tau.data(), s.base.data(), s.wrench.data(),
                                                   a, b, c);
       },
       [](const Batch& s, double* a, double* b, double* c) {
         hexapod_peripheral_inverse_dynamics_batch(s.n, s.q.data(), s.qd.data(), s.qdd_independent.data(), s.base.data(),
                                                   s.wrench.data(), a, b, c);
       },
       [](const Batch& s, double* a, double*, double*) {
         hexapod_peripheral_base_wrench_batch(s.n, s.q.data(), s.qd.data(), s.qdd.data(), s.base.data(), s.wrench.data(), a);
       }},
      {"probe_cone_central",
       [](const Sample& s, double* a, double* b, double* c) {
         probe_cone_central_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), s.base.data(), s.wrench.data(), a, b, c);
       },
       [](const Sample& s, double* a, double* b, double*) {
         probe_cone_central_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd_independent.data(), s.base.data(),
                                             s.wrench.data(), a, b);
       },
       [](const Sample& s, double* a, double* b, double*) { probe_cone_central_position_closure(s.q.data(), a, b); },
       [](const Sample& s, double* a, double* b, double*) { probe_cone_central_dependent_velocities(s.q.data(), s.qd.data(), a, b); },
       [](const Sample& s, double* a, double* b, double*) {
         std::copy(s.q.begin(), s.q.end(), a);
         std::copy(s.qd.begin(), s.qd.end(), b);
         int failed_loop;
         probe_cone_central_close(a, b, &failed_loop);
       },
       [](const Sample& s, double* a, double*, double*) {
         probe_cone_central_base_wrench(s.q.data(), s.qd.data(), s.qdd.data(), s.base.data(), s.wrench.data(), a);
       },
       [](const Batch& s, double* a, double* b, double* c) {
         probe_cone_central_forward_dynamics_batch(s.n, s.q.data(), s.qd.data(), s.tau.data(), s.base.data(), s.wrench.data(),
                                                   a, b, c);
       },
       [](const Batch& s, double* a, double* b, double*) {
         probe_cone_central_inverse_dynamics_batch(s.n, s.q.data(), s.qd.data(), s.qdd_independent.data(), s.base.data(),
                                                   s.wrench.data(), a, b);
       },
       [](const Batch& s, double* a, double*, double*) {
         probe_cone_central_base_wrench_batch(s.n, s.q.data(), s.qd.data(), s.qdd.data(), s.base.data(), s.wrench.data(), a);
       }},
  };
}

// Everything one model's benchmarks share: the mechanism, MuJoCo with the base fixed, the closed
// random states (the independent coordinates within 0.03 of the closed reference, rates, torques,
// base motion and wrenches uniform in [-1, 1], the dependent coordinates and rates solved).
struct Setup {
  explicit Setup(const std::string& name)
      : model(dyngen::load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml")),
        mech(dyngen::algorithms::make_numeric_mechanism(model)),
        mujoco([this] {
          dyngen::Model fixed = model;
          fixed.moving_base = false;
          return fixed;
        }()) {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    State<double> reference(mech);
    for (int i = 0; i < mech.dof; ++i) reference.q[static_cast<std::size_t>(i)] = mech.q0[static_cast<std::size_t>(i)];
    dyngen::algorithms::close_positions(mech, reference);
    const auto n = static_cast<std::size_t>(mech.dof);
    while (samples.size() < kStates) {
      Sample s{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), {}, {}, {},
               State<double>(mech)};
      State<double>& state = s.state;
      for (std::size_t i = 0; i < n; ++i) {
        state.q[i] = reference.q[i] + (mech.independent[i] ? 0.03 * unit(random) : 0.0);
        state.qd[i] = mech.independent[i] ? unit(random) : 0.0;
        state.qdd[i] = unit(random);
        state.tau[i] = mech.actuated[i] ? unit(random) : 0.0;
      }
      if (dyngen::algorithms::close_positions(mech, state).status != dyngen::algorithms::ClosureStatus::closed) continue;
      dyngen::algorithms::close_velocities(mech, state);
      for (int k = 0; k < mech.independent_dof(); ++k) state.qdd_independent[static_cast<std::size_t>(k)] = unit(random);
      for (int k = 0; k < 3; ++k) {
        state.w0[k] = unit(random);
        state.e0[k] = unit(random);
        state.a0[k] = unit(random);
      }
      for (int k = 0; k < 3; ++k) s.base.push_back(state.w0[k]);
      for (int k = 0; k < 3; ++k) s.base.push_back(state.e0[k]);
      for (int k = 0; k < 3; ++k) s.base.push_back(state.a0[k]);
      for (int j = 0; j < mech.body_count; ++j) {
        if (!mech.external_wrench[static_cast<std::size_t>(j)]) continue;
        for (int k = 0; k < 6; ++k) state.f_ext[static_cast<std::size_t>(j)][k] = unit(random);
        for (int k = 0; k < 6; ++k) s.wrench.push_back(state.f_ext[static_cast<std::size_t>(j)][k]);
      }
      s.q = state.q;
      s.qd = state.qd;
      s.qdd = state.qdd;
      s.tau = state.tau;
      s.qdd_independent = state.qdd_independent;
      samples.push_back(std::move(s));
    }
    const auto all = [this](std::vector<double> Sample::*field) {
      return dyngen::bench::one_after_another(samples, [field](const Sample& s) -> const std::vector<double>& { return s.*field; });
    };
    batch = {kStates, all(&Sample::q), all(&Sample::qd), all(&Sample::qdd), all(&Sample::tau), all(&Sample::qdd_independent),
             all(&Sample::base), all(&Sample::wrench)};
  }

  dyngen::Model model;
  Mechanism<double> mech;
  dyngen::MujocoModel mujoco;
  std::vector<Sample> samples;
  Batch batch;
};

// Runs call(sample) over the states in turn.
template <class Call>
void cycle(benchmark::State& bench, const Setup& setup, Call&& call) {
  std::size_t k = 0;
  for (auto _ : bench) {
    call(setup.samples[k]);
    k = k + 1 == setup.samples.size() ? 0 : k + 1;
  }
}

double least(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

void add(const std::string& name, std::function<void(benchmark::State&)> run) {
  benchmark::RegisterBenchmark(name.c_str(), std::move(run))->ComputeStatistics("min", least);
}

void register_model(const Generated& generated) {
  const auto setup = std::make_shared<Setup>(generated.model);
  const std::string prefix = std::string(generated.model) + "/";
  const auto generated_run = [setup](const std::function<void(const Sample&, double*, double*, double*)>& kernel) {
    return [setup, kernel](benchmark::State& b) {
      std::vector<double> a(256), c(256), d(256);
      cycle(b, *setup, [&](const Sample& s) { kernel(s, a.data(), c.data(), d.data()); });
      benchmark::DoNotOptimize(a.data());
    };
  };
  const auto batch_run = [setup](const std::function<void(const Batch&, double*, double*, double*)>& kernel) {
    return [setup, kernel](benchmark::State& b) {
      std::vector<double> a(256 * kStates), c(256 * kStates), d(256 * kStates);
      dyngen::bench::time_per_state(b, kStates, [&] { kernel(setup->batch, a.data(), c.data(), d.data()); });
      benchmark::DoNotOptimize(a.data());
    };
  };
  add(prefix + "forward_dynamics/generated", generated_run(generated.forward_dynamics));
  add(prefix + "forward_dynamics/batch", batch_run(generated.forward_dynamics_batch));
  add(prefix + "forward_dynamics/algorithm", [setup](benchmark::State& b) {
    const Mechanism<double>& mech = setup->mech;
    // the route dyngen generate forwards to: combined where the model has open chains
    if (dyngen::algorithms::has_open_chains(mech)) {
      dyngen::algorithms::CombinedDynamicsData<double> data(mech, mech);
      cycle(b, *setup, [&](const Sample& s) { dyngen::algorithms::forward_dynamics_combined(mech, s.state, data); });
      benchmark::DoNotOptimize(data.qdd.data());
    } else {
      dyngen::algorithms::LoopDynamicsData<double> data(mech, mech);
      cycle(b, *setup, [&](const Sample& s) { dyngen::algorithms::forward_dynamics_loops(mech, mech, s.state, data); });
      benchmark::DoNotOptimize(data.qdd.data());
    }
  });
  add(prefix + "forward_dynamics/mujoco", [setup](benchmark::State& b) {
    const mjModel* m = setup->mujoco.model();
    mjData* d = setup->mujoco.data();
    cycle(b, *setup, [&](const Sample& s) {
      setup->mujoco.set_state(s.q.data(), s.qd.data());
      setup->mujoco.set_applied_forces(s.tau.data());
      mj_forward(m, d);
    });
  });
  add(prefix + "inverse_dynamics/generated", generated_run(generated.inverse_dynamics));
  add(prefix + "inverse_dynamics/batch", batch_run(generated.inverse_dynamics_batch));
  add(prefix + "inverse_dynamics/algorithm", [setup](benchmark::State& b) {
    const Mechanism<double>& mech = setup->mech;
    dyngen::algorithms::LoopInverseDynamicsData<double> data(mech);
    // pivots chosen once, as the generated kernel's were at the reference configuration
    dyngen::algorithms::inverse_dynamics_loops(mech, setup->samples.front().state, {}, data);
    std::vector<dyngen::algorithms::Pivot> pivots;
    if (dyngen::algorithms::actuators_determined(mech)) pivots = dyngen::algorithms::complete_pivoting_order(data.actuation);
    cycle(b, *setup, [&](const Sample& s) { dyngen::algorithms::inverse_dynamics_loops(mech, s.state, pivots, data); });
    benchmark::DoNotOptimize(data.tau_independent.data());
  });
  add(prefix + "position_closure/generated", generated_run(generated.position_closure));
  add(prefix + "position_closure/algorithm", [setup](benchmark::State& b) {
    const Mechanism<double>& mech = setup->mech;
    State<double> closed(mech);
    std::vector<double> margin;
    cycle(b, *setup, [&](const Sample& s) {
      closed.q = s.q;
      margin.clear();
      for (int l : mech.loop_order) dyngen::algorithms::close_analytically(mech, closed, l, margin);
      benchmark::DoNotOptimize(closed.q.data());
    });
  });
  add(prefix + "dependent_velocities/generated", generated_run(generated.dependent_velocities));
  add(prefix + "dependent_velocities/algorithm", [setup](benchmark::State& b) {
    const Mechanism<double>& mech = setup->mech;
    State<double> closed(mech);
    cycle(b, *setup, [&](const Sample& s) {
      closed.q = s.q;
      closed.qd = s.qd;
      benchmark::DoNotOptimize(dyngen::algorithms::close_velocities(mech, closed).data());
    });
  });
  // the driver the runtime calls (closure, limits, dependent rates), the state copied in first
  add(prefix + "close/generated", generated_run(generated.close));
  add(prefix + "base_wrench/generated", generated_run(generated.base_wrench));
  add(prefix + "base_wrench/batch", batch_run(generated.base_wrench_batch));
  add(prefix + "base_wrench/algorithm", [setup](benchmark::State& b) {
    const Mechanism<double>& mech = setup->mech;
    dyngen::algorithms::BaseWrenchData<double> data(mech);
    cycle(b, *setup, [&](const Sample& s) { dyngen::algorithms::base_wrench(mech, s.state, data); });
    benchmark::DoNotOptimize(&data.wrench);
  });
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<Generated> models = generated_models();
  for (const Generated& generated : models) register_model(generated);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
