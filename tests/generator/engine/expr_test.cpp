#include "engine/expr.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::engine {
namespace {

class ExprTest : public ::testing::Test {
 protected:
  Context ctx;
  ContextScope scope{ctx};
  Expr x = Expr::input(InputRole::q, "q", 0, "x");
  Expr y = Expr::input(InputRole::q, "q", 1, "y");
  Expr z = Expr::input(InputRole::qd, "qd", 0, "z");
};

TEST_F(ExprTest, EqualExpressionsAreOneNode) {
  EXPECT_EQ((x + y) * z, (y + x) * z);
  EXPECT_EQ(x * y + z, z + y * x);
  EXPECT_EQ(Expr::input(InputRole::q, "q", 0, "x"), x);
}

TEST_F(ExprTest, ConstantsFold) {
  const Expr c = Expr(2.0) * Expr(3.0) + Expr(1.5);
  ASSERT_TRUE(c.is_constant());
  EXPECT_DOUBLE_EQ(c.constant_value(), 7.5);
  EXPECT_DOUBLE_EQ(sin(Expr(0.5)).constant_value(), std::sin(0.5));
  EXPECT_DOUBLE_EQ(reciprocal(Expr(4.0)).constant_value(), 0.25);
}

TEST_F(ExprTest, SignAndAtan2FoldConstantsAndAreSharedNodes) {
  EXPECT_DOUBLE_EQ(sign(Expr(-0.5)).constant_value(), -1.0);
  EXPECT_DOUBLE_EQ(sign(Expr(0.0)).constant_value(), 1.0);
  EXPECT_DOUBLE_EQ(atan2(Expr(1.0), Expr(-1.0)).constant_value(), std::atan2(1.0, -1.0));
  EXPECT_EQ(atan2(x + y, z), atan2(y + x, z));
  EXPECT_FALSE(atan2(x, z) == atan2(z, x));
  EXPECT_EQ(sign(x * y), sign(y * x));
  EXPECT_EQ(to_string(atan2(x, z)), "atan2(x, z)");
}

TEST_F(ExprTest, NeutralElements) {
  EXPECT_TRUE((x * 0.0).is_zero());
  EXPECT_EQ(x * 1.0, x);
  EXPECT_EQ(x + 0.0, x);
  EXPECT_EQ(-(-x), x);
  EXPECT_TRUE((x - x).is_zero());
}

TEST_F(ExprTest, SumsBecomeTemporariesWhenTheyAreFactors) {
  const Expr s = x + y;
  const Expr product = s * z;
  EXPECT_EQ(to_string(product).find('+'), std::string::npos) << to_string(product);
  // (x+y)·z and −(x+y)·z and (−x−y)·z share one temporary: reuse up to sign.
  EXPECT_EQ((-s) * z, -product);
  EXPECT_EQ(ctx.atom_count(), 4u);
}

TEST_F(ExprTest, OddAndEvenTrigFunctions) {
  EXPECT_EQ(sin(-x), -sin(x));
  EXPECT_EQ(cos(-x), cos(x));
}

TEST_F(ExprTest, BindKeepsTrivialExpressions) {
  EXPECT_EQ(bind(x), x);
  EXPECT_EQ(bind(-3.0 * x), -3.0 * x);
  EXPECT_EQ(bind(Expr(2.0)), Expr(2.0));
  const Expr b = bind(x * y + z);
  EXPECT_TRUE(b.is_atom());
  EXPECT_EQ(bind(-(x * y + z)), -b);
}

TEST_F(ExprTest, StructuralEqualityNeverNumeric) {
  // x² − y² and (x−y)(x+y) are equal as functions but not the same expression.
  EXPECT_FALSE(x * x - y * y == (x - y) * (x + y));
}

}  // namespace
}  // namespace dyngen::engine
