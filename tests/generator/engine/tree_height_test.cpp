#include "engine/tree_height.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "sample_kernel.hpp"

namespace dyngen::engine {
namespace {

// A list built by hand: inputs in[0..], then the instructions given.
struct ListBuilder {
  InstructionList list;
  int input(int index) {
    Instruction in{Op::input};
    in.array = "in";
    in.index = index;
    return push(in);
  }
  int op(Op op, int a, int b = -1) { return push(Instruction{op, a, b}); }
  int push(const Instruction& in) {
    list.instructions.push_back(in);
    return static_cast<int>(list.instructions.size()) - 1;
  }
  void output(int value) {
    list.outputs.push_back({"out", static_cast<int>(list.outputs.size()), value});
  }
};

// Whether the list already holds op(a, b) (either order for a commutative op).
bool contains(const InstructionList& list, Op op, int a, int b) {
  const bool commutes = op == Op::add || op == Op::mul;
  return std::any_of(list.instructions.begin(), list.instructions.end(), [&](const Instruction& in) {
    return in.op == op && ((in.a == a && in.b == b) || (commutes && in.a == b && in.b == a));
  });
}

std::vector<double> values(const InstructionList& list, const std::vector<double>& in) {
  return evaluate(list, [&](const std::string&, int index) { return in.at(static_cast<std::size_t>(index)); })
      .at(0);
}

int output_ready(const InstructionList& list, std::size_t k) {
  return ready_times(list).at(static_cast<std::size_t>(list.outputs.at(k).value));
}

// late = x0^5 (ready at 12); s = (((late + x1) - x2) + x3) - x4 waits through four additions after
// it. Rebuilt: (x1 - x2) and (x3 - x4) first, then their sum, then late: one addition after it.
TEST(TreeHeight, LateTermIsAddedLast) {
  ListBuilder b;
  std::vector<int> x;
  for (int i = 0; i < 5; ++i) x.push_back(b.input(i));
  int late = x[0];
  for (int i = 0; i < 4; ++i) late = b.op(Op::mul, late, x[0]);
  const int s = b.op(Op::sub, b.op(Op::add, b.op(Op::sub, b.op(Op::add, late, x[1]), x[2]), x[3]), x[4]);
  b.output(s);
  ASSERT_EQ(output_ready(b.list, 0), 24);

  const InstructionList rebuilt = reduce_tree_height(b.list);
  EXPECT_EQ(output_ready(rebuilt, 0), 15);
  EXPECT_EQ(count_operations(rebuilt), count_operations(b.list));
  const std::vector<double> in{1.1, 0.3, -0.7, 2.5, 0.9};
  EXPECT_NEAR(values(rebuilt, in)[0], values(b.list, in)[0], 1e-14);
}

// A partial sum that is also an output, or read by a product, stays a value of its own: the tree
// above it takes it as one term.
TEST(TreeHeight, SharedPartialSumsStay) {
  ListBuilder b;
  std::vector<int> x;
  for (int i = 0; i < 6; ++i) x.push_back(b.input(i));
  const int partial = b.op(Op::add, x[0], x[1]);
  const int product_operand = b.op(Op::sub, x[2], x[3]);
  const int product = b.op(Op::mul, product_operand, x[4]);
  const int s = b.op(Op::add, b.op(Op::add, b.op(Op::add, partial, product), product_operand), x[5]);
  b.output(partial);
  b.output(s);

  const InstructionList rebuilt = reduce_tree_height(b.list);
  EXPECT_EQ(count_operations(rebuilt), count_operations(b.list));
  EXPECT_EQ(rebuilt.instructions.at(static_cast<std::size_t>(rebuilt.outputs[0].value)).op, Op::add);
  const std::vector<double> in{0.5, -1.5, 2.0, 0.25, 3.0, -0.125};
  const std::vector<double> before = values(b.list, in), after = values(rebuilt, in);
  EXPECT_EQ(after, before);  // exact here: every partial result is a small dyadic number
  EXPECT_LE(output_ready(rebuilt, 1), output_ready(b.list, 1));
}

// Subtracted terms keep their signs however the tree regroups them, and no negation is added:
// s = x0 - x1 - x2 - x3 - x4 with x0 ready last.
TEST(TreeHeight, SignsSurviveRegrouping) {
  ListBuilder b;
  std::vector<int> x;
  for (int i = 0; i < 5; ++i) x.push_back(b.input(i));
  const int late = b.op(Op::div, b.op(Op::mul, x[0], x[0]), x[1]);
  int s = late;
  for (int i = 1; i < 5; ++i) s = b.op(Op::sub, s, x[i]);
  b.output(s);

  const InstructionList rebuilt = reduce_tree_height(b.list);
  EXPECT_EQ(count_operations(rebuilt), count_operations(b.list));
  EXPECT_EQ(count_operations(rebuilt).add, 4);
  EXPECT_LT(output_ready(rebuilt, 0), output_ready(b.list, 0));
  const std::vector<double> in{1.5, 0.5, 0.25, 2.0, -4.0};
  EXPECT_EQ(values(rebuilt, in), values(b.list, in));
}

// A combination a deduplicated list already computes is reused, not computed twice: with
// p = x1 + x2 an output, s = ((late + x1) + x2) regroups to late + (x1 + x2) = late + p, one
// addition fewer.
TEST(TreeHeight, CombinationAlreadyComputedIsReused) {
  ListBuilder b;
  std::vector<int> x;
  for (int i = 0; i < 3; ++i) x.push_back(b.input(i));
  const int p = b.op(Op::add, x[1], x[2]);
  const int late = b.op(Op::mul, b.op(Op::mul, x[0], x[0]), x[0]);
  const int s = b.op(Op::add, b.op(Op::add, late, x[1]), x[2]);
  b.output(p);
  b.output(s);

  const InstructionList rebuilt = reduce_tree_height(b.list);
  EXPECT_EQ(count_operations(rebuilt).add, count_operations(b.list).add - 1);
  EXPECT_EQ(count_operations(rebuilt).mul, count_operations(b.list).mul);
  const Instruction& root = rebuilt.instructions.at(static_cast<std::size_t>(rebuilt.outputs[1].value));
  EXPECT_TRUE(root.a == rebuilt.outputs[0].value || root.b == rebuilt.outputs[0].value);
  const std::vector<double> in{1.5, 0.25, -2.0};
  EXPECT_EQ(values(rebuilt, in), values(b.list, in));

  // a list flattened without sharing (the dedup-off ablation) keeps computing it twice
  b.list.deduplicated = false;
  const InstructionList unshared = reduce_tree_height(b.list);
  EXPECT_FALSE(unshared.deduplicated);
  EXPECT_EQ(count_operations(unshared), count_operations(b.list));
}

// The engine's own sample kernel: same counts, same values, no output later than before.
TEST(TreeHeight, FlattenedKernelKeepsCountsAndValues) {
  Context ctx;
  ContextScope scope(ctx);
  std::array<Expr, test::kSampleInputs> in;
  for (int i = 0; i < test::kSampleInputs; ++i) in[i] = Expr::input(InputRole::other, "in", i, "in" + std::to_string(i));
  const auto out = test::sample_kernel(in);
  const InstructionList list = flatten({{"out", {out.begin(), out.end()}}});
  const InstructionList rebuilt = reduce_tree_height(list);
  EXPECT_EQ(count_operations(rebuilt), count_operations(list));
  for (std::size_t k = 0; k < list.outputs.size(); ++k) EXPECT_LE(output_ready(rebuilt, k), output_ready(list, k));
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<double> x(test::kSampleInputs);
    for (double& xi : x) xi = uniform(rng);
    const std::vector<double> before = values(list, x), after = values(rebuilt, x);
    for (std::size_t k = 0; k < before.size(); ++k) {
      EXPECT_NEAR(after[k], before[k], 1e-12 * std::max(1.0, std::abs(before[k])));
    }
  }
}

// Random lists of sums and products over a few inputs, no instruction twice (as flatten gives
// them): every output keeps its value, the instructions stay in topological order and distinct,
// products and negations stay, and additions only go when a combination was already computed.
TEST(TreeHeight, RandomListsKeepValuesAndOrder) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    ListBuilder b;
    std::vector<int> pool;
    for (int i = 0; i < 4; ++i) pool.push_back(b.input(i));
    for (int k = 0; k < 40; ++k) {
      std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1), kind(0, 5);
      const std::size_t what = kind(rng);
      const Op op = what < 2 ? Op::add : what < 4 ? Op::sub : what == 4 ? Op::mul : Op::neg;
      const int first = pool[pick(rng)], second = op == Op::neg ? -1 : pool[pick(rng)];
      if (contains(b.list, op, first, second)) continue;
      pool.push_back(b.op(op, first, second));
    }
    for (std::size_t k = pool.size() - 5; k < pool.size(); ++k) b.output(pool[k]);
    const InstructionList rebuilt = reduce_tree_height(b.list);
    const OpCount before_count = count_operations(b.list), after_count = count_operations(rebuilt);
    EXPECT_EQ(after_count.mul, before_count.mul);
    EXPECT_LE(after_count.add, before_count.add);
    EXPECT_EQ(after_count.add - before_count.add, after_count.total() - before_count.total());
    for (std::size_t i = 0; i < rebuilt.instructions.size(); ++i) {
      const Instruction& in = rebuilt.instructions[i];
      for (int operand : {in.a, in.b}) EXPECT_LT(operand, static_cast<int>(i));
      InstructionList earlier;
      earlier.instructions.assign(rebuilt.instructions.begin(), rebuilt.instructions.begin() + static_cast<std::ptrdiff_t>(i));
      if (in.op != Op::input) {
        EXPECT_FALSE(contains(earlier, in.op, in.a, in.b)) << "trial " << trial << " instruction " << i;
      }
    }
    const std::vector<double> in{0.7, -1.3, 0.4, 1.9};
    const std::vector<double> before = values(b.list, in), after = values(rebuilt, in);
    for (std::size_t k = 0; k < before.size(); ++k) {
      EXPECT_NEAR(after[k], before[k], 1e-9 * std::max(1.0, std::abs(before[k]))) << "trial " << trial;
    }
  }
}

}  // namespace
}  // namespace dyngen::engine
