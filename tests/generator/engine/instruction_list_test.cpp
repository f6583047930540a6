#include "engine/instruction_list.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

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

TEST(InstructionList, SignAndAtan2EvaluateAndCount) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const Expr y = Expr::input(InputRole::q, "q", 1, "y");
  const InstructionList list = flatten({{"out", {atan2(x * y, x - y) * sign(x), sign(x) + atan2(y, x)}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.atan2, 2);
  EXPECT_EQ(c.sign, 1);
  EXPECT_EQ(c.temporaries, c.total());
  for (const auto& [a, b] : {std::pair{0.3, -1.2}, std::pair{-2.0, 0.5}, std::pair{0.0, -0.1}}) {
    const auto got = evaluate(list, [&](const std::string&, int index) { return index == 0 ? a : b; });
    const double s = a < 0.0 ? -1.0 : 1.0;
    EXPECT_DOUBLE_EQ(got[0][0], std::atan2(a * b, a - b) * s);
    EXPECT_DOUBLE_EQ(got[0][1], s + std::atan2(b, a));
  }
}

// Inputs x[0..n-1] of the current context.
std::vector<Expr> inputs(int n) {
  std::vector<Expr> x;
  for (int i = 0; i < n; ++i) x.push_back(Expr::input(InputRole::other, "x", i, "x" + std::to_string(i)));
  return x;
}

// The rules below each save operations only when their product or sum is needed more than once, so
// every test also checks the values.
void expect_values(const InstructionList& list, const std::vector<double>& x, const std::vector<double>& expected) {
  const auto got = evaluate(list, [&](const std::string&, int index) { return x.at(static_cast<std::size_t>(index)); });
  ASSERT_EQ(got.at(0).size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_NEAR(got[0][k], expected[k], 1e-12) << k;
}

// An LTDL column: a·l_j with a = l_0/d for j = 1..3 is (l_0·(1/d))·l_j, the part every product
// shares built once: 1 + 3 multiplications, not 2 each.
TEST(InstructionList, ProductsShareThePartMostOfThemContain) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(5);
  const Expr a = x[0] / (x[4] + 1.0);
  const InstructionList list = flatten({{"out", {a * x[1], a * x[2], a * x[3]}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.mul, 4);
  EXPECT_EQ(c.div, 1);
  const double inv = 1.0 / (0.5 + 1.0);
  expect_values(list, {0.3, 0.7, -1.1, 2.0, 0.5}, {0.3 * inv * 0.7, -0.3 * inv * 1.1, 0.3 * inv * 2.0});
}

// L_ij·x_j of an LTDL solve is the product of two products that exist: (l·r)·(y·s) once l·r and
// y·s are outputs costs one multiplication.
TEST(InstructionList, ProductSplitIntoTwoComputedParts) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(4);
  const InstructionList list = flatten({{"out", {x[0] * x[1], x[2] * x[3], x[0] * x[1] * x[2] * x[3]}}});
  EXPECT_EQ(count_operations(list).mul, 3);
  expect_values(list, {2.0, 3.0, 5.0, 7.0}, {6.0, 35.0, 210.0});
}

// A constant pivot D_k folds 1/D_k into the coefficients: c·l_0·l_j for several j is (c·l_0)·l_j.
TEST(InstructionList, ScaledProductsShareTheScaledPart) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(4);
  const Expr a = 31.25 * x[0];
  const InstructionList list = flatten({{"out", {x[1] - a * x[1], x[2] - a * x[2], x[3] - a * x[3]}}});
  EXPECT_EQ(count_operations(list).mul, 4);  // 31.25·x0 and its three products
  expect_values(list, {0.1, 0.2, 0.3, 0.4}, {0.2 - 3.125 * 0.2, 0.3 - 3.125 * 0.3, 0.4 - 3.125 * 0.4});
}

// An output -(x + y + z) whose opposite is a temporary another output needs is one negation.
TEST(InstructionList, NegatedSumReusesItsOpposite) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(4);
  const Expr sum = x[0] + x[1] + x[2];
  const InstructionList list = flatten({{"out", {sum * x[3], -sum}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.add, 3);  // two additions and the negation
  EXPECT_EQ(c.mul, 1);
  expect_values(list, {1.0, 2.0, 4.0, 0.5}, {3.5, -7.0});
}

// An output b - a whose opposite a - b is a temporary other sums use: a - b is held negated, so
// the pair costs one subtraction, not two, and the sum using it subtracts instead of adding.
TEST(InstructionList, TemporaryHeldNegatedForAnOutputOfOppositeSign) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(4);
  const Expr difference = x[0] - x[1];
  const InstructionList list = flatten({{"out", {difference * x[2] + x[3], x[1] - x[0]}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.add, 2);
  EXPECT_EQ(c.mul, 1);
  expect_values(list, {1.0, 4.0, 0.5, 2.0}, {(1.0 - 4.0) * 0.5 + 2.0, 3.0});
}

// A negated temporary would make a sum that uses it start negative (one negation more), so a
// single-term use keeps the temporary's sign.
TEST(InstructionList, TemporaryKeepsItsSignWhenNegatingCostsElsewhere) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(3);
  const Expr difference = x[0] - x[1];
  const InstructionList list = flatten({{"out", {difference * x[2], x[1] - x[0]}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.add, 2);  // x0 - x1 and x1 - x0: negating would cost the same plus a negation
  EXPECT_EQ(c.mul, 1);
  expect_values(list, {1.0, 4.0, 0.5}, {-1.5, 3.0});
}

// A Coriolis-like 2·a·b − c beside a sum a·b − c computed anyway is (a·b − c) + a·b: one addition
// instead of the product 2·(a·b) and a subtraction.
TEST(InstructionList, SumBuiltFromAComputedPartialSum) {
  Context ctx;
  ContextScope scope(ctx);
  const std::vector<Expr> x = inputs(3);
  const Expr ab = x[0] * x[1];
  const InstructionList list = flatten({{"out", {ab - x[2], 2.0 * ab - x[2]}}});
  const OpCount c = count_operations(list);
  EXPECT_EQ(c.mul, 1);
  EXPECT_EQ(c.add, 2);
  expect_values(list, {1.5, 2.0, 0.5}, {3.0 - 0.5, 6.0 - 0.5});
}

}  // namespace
}  // namespace dyngen::engine
