// Generated kernels against the numeric baselines on the same random states, for chain6, puma560,
// chain12 and chain30: mass matrix, inverse dynamics, forward dynamics (CRBA + LTDL route, ABA
// route, and the route dyngen generate chose), each as
//   generated  the C entry point of the library dyngen_generate builds at build time
//   batch      its batch entry point over all 64 states in one call (the chosen route for the
//              forward dynamics); the counter per_state is the CPU time per state
//   algorithm  the double instantiation of the same algorithm template (scratch allocated once)
//   mujoco     MuJoCo on the model exported by export_mjcf: mj_kinematics + mj_comPos + mj_crb +
//              mj_fullM (mass matrix), mj_kinematics + mj_comPos + mj_comVel + mj_rne (inverse
//              dynamics), mj_forward (forward dynamics)
// Benchmark names: <model>/<kernel>/<implementation>; each also reports the least of its
// repetitions ("_min" with --benchmark_repetitions).
#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "batch_states.hpp"
#include "chain12_batch.h"
#include "chain12_kernels.h"
#include "chain30_batch.h"
#include "chain30_kernels.h"
#include "chain6_batch.h"
#include "chain6_kernels.h"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"
#include "generator/mjcf/mujoco_model.hpp"
#include "generator/model/loader.hpp"
#include "puma560_batch.h"
#include "puma560_kernels.h"

namespace {

using dyngen::algorithms::Mechanism;
using dyngen::algorithms::State;

constexpr int kStates = 64;

struct Sample {
  std::vector<double> q, qd, qdd, tau, wrench;
  State<double> state;
};

// All samples' arrays one after another, as the batch entry points take them.
struct Batch {
  int n;
  std::vector<double> q, qd, qdd, tau, wrench;
};

// A model's generated entry points, adapted to one signature (the fixed-base models here take
// no base motion; puma560 takes a wrench on its flange, zero here as in the baselines).
struct Generated {
  const char* model;
  void (*mass_matrix)(const Sample&, double* M);
  void (*inverse_dynamics)(const Sample&, double* tau);
  void (*forward_dynamics_crba)(const Sample&, double* qdd);
  void (*forward_dynamics_aba)(const Sample&, double* qdd);
  void (*forward_dynamics)(const Sample&, double* qdd);
  void (*mass_matrix_batch)(const Batch&, double* M);
  void (*inverse_dynamics_batch)(const Batch&, double* tau);
  void (*forward_dynamics_batch)(const Batch&, double* qdd);
};

const Generated kModels[] = {
    {"chain6", [](const Sample& s, double* M) { chain6_mass_matrix(s.q.data(), M); },
     [](const Sample& s, double* tau) { chain6_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd.data(), tau); },
     [](const Sample& s, double* qdd) { chain6_forward_dynamics_crba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain6_forward_dynamics_aba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain6_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Batch& b, double* M) { chain6_mass_matrix_batch(b.n, b.q.data(), M); },
     [](const Batch& b, double* tau) { chain6_inverse_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.qdd.data(), tau); },
     [](const Batch& b, double* qdd) { chain6_forward_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.tau.data(), qdd); }},
    {"puma560", [](const Sample& s, double* M) { puma560_mass_matrix(s.q.data(), M); },
     [](const Sample& s, double* tau) {
       puma560_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd.data(), s.wrench.data(), tau);
     },
     [](const Sample& s, double* qdd) {
       puma560_forward_dynamics_crba(s.q.data(), s.qd.data(), s.tau.data(), s.wrench.data(), qdd);
     },
     [](const Sample& s, double* qdd) {
       puma560_forward_dynamics_aba(s.q.data(), s.qd.data(), s.tau.data(), s.wrench.data(), qdd);
     },
     [](const Sample& s, double* qdd) {
       puma560_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), s.wrench.data(), qdd);
     },
     [](const Batch& b, double* M) { puma560_mass_matrix_batch(b.n, b.q.data(), M); },
     [](const Batch& b, double* tau) {
       puma560_inverse_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.qdd.data(), b.wrench.data(), tau);
     },
     [](const Batch& b, double* qdd) {
       puma560_forward_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.tau.data(), b.wrench.data(), qdd);
     }},
    {"chain12", [](const Sample& s, double* M) { chain12_mass_matrix(s.q.data(), M); },
     [](const Sample& s, double* tau) { chain12_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd.data(), tau); },
     [](const Sample& s, double* qdd) { chain12_forward_dynamics_crba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain12_forward_dynamics_aba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain12_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Batch& b, double* M) { chain12_mass_matrix_batch(b.n, b.q.data(), M); },
     [](const Batch& b, double* tau) { chain12_inverse_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.qdd.data(), tau); },
     [](const Batch& b, double* qdd) { chain12_forward_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.tau.data(), qdd); }},
    {"chain30", [](const Sample& s, double* M) { chain30_mass_matrix(s.q.data(), M); },
     [](const Sample& s, double* tau) { chain30_inverse_dynamics(s.q.data(), s.qd.data(), s.qdd.data(), tau); },
     [](const Sample& s, double* qdd) { chain30_forward_dynamics_crba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain30_forward_dynamics_aba(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Sample& s, double* qdd) { chain30_forward_dynamics(s.q.data(), s.qd.data(), s.tau.data(), qdd); },
     [](const Batch& b, double* M) { chain30_mass_matrix_batch(b.n, b.q.data(), M); },
     [](const Batch& b, double* tau) { chain30_inverse_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.qdd.data(), tau); },
     [](const Batch& b, double* qdd) { chain30_forward_dynamics_batch(b.n, b.q.data(), b.qd.data(), b.tau.data(), qdd); }},
};

