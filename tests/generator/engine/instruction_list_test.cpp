#include "engine/instruction_list.hpp"

#include <gtest/gtest.h>

#include <random>

#include "sample_kernel.hpp"

namespace dyngen::engine {
namespace {

InstructionList sample_list(Context& ctx) {
  ContextScope scope(ctx);
  std::array<Expr, test::kSampleInputs> in;
  for (int i = 0; i < test::kSampleInputs; ++i) {
    in[i] = Expr::input(InputRole::other, "in", i, "in" + std::to_string(i));
  }
  const auto out = test::sample_kernel(in);
  return flatten({{"out", {out.begin(), out.end()}}});
}

TEST(InstructionList, AgreesWithDirectEvaluationAtRandomPoints) {
  Context ctx;
  const InstructionList list = sample_list(ctx);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int trial = 0; trial < 1000; ++trial) {
    std::array<double, test::kSampleInputs> x;
    for (double& xi : x) xi = uniform(rng);
    const auto expected = test::sample_kernel(x);
    const auto got = evaluate(list, [&](const std::string& array, int index) {
      EXPECT_EQ(array, "in");
      return x.at(index);
    });
    ASSERT_EQ(got.size(), 1u);
    ASSERT_EQ(got[0].size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      EXPECT_NEAR(got[0][k], expected[k], 1e-12 * std::max(1.0, std::abs(expected[k])))
          << "output " << k << " trial " << trial;
    }
  }
}

TEST(InstructionList, SinAndCosOfEachArgumentOnce) {
  Context ctx;
  const InstructionList list = sample_list(ctx);
  // sin, cos of q1 and of q1+q2, sin(x v − 0.2), cos(y w + 0.1)
  EXPECT_EQ(count_operations(list).trig, 6);
}

TEST(InstructionList, DeterministicOrder) {
  Context a, b;
  const InstructionList la = sample_list(a);
  const InstructionList lb = sample_list(b);
  ASSERT_EQ(la.instructions.size(), lb.instructions.size());
  for (std::size_t i = 0; i < la.instructions.size(); ++i) {
    EXPECT_EQ(la.instructions[i].op, lb.instructions[i].op);
    EXPECT_EQ(la.instructions[i].a, lb.instructions[i].a);
    EXPECT_EQ(la.instructions[i].b, lb.instructions[i].b);
  }
}

TEST(InstructionList, CountsEachOperationKind) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const Expr y = Expr::input(InputRole::q, "q", 1, "y");
  const InstructionList list = flatten({{"out", {sqrt(x * y + 1.0) / (x - y), cos(x)}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.mul, 2);  // x·y, and the product with the reciprocal
  EXPECT_EQ(c.add, 2);
  EXPECT_EQ(c.div, 1);
  EXPECT_EQ(c.sqrt, 1);
  EXPECT_EQ(c.trig, 1);
  EXPECT_EQ(c.temporaries, c.total());
}

}  // namespace
}  // namespace dyngen::engine
