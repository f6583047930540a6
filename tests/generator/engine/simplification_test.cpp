// Each simplification of engine.md, shown by the operation count of the same computation with
// the simplification switched off (before) and on (after).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <utility>

#include "engine/expr.hpp"
#include "engine/instruction_list.hpp"

namespace dyngen::engine {
namespace {

struct Inputs {
  Expr x, y, z, w;
};

using Build = std::function<std::vector<Expr>(const Inputs&)>;

OpCount count(const Options& options, const Build& build) {
  Context ctx(options);
  ContextScope scope(ctx);
  const Inputs in{Expr::input(InputRole::q, "q", 0, "x"), Expr::input(InputRole::q, "q", 1, "y"),
                  Expr::input(InputRole::q, "q", 2, "z"), Expr::input(InputRole::q, "q", 3, "w")};
  return count_operations(flatten({{"out", build(in)}}));
}

template <class Flag>
std::pair<OpCount, OpCount> before_after(Flag Options::*flag, const Build& build) {
  Options off;
  off.*flag = false;
  return {count(off, build), count(Options{}, build)};
}

TEST(Simplification, ConstantFoldingAndNeutralElements) {
  // 2·3·x·1 + 0·y + x·0 − (−z): one product by the folded 6 and one addition.
  const OpCount c = count({}, [](const Inputs& in) {
    return std::vector<Expr>{Expr(2.0) * Expr(3.0) * in.x * Expr(1.0) + Expr(0.0) * in.y +
                             in.x * Expr(0.0) - (-in.z)};
  });
  EXPECT_EQ(c.mul, 1);
  EXPECT_EQ(c.add, 1);
}

TEST(Simplification, LikeTerms) {
  // x·y + z + 2·x·y − 3·x·y + z·w  =  z + z·w
  auto [before, after] = before_after(&Options::like_terms, [](const Inputs& in) {
    return std::vector<Expr>{in.x * in.y + in.z + 2.0 * in.x * in.y - 3.0 * in.x * in.y +
                             in.z * in.w};
  });
  EXPECT_EQ(after.total(), 2);
  EXPECT_GT(before.total(), after.total());
}

TEST(Simplification, TrigIdentity) {
  // z·sin²x + z·cos²x = z, 0.7·sin²x + 0.7·cos²x = 0.7, 3·y·sin²x + 3·y·cos²x·w = 3·y·w·…
  auto [before, after] = before_after(&Options::trig_identity, [](const Inputs& in) {
    const Expr s = sin(in.x), c = cos(in.x);
    return std::vector<Expr>{in.z * s * s + in.z * c * c, 0.7 * s * s + 0.7 * c * c,
                             3.0 * in.y * in.w * s * s + 3.0 * in.y * in.w * c * c};
  });
  EXPECT_LT(after.total(), before.total());
  EXPECT_EQ(after.trig, 0);
  EXPECT_EQ(before.trig, 2);
}

TEST(Simplification, TrigIdentityGivesConstant) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const Expr one = 2.5 * sin(x) * sin(x) + 2.5 * cos(x) * cos(x);
  ASSERT_TRUE(one.is_constant());
  EXPECT_DOUBLE_EQ(one.constant_value(), 2.5);
}

TEST(Simplification, ReciprocalCancellation) {
  // (x+y)·(1/(x+y))·z = z, and z/(x·y)·x·y = z
  auto [before, after] = before_after(&Options::reciprocal_cancel, [](const Inputs& in) {
    const Expr s = in.x + in.y;
    return std::vector<Expr>{s * reciprocal(s) * in.z, in.z / (in.x * in.w) * (in.x * in.w)};
  });
  EXPECT_EQ(after.total(), 0);
  EXPECT_GE(before.div, 2);
}

TEST(Simplification, SqrtSquared) {
  const OpCount c = count({}, [](const Inputs& in) {
    const Expr r = sqrt(in.x * in.x + in.y * in.y);
    return std::vector<Expr>{r * r * in.z};
  });
  EXPECT_EQ(c.sqrt, 0);
}

TEST(Simplification, TrigOfAtan2FromItsRadius) {
  // sin and cos of ±atan2(y, x) (a closure's angle) as ±y/r and x/r, r = sqrt(x² + y²): one sqrt
  // and one division for the pair instead of two trig calls; 2·atan2 keeps its calls
  const Build build = [](const Inputs& in) {
    const Expr a = atan2(in.y, in.x + in.z);
    return std::vector<Expr>{a, sin(a) * in.w, cos(a), sin(-a), sin(2.0 * a)};
  };
  auto [before, after] = before_after(&Options::trig_of_atan2, build);
  EXPECT_EQ(before.trig, 3);  // sin a, cos a, sin(2a) (sin(-a) = -sin a)
  EXPECT_EQ(after.trig, 1);
  EXPECT_EQ(after.sqrt, 1);
  EXPECT_EQ(after.div, 1);
  EXPECT_EQ(after.atan2, 1);
  // the values are the functions' own
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x"), y = Expr::input(InputRole::q, "q", 1, "y");
  const Expr a = atan2(y, x);
  const InstructionList list = flatten({{"out", {sin(a), cos(a), sin(-a)}}});
  for (const auto& [px, py] : std::vector<std::pair<double, double>>{{0.3, 0.4}, {-2.0, 0.1}, {-1e-3, -5.0}, {7.0, 0.0}}) {
    const auto out = evaluate(list, [&](const std::string&, int index) { return index == 0 ? px : py; });
    const double angle = std::atan2(py, px);
    EXPECT_NEAR(out[0][0], std::sin(angle), 1e-15);
    EXPECT_NEAR(out[0][1], std::cos(angle), 1e-15);
    EXPECT_NEAR(out[0][2], -std::sin(angle), 1e-15);
  }
}

TEST(Simplification, DeduplicationUpToSign) {
  // (x+y)·z and (−x−y)·w share one temporary x+y; z·(x+y) appears once in the list.
  auto [before, after] = before_after(&Options::dedup, [](const Inputs& in) {
    const Expr s = in.x + in.y;
    return std::vector<Expr>{s * in.z, (-in.x - in.y) * in.w, in.z * (in.y + in.x) + in.w};
  });
  EXPECT_EQ(after.add, 3);  // x+y once, the negation of the second output, the final + w
  EXPECT_EQ(after.mul, 2);
  EXPECT_GT(before.total(), after.total());
}

TEST(Simplification, DeadCodeIsNotEmitted) {
  const OpCount c = count({}, [](const Inputs& in) {
    const Expr unused = sin(in.x) * cos(in.y) + in.z * in.w;  // built, never output
    (void)unused;
    return std::vector<Expr>{in.x + in.y};
  });
  EXPECT_EQ(c.total(), 1);
  EXPECT_EQ(c.trig, 0);
}

TEST(Simplification, SharedCoefficientCostsOneMultiplication) {
  // 0.3·x·y − 0.3·z = 0.3·(x·y − z): x·y and one product by 0.3
  const OpCount c = count({}, [](const Inputs& in) {
    return std::vector<Expr>{0.3 * in.x * in.y - 0.3 * in.z};
  });
  EXPECT_EQ(c.mul, 2);
  EXPECT_EQ(c.add, 1);
}

TEST(Simplification, SumsSharingNoTermStayTemporaries) {
  // s = x·y + z is used twice; s + w and s − x·w must not repeat s's addition.
  const OpCount c = count({}, [](const Inputs& in) {
    const Expr s = in.x * in.y + in.z;
    return std::vector<Expr>{s + in.w * in.w, s - in.x * in.w};
  });
  EXPECT_EQ(c.add, 3);
  EXPECT_EQ(c.mul, 3);
}

TEST(Simplification, OptionalFactoring) {
  // x·y − x·z·w = x·(y − z·w): off by default, one multiplication less when on
  Options on;
  on.factoring = true;
  const Build build = [](const Inputs& in) {
    return std::vector<Expr>{in.x * in.y - in.x * in.z * in.w};
  };
  const OpCount off = count({}, build);
  const OpCount factored = count(on, build);
  EXPECT_EQ(off.mul, 3);  // x·y, x·z, (x·z)·w
  EXPECT_EQ(factored.mul, 2);
  EXPECT_EQ(factored.add, off.add);
}

TEST(Simplification, AllNegativeSumFoldsSignIntoCoefficient) {
  const OpCount c = count({}, [](const Inputs& in) {
    return std::vector<Expr>{-2.0 * in.x * in.y - in.z};
  });
  EXPECT_EQ(c.mul, 2);
  EXPECT_EQ(c.add, 1);
}

}  // namespace
}  // namespace dyngen::engine