// Everything one model's benchmarks share: the mechanism, MuJoCo, the random states.
struct Setup {
  explicit Setup(const std::string& name)
      : model(dyngen::load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml")),
        mech(dyngen::algorithms::make_numeric_mechanism(model)),
        mujoco(model) {
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi), unit(-1.0, 1.0);
    const auto n = static_cast<std::size_t>(model.dof());
    int wrench_bodies = 0;
    for (const auto& body : model.bodies) wrench_bodies += body.external_wrench ? 1 : 0;
    for (int k = 0; k < kStates; ++k) {
      Sample s{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<double>(n),
               std::vector<double>(static_cast<std::size_t>(6 * wrench_bodies)), State<double>(mech)};
      for (std::size_t i = 0; i < n; ++i) {
        s.q[i] = angle(random);
        s.qd[i] = unit(random);
        s.qdd[i] = unit(random);
        s.tau[i] = unit(random);
      }
      s.state.q = s.q;
      s.state.qd = s.qd;
      s.state.qdd = s.qdd;
      s.state.tau = s.tau;
      samples.push_back(std::move(s));
    }
    using dyngen::bench::one_after_another;
    batch = {kStates, one_after_another(samples, [](const Sample& s) -> const std::vector<double>& { return s.q; }),
             one_after_another(samples, [](const Sample& s) -> const std::vector<double>& { return s.qd; }),
             one_after_another(samples, [](const Sample& s) -> const std::vector<double>& { return s.qdd; }),
             one_after_another(samples, [](const Sample& s) -> const std::vector<double>& { return s.tau; }),
             one_after_another(samples, [](const Sample& s) -> const std::vector<double>& { return s.wrench; })};
  }

  dyngen::Model model;
  Mechanism<double> mech;
  dyngen::MujocoModel mujoco;
  std::vector<Sample> samples;
  Batch batch;
};

double least(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

// Registers a benchmark with a "min" statistic over its repetitions (--benchmark_repetitions):
// other work on the machine only ever adds time.
template <class Run>
void add(const std::string& name, Run&& run) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<Run>(run))->ComputeStatistics("min", least);
}

// Runs call(sample) over the states in turn.
template <class Call>
void cycle(benchmark::State& bench, const Setup& setup, Call&& call) {
  std::size_t k = 0;
  for (auto _ : bench) {
    call(setup.samples[k]);
    k = k + 1 == setup.samples.size() ? 0 : k + 1;
  }
}

