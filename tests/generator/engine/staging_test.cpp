#include "engine/staging.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sample_kernel.hpp"

namespace dyngen::engine {
namespace {

// The sample kernel's outputs ("out", all reading the late inputs v = in[3] and w = in[4]) and
// "fixed", which reads only the early ones.
InstructionList sample_list(Context& ctx) {
  ContextScope scope(ctx);
  std::array<Expr, test::kSampleInputs> in;
  for (int i = 0; i < test::kSampleInputs; ++i) in[i] = Expr::input(InputRole::other, "in", i, "in" + std::to_string(i));
  const auto out = test::sample_kernel(in);
  return flatten({{"out", {out.begin(), out.end()}}, {"fixed", {sin(in[0]) * in[2] + in[1]}}});
}

bool late_input(const Instruction& input) { return input.array == "in" && input.index >= 3; }

TEST(Staging, EarlyListReadsNoLateInputAndLateListOnlyTheCacheAndLateInputs) {
  Context ctx;
  const InstructionList list = sample_list(ctx);
  const StagedList staged = stage(list, late_input, "cache", {"fixed"});
  ASSERT_GT(staged.cache_size, 0);
  for (const Instruction& in : staged.early.instructions) {
    if (in.op != Op::input) continue;
    EXPECT_FALSE(late_input(in)) << in.array << "[" << in.index << "]";
  }
  for (const Instruction& in : staged.late.instructions) {
    if (in.op != Op::input) continue;
    EXPECT_TRUE(in.array == "cache" || late_input(in)) << in.array << "[" << in.index << "]";
  }
  // no value computed twice: the two lists' operations add up to the original's
  EXPECT_EQ(count_operations(staged.early).total() + count_operations(staged.late).total(),
            count_operations(list).total());
  EXPECT_GT(count_operations(staged.early).total(), 0);
}

TEST(Staging, EarlyThenLateGiveTheOriginalsResultsBitForBit) {
  Context ctx;
  const InstructionList list = sample_list(ctx);
  const StagedList staged = stage(list, late_input, "cache", {"fixed"});
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<double> x(test::kSampleInputs);
    for (double& xi : x) xi = uniform(rng);
    const auto input = [&](const std::string&, int index) { return x.at(static_cast<std::size_t>(index)); };
    const auto expected = evaluate(list, input);  // out, fixed
    const auto early = evaluate(staged.early, input);  // cache, fixed
    ASSERT_EQ(early.size(), 2u);
    ASSERT_EQ(early[0].size(), static_cast<std::size_t>(staged.cache_size));
    EXPECT_EQ(early[1], expected[1]);
    // the late list alone, for several late inputs at one early state
    for (int change = 0; change < 3; ++change) {
      x[3] = uniform(rng);
      x[4] = uniform(rng);
      const auto late = evaluate(staged.late, [&](const std::string& array, int index) {
        return array == "cache" ? early[0].at(static_cast<std::size_t>(index)) : x.at(static_cast<std::size_t>(index));
      });
      ASSERT_EQ(late.size(), 1u);
      EXPECT_EQ(late[0], evaluate(list, input)[0]);
    }
  }
}

TEST(Staging, ConstantOutputsStayInTheLateList) {
  Context ctx;
  const StagedList staged = stage(sample_list(ctx), late_input, "cache", {"fixed"});
  const auto late = evaluate(staged.late, [](const std::string&, int) { return 0.5; });
  EXPECT_EQ(late.at(0).at(5), 1.5);  // out[5] = 1.5 of the sample kernel
}

TEST(Staging, RejectsAnEarlyOutputThatReadsALateInput) {
  Context ctx;
  try {
    stage(sample_list(ctx), late_input, "cache", {"out"});
    FAIL() << "staged";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("output out[0] is asked of the early list but depends on a late input"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace dyngen::engine
