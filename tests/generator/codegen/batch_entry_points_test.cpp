// The batch C entry points of generated/chain6 (kernels printed as one function) and
// generated/hexapod_peripheral (a looped model whose forward and inverse dynamics are printed in
// parts), compiled with the build's flags: the build of the widest pack this CPU runs (at most
// DYNGEN_MAX_BATCH_WIDTH, with which CMake runs these cases again at 4 and 2) is the one called,
// and over any number of states (none, one, less than a pack, whole packs and a remainder) every
// state's outputs equal the C++ templates' compiled here for the baseline architecture, bit
// for bit, in double and in float; nothing is written past the last state. The hexapod's scalar C
// entry points, whose parts are cloned one by one, equal the templates too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numbers>
#include <random>

#include "batch_kernels.hpp"
#include "compiled_loop_kernels.hpp"
#include "generated/chain6/chain6_batch.h"
#include "generated/chain6/chain6_kernels.hpp"
#include "generated/hexapod_peripheral/hexapod_peripheral_batch.h"
#include "generated/hexapod_peripheral/hexapod_peripheral_kernels.h"
#include "generated/hexapod_peripheral/hexapod_peripheral_kernels.hpp"
#include "random_inputs.hpp"

namespace dyngen::test {
namespace {

// An entry of batch_kernel_table's shape calling a C entry point.
template <class S>
struct CEntry {
  const char* name;
  const char* kernel;
  void (*call)(int n, const S* const* in, S* const* out);
};

template <class S>
const CEntry<S> kChain6[] = {
    {"mass_matrix", "mass_matrix", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double)) chain6_mass_matrix_batch(n, in[0], out[0]);
       else chain6_mass_matrix_batch_f(n, in[0], out[0]);
     }},
    {"forward_dynamics", "forward_dynamics_crba", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double)) chain6_forward_dynamics_batch(n, in[0], in[1], in[2], out[0]);
       else chain6_forward_dynamics_batch_f(n, in[0], in[1], in[2], out[0]);
     }},
    {"inverse_dynamics", "inverse_dynamics", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double)) chain6_inverse_dynamics_batch(n, in[0], in[1], in[2], out[0]);
       else chain6_inverse_dynamics_batch_f(n, in[0], in[1], in[2], out[0]);
     }},
    {"base_wrench", "base_wrench", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double)) chain6_base_wrench_batch(n, in[0], in[1], in[2], out[0]);
       else chain6_base_wrench_batch_f(n, in[0], in[1], in[2], out[0]);
     }},
};

template <class S>
const CEntry<S> kHexapod[] = {
    {"forward_dynamics", "forward_dynamics_crba", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double))
         hexapod_peripheral_forward_dynamics_batch(n, in[0], in[1], in[2], in[3], in[4], out[0], out[1], out[2]);
       else hexapod_peripheral_forward_dynamics_batch_f(n, in[0], in[1], in[2], in[3], in[4], out[0], out[1], out[2]);
     }},
    {"inverse_dynamics", "inverse_dynamics", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double))
         hexapod_peripheral_inverse_dynamics_batch(n, in[0], in[1], in[2], in[3], in[4], out[0], out[1], out[2]);
       else hexapod_peripheral_inverse_dynamics_batch_f(n, in[0], in[1], in[2], in[3], in[4], out[0], out[1], out[2]);
     }},
    {"base_wrench", "base_wrench", [](int n, const S* const* in, S* const* out) {
       if constexpr (sizeof(S) == sizeof(double)) hexapod_peripheral_base_wrench_batch(n, in[0], in[1], in[2], in[3], in[4], out[0]);
       else hexapod_peripheral_base_wrench_batch_f(n, in[0], in[1], in[2], in[3], in[4], out[0]);
     }},
};

const int kStateCounts[] = {0, 1, 3, 8, 17, 37};

