// x₍k+1₎ = x_k·x_k + sin(x_k): as a tree its size doubles per level (2^1000 nodes); the engine's
// DAG must stay linear in the depth at every stage — building, counting, emitting.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "engine/emit_cpp.hpp"
#include "engine/expr.hpp"
#include "engine/instruction_list.hpp"

namespace dyngen::engine {
namespace {

TEST(CodeExplosion, ThousandLevelRecurrenceStaysLinear) {
  constexpr int depth = 1000;
  const auto start = std::chrono::steady_clock::now();
  Context ctx;
  ContextScope scope(ctx);
  Expr x = Expr::input(InputRole::q, "q", 0, "x0");
  for (int k = 0; k < depth; ++k) x = x * x + sin(x);
  const InstructionList list = flatten({{"out", {x}}});
  const OpCount count = count_operations(list);
  const Kernel kernel{"recurrence", "1000 levels", {{"q", 1, "x0"}}, {{"out", 1, "x1000"}}, list};
  const std::string code = emit_kernel(kernel);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Per level: one product, one sine, one addition.
  EXPECT_EQ(count.mul, depth);
  EXPECT_EQ(count.trig, depth);
  EXPECT_EQ(count.add, depth);
  EXPECT_LT(code.size(), std::size_t{100} * depth);
  EXPECT_LT(seconds, 1.0) << "the DAG was walked as a tree";

  // The list evaluates to the recurrence computed directly (from x0 = −0.3 it creeps towards 0).
  double direct = -0.3;
  for (int k = 0; k < depth; ++k) direct = direct * direct + std::sin(direct);
  const auto values = evaluate(list, [](const std::string&, int) { return -0.3; });
  EXPECT_DOUBLE_EQ(values[0][0], direct);
}

}  // namespace
}  // namespace dyngen::engine
