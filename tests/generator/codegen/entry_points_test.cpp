// The C entry points of generated/chain6/chain6_kernels.cpp, compiled with the build's flags (with
// GCC on x86-64 Linux each double entry point carries x86-64-v4 and -v3 clones, picked at load time),
// against the C++ templates they wrap, compiled here for the baseline architecture: the results
// must be bit-identical, whichever clone this CPU runs, so a kernel rounds the same on every machine.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <functional>
#include <random>

#include "generated/chain6/chain6_kernels.h"
#include "generated/chain6/chain6_kernels.hpp"

namespace {

using Vec = std::array<double, 6>;
using Kernel = std::function<void(const Vec&, const Vec&, const Vec&, double*)>;

struct EntryPoint {
  const char* name;
  int outputs;
  Kernel c_entry;
  Kernel in_cpp;
};

const EntryPoint kEntryPoints[] = {
    {"mass_matrix", 36, [](const Vec& q, const Vec&, const Vec&, double* out) { chain6_mass_matrix(q.data(), out); },
     [](const Vec& q, const Vec&, const Vec&, double* out) { chain6::mass_matrix(q.data(), out); }},
    {"generalized_forces", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_generalized_forces(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::generalized_forces(q.data(), qd.data(), u.data(), out); }},
    {"forward_dynamics_crba", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_forward_dynamics_crba(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::forward_dynamics_crba(q.data(), qd.data(), u.data(), out); }},
    {"forward_dynamics_aba", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_forward_dynamics_aba(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::forward_dynamics_aba(q.data(), qd.data(), u.data(), out); }},
    {"forward_dynamics", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_forward_dynamics(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::forward_dynamics(q.data(), qd.data(), u.data(), out); }},
    {"inverse_dynamics", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_inverse_dynamics(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::inverse_dynamics(q.data(), qd.data(), u.data(), out); }},
    {"base_wrench", 6,
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6_base_wrench(q.data(), qd.data(), u.data(), out); },
     [](const Vec& q, const Vec& qd, const Vec& u, double* out) { chain6::base_wrench(q.data(), qd.data(), u.data(), out); }},
};

TEST(EntryPoints, BitIdenticalToTheBaselineTemplates) {
  std::mt19937_64 rng(2026);
  std::uniform_real_distribution<double> angle(-50.0, 50.0), rate(-3.0, 3.0);
  for (const EntryPoint& entry : kEntryPoints) {
    int differing = 0;
    for (int s = 0; s < 20000; ++s) {
      Vec q, qd, u;
      for (int i = 0; i < 6; ++i) {
        q[i] = angle(rng);
        qd[i] = rate(rng);
        u[i] = rate(rng);
      }
      std::array<double, 36> from_c{}, from_cpp{};
      entry.c_entry(q, qd, u, from_c.data());
      entry.in_cpp(q, qd, u, from_cpp.data());
      differing += std::memcmp(from_c.data(), from_cpp.data(), sizeof(double) * entry.outputs) != 0;
    }
    EXPECT_EQ(differing, 0) << entry.name
                            << (__builtin_cpu_supports("avx512f") ? " (this CPU runs the x86-64-v4 clone)"
                                : __builtin_cpu_supports("avx2") ? " (this CPU runs the x86-64-v3 clone)"
                                                                  : "");
  }
}

}  // namespace