TEST(BatchEntryPoints, RunTheWidestPackThisCpuRunsUpToTheEnvironmentsCap) {
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                      __builtin_cpu_supports("avx512cd");
  const int widest = avx512 ? 8 : avx2 ? 4 : 2;
  const char* cap = std::getenv("DYNGEN_MAX_BATCH_WIDTH");
  const int expected = cap == nullptr ? widest : std::min(widest, std::atoi(cap));
  EXPECT_EQ(chain6_batch_width(), expected);
  EXPECT_EQ(hexapod_peripheral_batch_width(), expected);
}

TEST(BatchEntryPoints, Chain6EqualsTheTemplatesStateByState) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> wide(-50.0, 50.0);
  const DrawState draw = [&](const std::vector<std::string>& names, const std::vector<int>& sizes) {
    auto inputs = random_arrays(names, sizes, rng);
    for (double& angle : inputs["q"]) angle = wide(rng);  // many turns, as entry_points_test
    return inputs;
  };
  for (const int n : kStateCounts) {
    expect_batch_equals_scalar<double>("chain6", chain6::kernel_table<double>, chain6::kernel_count, kChain6<double>, 4, n, draw);
    expect_batch_equals_scalar<float>("chain6 (float)", chain6::kernel_table<float>, chain6::kernel_count, kChain6<float>, 4, n, draw);
  }
}

TEST(BatchEntryPoints, HexapodEqualsTheTemplatesAtClosedStates) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/hexapod_peripheral.yaml");
  const auto mech = algorithms::make_numeric_mechanism(model);
  const std::vector<double> reference_q = codegen::loop_reference(model).q;
  std::mt19937_64 rng(37);
  const DrawState draw = [&](const std::vector<std::string>& names, const std::vector<int>& sizes) {
    auto inputs = random_arrays(names, sizes, rng);
    const algorithms::State<double> state = closed_state(mech, reference_q, 0.03, rng);
    inputs["q"] = state.q;
    inputs["qd"] = state.qd;
    return inputs;
  };
  for (const int n : kStateCounts) {
    expect_batch_equals_scalar<double>("hexapod_peripheral", hexapod_peripheral::kernel_table<double>,
                                       hexapod_peripheral::kernel_count, kHexapod<double>, 3, n, draw);
    expect_batch_equals_scalar<float>("hexapod_peripheral (float)", hexapod_peripheral::kernel_table<float>,
                                      hexapod_peripheral::kernel_count, kHexapod<float>, 3, n, draw);
  }
}

// The scalar entry points of kernels printed in parts call each part's clone in turn.
TEST(BatchEntryPoints, HexapodClonedPartsEqualTheTemplates) {
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int differing = 0;
  for (int s = 0; s < 200; ++s) {
    double q[hexapod_peripheral::dof], qd[hexapod_peripheral::dof], tau[hexapod_peripheral::dof], base[9],
        wrench[6 * (hexapod_peripheral::wrench_bodies + 1)];
    for (double* array : {q, qd, tau}) for (int i = 0; i < hexapod_peripheral::dof; ++i) array[i] = unit(rng);
    for (double& x : base) x = unit(rng);
    for (double& x : wrench) x = unit(rng);
    double c_qdd[hexapod_peripheral::dof], c_independent[hexapod_peripheral::independent_dof], c_det[hexapod_peripheral::loops];
    double qdd[hexapod_peripheral::dof], independent[hexapod_peripheral::independent_dof], det[hexapod_peripheral::loops];
    hexapod_peripheral_forward_dynamics(q, qd, tau, base, wrench, c_qdd, c_independent, c_det);
    hexapod_peripheral::forward_dynamics(q, qd, tau, base, wrench, qdd, independent, det);
    differing += std::memcmp(c_qdd, qdd, sizeof qdd) != 0 || std::memcmp(c_independent, independent, sizeof independent) != 0 ||
                 std::memcmp(c_det, det, sizeof det) != 0;
  }
  EXPECT_EQ(differing, 0) << (__builtin_cpu_supports("avx512f") ? "(this CPU runs the x86-64-v4 clones)"
                              : __builtin_cpu_supports("avx2") ? "(this CPU runs the x86-64-v3 clones)"
                                                                : "");
}

}  // namespace
}  // namespace dyngen::test
