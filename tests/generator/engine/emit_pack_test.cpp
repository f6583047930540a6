#include "engine/emit_pack.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "engine/identifier.hpp"

namespace dyngen::engine {
namespace {

namespace fs = std::filesystem;

// A kernel with every lane-wise instruction: arithmetic, division, sines and cosines of contiguous
// and of scattered input elements, outputs that are a constant, an input element and a negated
// zero; two input arrays and two output arrays.
Kernel sample_kernel() {
  const Expr q0 = Expr::input(InputRole::q, "q", 0, "q0"), q1 = Expr::input(InputRole::q, "q", 1, "q1");
  const Expr q3 = Expr::input(InputRole::q, "q", 3, "q3"), q2 = Expr::input(InputRole::q, "q", 2, "q2");
  const Expr u = Expr::input(InputRole::qd, "u", 0, "u0"), v = Expr::input(InputRole::qd, "u", 1, "u1");
  const Expr a = sin(q0) * cos(q1) + u * u / (Expr(2.0) + cos(q3) * cos(q3));
  const Expr b = (sin(q3) - v) * (a + Expr(0.125)) - q2 * u / (Expr(3.0) + sin(q1) * sin(q1));
  return {"sample", "sample", {{"q", 4, "angles and a length"}, {"u", 2, "rates"}},
          {{"out", 4, "values"}, {"more", 2, "values"}},
          flatten({{"out", {a, b, a * b - u, Expr(1.5)}}, {"more", {q2, -(a / b)}}})};
}

// The header: support, pack support, the kernel and its batch form, in namespace pack_ns.
std::string sample_header() {
  Context ctx;
  ContextScope scope(ctx);
  const Kernel kernel = sample_kernel();
  EXPECT_TRUE(lane_wise(kernel));
  return "#pragma once\n#include <cmath>\n#include <cstring>\n#include <utility>\nnamespace pack_ns {\n" +
         emit_support({kernel}) + pack_support(true) + emit_kernel(kernel) + emit_batch(kernel, "sample") + "}\n";
}

// Compiles k.cpp beside k.hpp with `compiler flags` and runs it; the exit status.
int compile_and_run(const std::string& header, const std::string& driver, const std::string& compiler,
                    const std::string& flags) {
  const fs::path dir = fs::temp_directory_path() / ("dyngen_emit_pack_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "k.hpp") << header;
  std::ofstream(dir / "k.cpp") << driver;
  const std::string command = compiler + " -std=c++17 " + flags + " -Wall -Wextra -Wpedantic -Wshadow -Werror " +
                              (dir / "k.cpp").string() + " -o " + (dir / "k").string() + " && " + (dir / "k").string();
  const int status = std::system(command.c_str());
  fs::remove_all(dir);
  return status;
}

// The batch form over n states equals n calls of the kernel bit for bit, for packs of 2, 4, 8 and
// 16 lanes of double and float and every n from 0 to 40 (partial last packs), with angles beyond
// the table's range, infinite and NaN in some lanes; nothing is written past n states. With both
// compilers, at -O0 and -O2, and with the plain-array packs of other compilers.
TEST(EmitPack, BatchFormsEqualTheScalarKernelLaneByLane) {
  const std::string driver = R"(#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <vector>
#include "k.hpp"
template <class S, int W>
int check(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> angle(-4.0, 4.0), wide(-1e5, 1e5);
  int wrong = 0;
  for (int n = 0; n <= 40; ++n) {
    std::vector<S> q(4 * n + 1), u(2 * n + 1);
    for (S& x : q) x = static_cast<S>(angle(rng));
    for (S& x : u) x = static_cast<S>(angle(rng));
    if (n > 3) {
      q[4 * 1 + 3] = static_cast<S>(wide(rng));  // state 1: beyond the table's range
      q[4 * 2 + 0] = std::numeric_limits<S>::infinity();
      q[4 * 3 + 1] = std::numeric_limits<S>::quiet_NaN();
    }
    const S guard = S(12345);
    std::vector<S> out(4 * n + 1, guard), more(2 * n + 1, guard);
    pack_ns::sample_batch<pack_ns::dyngen_pack<S, W>>(n, q.data(), u.data(), out.data(), more.data());
    for (int s = 0; s < n; ++s) {
      S expected_out[4], expected_more[2];
      pack_ns::sample(&q[4 * s], &u[2 * s], expected_out, expected_more);
      wrong += std::memcmp(expected_out, &out[4 * s], sizeof expected_out) != 0;
      wrong += std::memcmp(expected_more, &more[2 * s], sizeof expected_more) != 0;
    }
    wrong += out[4 * n] != guard || more[2 * n] != guard;
  }
  return wrong;
}
int main() {
  std::mt19937_64 rng(17);
  const int wrong = check<double, 2>(rng) + check<double, 4>(rng) + check<double, 8>(rng) + check<float, 4>(rng) +
                    check<float, 8>(rng) + check<float, 16>(rng);
  std::printf("%d states differ\n", wrong);
  return wrong == 0 ? 0 : 1;
}
)";
  const std::string header = sample_header();
  for (const std::string compiler : {"g++", "clang++"})
    for (const std::string flags : {"-O0", "-O2 -ffp-contract=off", "-O2 -ffp-contract=off -DDYNGEN_NO_VECTOR_EXTENSIONS"}) {
      EXPECT_EQ(compile_and_run(header, driver, compiler, flags), 0) << compiler << " " << flags;
    }
}

// A full pack is moved by transposing W elements of each state at a time: for every state size
// from 0 to 40 (shorter than a pack, a multiple of it, groups overlapping at the end), packs of 2
// to 16 lanes, each element reaches its lane and comes back to its place, and nothing is read or
// written outside the pack's states (arrays of exactly W states, AddressSanitizer).
TEST(EmitPack, PacksLoadAndStoreEveryElementOfTheirStatesAndNoOther) {
  const std::string driver = R"(#include <cstdio>
#include <vector>
#include "k.hpp"
template <class S, int W>
int check() {
  int wrong = 0;
  for (int size = 0; size <= 40; ++size) {
    std::vector<S> in(static_cast<std::size_t>(W * size)), out(in.size(), S(-1));
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<S>(i + 1);
    std::vector<pack_ns::dyngen_pack<S, W>> packs(static_cast<std::size_t>(size));
    pack_ns::dyngen_load(packs.data(), in.data(), size, W, std::make_integer_sequence<int, W>{});
    for (int i = 0; i < size; ++i)
      for (int l = 0; l < W; ++l) wrong += packs[static_cast<std::size_t>(i)].v[l] != in[static_cast<std::size_t>(l * size + i)];
    pack_ns::dyngen_store(packs.data(), out.data(), size, W, std::make_integer_sequence<int, W>{});
    wrong += out != in;
  }
  return wrong;
}
int main() {
  const int wrong = check<double, 2>() + check<double, 4>() + check<double, 8>() + check<float, 4>() +
                    check<float, 8>() + check<float, 16>();
  std::printf("%d elements misplaced\n", wrong);
  return wrong == 0 ? 0 : 1;
}
)";
  const std::string header = "#pragma once\n#include <cmath>\n#include <cstring>\n#include <utility>\nnamespace pack_ns {\n" +
                             pack_support(false) + "}\n";
  EXPECT_EQ(compile_and_run(header, driver, "g++", "-O1 -fsanitize=address,undefined -fno-sanitize-recover=all"), 0);
  EXPECT_EQ(compile_and_run(header, driver, "clang++", "-O2"), 0);
  EXPECT_EQ(compile_and_run(header, driver, "g++", "-O2 -DDYNGEN_NO_VECTOR_EXTENSIONS"), 0);
}

// Under -ffast-math each lane takes dyngen_sin_cos's own path; the compiler may reassociate the
// scalar and the vector code differently, so the lanes agree with the scalar kernel to rounding
// (1e-12 relative), not bit for bit.
TEST(EmitPack, BatchFormsUnderFastMathAgreeWithTheScalarKernel) {
  const std::string driver = R"(#include <cmath>
#include <random>
#include "k.hpp"
int main() {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> angle(-4.0, 4.0);
  double q[4 * 11], u[2 * 11], out[4 * 11], more[2 * 11];
  for (double& x : q) x = angle(rng);
  for (double& x : u) x = angle(rng);
  pack_ns::sample_batch<pack_ns::dyngen_pack<double, 4>>(11, q, u, out, more);
  int wrong = 0;
  for (int s = 0; s < 11; ++s) {
    double expected_out[4], expected_more[2];
    pack_ns::sample(&q[4 * s], &u[2 * s], expected_out, expected_more);
    for (int k = 0; k < 4; ++k) wrong += !(std::abs(out[4 * s + k] - expected_out[k]) <= 1e-12 * std::fmax(1.0, std::abs(expected_out[k])));
    for (int k = 0; k < 2; ++k) wrong += !(std::abs(more[2 * s + k] - expected_more[k]) <= 1e-12 * std::fmax(1.0, std::abs(expected_more[k])));
  }
  return wrong == 0 ? 0 : 1;
}
)";
  EXPECT_EQ(compile_and_run(sample_header(), driver, "g++", "-O2 -ffast-math"), 0);
}

// Only arithmetic and the sines and cosines of inputs have lane-wise forms.
TEST(EmitPack, LaneWiseKernels) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const auto kernel = [](const Expr& value) {
    return Kernel{"k", "", {{"q", 1, ""}}, {{"out", 1, ""}}, flatten({{"out", {value}}})};
  };
  EXPECT_TRUE(lane_wise(kernel(sin(x) * x / (x + 1.0) - cos(x))));
  EXPECT_FALSE(lane_wise(kernel(sqrt(x * x + 1.0))));
  EXPECT_FALSE(lane_wise(kernel(sin(x * 2.0))));
  EXPECT_FALSE(lane_wise(kernel(atan2(x, x + 1.0))));
  EXPECT_FALSE(lane_wise(kernel(sign(x) * x)));
}

// A batch form's own names cannot be an array's.
TEST(EmitPack, RefusesArraysNamedAsTheBatchFormsOwnNames) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "n", 0, "x");
  const Kernel kernel{"k", "", {{"n", 1, ""}}, {{"out", 1, ""}}, flatten({{"out", {x * x}}})};
  EXPECT_THROW(emit_batch(kernel, "k"), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::engine