void register_model(const Generated& generated) {
  const auto setup = std::make_shared<Setup>(generated.model);
  const std::string prefix = std::string(generated.model) + "/";
  const auto n = static_cast<std::size_t>(setup->model.dof());

  add(prefix + "mass_matrix/generated", [=](benchmark::State& b) {
    std::vector<double> M(n * n);
    cycle(b, *setup, [&](const Sample& s) { generated.mass_matrix(s, M.data()); });
    benchmark::DoNotOptimize(M.data());
  });
  add(prefix + "mass_matrix/batch", [=](benchmark::State& b) {
    std::vector<double> M(n * n * kStates);
    dyngen::bench::time_per_state(b, kStates, [&] { generated.mass_matrix_batch(setup->batch, M.data()); });
    benchmark::DoNotOptimize(M.data());
  });
  add(prefix + "mass_matrix/algorithm", [=](benchmark::State& b) {
    dyngen::algorithms::CrbaData<double> data(setup->mech);
    cycle(b, *setup, [&](const Sample& s) {
      dyngen::algorithms::crba(setup->mech, s.state, data);
      benchmark::DoNotOptimize(data.H.data.data());
    });
  });
  add(prefix + "mass_matrix/mujoco", [=](benchmark::State& b) {
    const mjModel* m = setup->mujoco.model();
    mjData* d = setup->mujoco.data();
    std::vector<mjtNum> dense(static_cast<std::size_t>(m->nv * m->nv));
    cycle(b, *setup, [&](const Sample& s) {
      setup->mujoco.set_state(s.q.data(), s.qd.data());
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_crb(m, d);
      mj_fullM(m, dense.data(), d->qM);
    });
  });

  add(prefix + "inverse_dynamics/generated", [=](benchmark::State& b) {
    std::vector<double> tau(n);
    cycle(b, *setup, [&](const Sample& s) { generated.inverse_dynamics(s, tau.data()); });
    benchmark::DoNotOptimize(tau.data());
  });
  add(prefix + "inverse_dynamics/batch", [=](benchmark::State& b) {
    std::vector<double> tau(n * kStates);
    dyngen::bench::time_per_state(b, kStates, [&] { generated.inverse_dynamics_batch(setup->batch, tau.data()); });
    benchmark::DoNotOptimize(tau.data());
  });
  add(prefix + "inverse_dynamics/algorithm", [=](benchmark::State& b) {
    dyngen::algorithms::RneaData<double> data(setup->mech);
    cycle(b, *setup, [&](const Sample& s) {
      dyngen::algorithms::rnea(setup->mech, s.state, data);
      benchmark::DoNotOptimize(data.tau.data());
    });
  });
  add(prefix + "inverse_dynamics/mujoco", [=](benchmark::State& b) {
    const mjModel* m = setup->mujoco.model();
    mjData* d = setup->mujoco.data();
    std::vector<mjtNum> forces(static_cast<std::size_t>(m->nv));
    cycle(b, *setup, [&](const Sample& s) {
      setup->mujoco.set_state(s.q.data(), s.qd.data());
      setup->mujoco.set_accelerations(s.qdd.data());
      mj_kinematics(m, d);
      mj_comPos(m, d);
      mj_comVel(m, d);
      mj_rne(m, d, 1, forces.data());
    });
  });

  add(prefix + "forward_dynamics_crba/generated", [=](benchmark::State& b) {
    std::vector<double> qdd(n);
    cycle(b, *setup, [&](const Sample& s) { generated.forward_dynamics_crba(s, qdd.data()); });
    benchmark::DoNotOptimize(qdd.data());
  });
  add(prefix + "forward_dynamics_crba/algorithm", [=](benchmark::State& b) {
    dyngen::algorithms::CrbaData<double> crba(setup->mech);
    dyngen::algorithms::GeneralizedForcesData<double> forces(setup->mech);
    dyngen::algorithms::LtdlData<double> factor(setup->mech);
    cycle(b, *setup, [&](const Sample& s) {
      dyngen::algorithms::crba(setup->mech, s.state, crba);
      dyngen::algorithms::generalized_forces(setup->mech, s.state, forces);
      dyngen::algorithms::ltdl(setup->mech, crba.H, factor);
      // qdd = M^-1 b, in place
      dyngen::algorithms::ltdl_solve(setup->mech, factor, forces.b);
      benchmark::DoNotOptimize(forces.b.data());
    });
  });
  add(prefix + "forward_dynamics_aba/generated", [=](benchmark::State& b) {
    std::vector<double> qdd(n);
    cycle(b, *setup, [&](const Sample& s) { generated.forward_dynamics_aba(s, qdd.data()); });
    benchmark::DoNotOptimize(qdd.data());
  });
  add(prefix + "forward_dynamics_aba/algorithm", [=](benchmark::State& b) {
    dyngen::algorithms::AbaData<double> data(setup->mech);
    cycle(b, *setup, [&](const Sample& s) {
      dyngen::algorithms::aba(setup->mech, s.state, data);
      benchmark::DoNotOptimize(data.qdd.data());
    });
  });
  add(prefix + "forward_dynamics/generated", [=](benchmark::State& b) {
    std::vector<double> qdd(n);
    cycle(b, *setup, [&](const Sample& s) { generated.forward_dynamics(s, qdd.data()); });
    benchmark::DoNotOptimize(qdd.data());
  });
  add(prefix + "forward_dynamics/batch", [=](benchmark::State& b) {
    std::vector<double> qdd(n * kStates);
    dyngen::bench::time_per_state(b, kStates, [&] { generated.forward_dynamics_batch(setup->batch, qdd.data()); });
    benchmark::DoNotOptimize(qdd.data());
  });
  add(prefix + "forward_dynamics/mujoco", [=](benchmark::State& b) {
    const mjModel* m = setup->mujoco.model();
    mjData* d = setup->mujoco.data();
    cycle(b, *setup, [&](const Sample& s) {
      setup->mujoco.set_state(s.q.data(), s.qd.data());
      setup->mujoco.set_applied_forces(s.tau.data());
      mj_forward(m, d);
    });
  });
}

}  // namespace

int main(int argc, char** argv) {
  for (const Generated& generated : kModels) register_model(generated);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
