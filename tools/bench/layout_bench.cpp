// The batch kernels' array layout: the mass matrix and forward dynamics of chain6 and chain30 over n
// states in packs of 8 doubles (AVX-512 build, no contraction, as the entry points), with the arrays
//   interleaved  every array holding the states' arrays one after another (q[s * 6 + i]), the
//                layout of the batch entry points: the header's <kernel>_batch
//   soa          structure of arrays, one array per element over the states (q[i * n + s]): each
//                pack read and written with whole-vector moves
// for n = 64, 248 and 4096 (a power of two: the soa streams n * 8 bytes apart share L1 sets).
// Benchmark names: <model>/<kernel>/<layout>/<n>; the counter per_state is the CPU time per state.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>

#include "batch_states.hpp"
#include "generated/chain30/chain30_kernels.hpp"
#include "generated/chain6/chain6_kernels.hpp"

namespace {

#define DYNGEN_AVX512 \
  __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx512cd,avx2,fma"), flatten, noinline, optimize("fp-contract=off")))

// packs[i] = elements s..s+7 of array i of `size` arrays of n elements
template <class P>
void load(P* packs, const double* arrays, int size, int n, int s) {
  for (int i = 0; i < size; ++i) std::memcpy(&packs[i], arrays + static_cast<std::size_t>(i) * n + s, sizeof(P));
}

template <class P>
void store(const P* packs, double* arrays, int size, int n, int s) {
  for (int i = 0; i < size; ++i) std::memcpy(arrays + static_cast<std::size_t>(i) * n + s, &packs[i], sizeof(P));
}

// One model's kernels in both layouts (soa: n a multiple of 8).
#define DYNGEN_LAYOUTS(model)                                                                                \
  namespace model##_layouts {                                                                                \
  using P = model::dyngen_pack<double, 8>;                                                                   \
  constexpr int dof = model::dof;                                                                            \
  DYNGEN_AVX512 void mass_matrix_interleaved(int n, const double* q, double* M) {                            \
    model::mass_matrix_batch<P>(n, q, M);                                                                    \
  }                                                                                                          \
  DYNGEN_AVX512 void forward_dynamics_interleaved(int n, const double* q, const double* qd, const double* tau, \
                                                  double* qdd) {                                             \
    model::forward_dynamics_batch<P>(n, q, qd, tau, qdd);                                                    \
  }                                                                                                          \
  DYNGEN_AVX512 void mass_matrix_soa(int n, const double* q, double* M) {                                    \
    for (int s = 0; s < n; s += 8) {                                                                         \
      P q_pack[dof], M_pack[dof * dof];                                                                      \
      load(q_pack, q, dof, n, s);                                                                            \
      model::mass_matrix(q_pack, M_pack);                                                                    \
      store(M_pack, M, dof * dof, n, s);                                                                     \
    }                                                                                                        \
  }                                                                                                          \
  DYNGEN_AVX512 void forward_dynamics_soa(int n, const double* q, const double* qd, const double* tau,       \
                                          double* qdd) {                                                     \
    for (int s = 0; s < n; s += 8) {                                                                         \
      P q_pack[dof], qd_pack[dof], tau_pack[dof], qdd_pack[dof];                                             \
      load(q_pack, q, dof, n, s);                                                                            \
      load(qd_pack, qd, dof, n, s);                                                                          \
      load(tau_pack, tau, dof, n, s);                                                                        \
      model::forward_dynamics(q_pack, qd_pack, tau_pack, qdd_pack);                                          \
      store(qdd_pack, qdd, dof, n, s);                                                                       \
    }                                                                                                        \
  }                                                                                                          \
  }

DYNGEN_LAYOUTS(chain6)
DYNGEN_LAYOUTS(chain30)

// Random states; the same values in either layout (the benchmark times the layout, not the values).
std::vector<double> random_arrays(int count, std::mt19937_64& random) {
  std::uniform_real_distribution<double> unit(-3.0, 3.0);
  std::vector<double> values(static_cast<std::size_t>(count));
  for (double& v : values) v = unit(random);
  return values;
}

struct Layouts {
  const char* model;
  int dof;
  void (*mass_matrix_interleaved)(int, const double*, double*);
  void (*mass_matrix_soa)(int, const double*, double*);
  void (*forward_dynamics_interleaved)(int, const double*, const double*, const double*, double*);
  void (*forward_dynamics_soa)(int, const double*, const double*, const double*, double*);
};

const Layouts kModels[] = {
    {"chain6", chain6::dof, chain6_layouts::mass_matrix_interleaved, chain6_layouts::mass_matrix_soa,
     chain6_layouts::forward_dynamics_interleaved, chain6_layouts::forward_dynamics_soa},
    {"chain30", chain30::dof, chain30_layouts::mass_matrix_interleaved, chain30_layouts::mass_matrix_soa,
     chain30_layouts::forward_dynamics_interleaved, chain30_layouts::forward_dynamics_soa},
};

void register_layouts(const Layouts& m, int n) {
  const std::string suffix = "/" + std::to_string(n);
  const int dof = m.dof;
  std::mt19937_64 random(5);
  const auto q = std::make_shared<std::vector<double>>(random_arrays(n * dof, random));
  const auto qd = std::make_shared<std::vector<double>>(random_arrays(n * dof, random));
  const auto tau = std::make_shared<std::vector<double>>(random_arrays(n * dof, random));
  const auto least = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  const auto add = [&](const std::string& name, auto run) {
    benchmark::RegisterBenchmark((std::string(m.model) + "/" + name + suffix).c_str(), run)->ComputeStatistics("min", least);
  };
  for (const auto& [layout, mass_matrix, forward_dynamics] :
       {std::tuple{"interleaved", m.mass_matrix_interleaved, m.forward_dynamics_interleaved},
        std::tuple{"soa", m.mass_matrix_soa, m.forward_dynamics_soa}}) {
    add(std::string("mass_matrix/") + layout, [=, f = mass_matrix](benchmark::State& b) {
      std::vector<double> M(static_cast<std::size_t>(n * dof * dof));
      dyngen::bench::time_per_state(b, n, [&] { f(n, q->data(), M.data()); });
    });
    add(std::string("forward_dynamics/") + layout, [=, f = forward_dynamics](benchmark::State& b) {
      std::vector<double> qdd(static_cast<std::size_t>(n * dof));
      dyngen::bench::time_per_state(b, n, [&] { f(n, q->data(), qd->data(), tau->data(), qdd.data()); });
    });
  }
}

}  // namespace

int main(int argc, char** argv) {
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512vl") || !__builtin_cpu_supports("avx512dq")) {
    std::fprintf(stderr, "layout_bench: this CPU has no AVX-512 (the layouts are compared with packs of 8 doubles)\n");
    return 0;
  }
  for (const Layouts& m : kModels)
    for (const int n : {64, 248, 4096}) register_layouts(m, n);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
