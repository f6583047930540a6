// The tree counter on hand-built GiNaC expressions whose cost as printed code is known.
#include <gtest/gtest.h>

#include "compare/ginac_count.hpp"

namespace dyngen::compare {
namespace {

using GiNaC::ex;
using GiNaC::symbol;

OpTally tally(std::uint64_t mul, std::uint64_t add, std::uint64_t div, std::uint64_t sqrt, std::uint64_t trig) {
  OpTally t;
  t.mul = mul;
  t.add = add;
  t.div = div;
  t.sqrt = sqrt;
  t.trig = trig;
  return t;
}

class GinacCount : public ::testing::Test {
 protected:
  symbol x{"x"}, y{"y"}, z{"z"}, w{"w"};
};

TEST_F(GinacCount, SumsAndProducts) {
  EXPECT_EQ(count_tree_operations({x * y + z}), tally(1, 1, 0, 0, 0));
  EXPECT_EQ(count_tree_operations({x - y}), tally(0, 1, 0, 0, 0));
  EXPECT_EQ(count_tree_operations({-x * y}), tally(1, 0, 0, 0, 0));
  EXPECT_EQ(count_tree_operations({3 * x * y + 2}), tally(2, 1, 0, 0, 0));
  EXPECT_EQ(count_tree_operations({x, ex(2.5)}), tally(0, 0, 0, 0, 0));
}

TEST_F(GinacCount, PowersQuotientsAndRoots) {
  EXPECT_EQ(count_tree_operations({pow(x, 3)}), tally(2, 0, 0, 0, 0));
  EXPECT_EQ(count_tree_operations({1 / x}), tally(0, 0, 1, 0, 0));
  // x y / (z w^2): numerator 1 mul, denominator 2 mul, one division
  EXPECT_EQ(count_tree_operations({x * y / (z * pow(w, 2))}), tally(3, 0, 1, 0, 0));
  EXPECT_EQ(count_tree_operations({sqrt(x + y)}), tally(0, 1, 0, 1, 0));
  EXPECT_EQ(count_tree_operations({z / sqrt(x)}), tally(0, 0, 1, 1, 0));
}

TEST_F(GinacCount, TrigCallsCountedAtEveryUse) {
  EXPECT_EQ(count_tree_operations({sin(x) * cos(x)}), tally(1, 0, 0, 0, 2));
  // sin(x) appears twice in the tree: a CAS without CSE evaluates it twice
  EXPECT_EQ(count_tree_operations({sin(x) * y + sin(x) * z}), tally(2, 1, 0, 0, 2));
}

TEST_F(GinacCount, SharedSubtreesCountOncePerUse) {
  const ex a = x + y;
  const ex b = a * z;
  // z (x + y) + w z (x + y): 1 + 2 multiplications, 1 + 1 + 1 additions
  EXPECT_EQ(count_tree_operations({b + b * w}), tally(3, 3, 0, 0, 0));
  // the same subtree in two outputs is counted in each
  EXPECT_EQ(count_tree_operations({b, b}), tally(2, 2, 0, 0, 0));
}

TEST_F(GinacCount, DeeplySharedTreesAreCountedWithoutWalkingThem) {
  // e_{k+1} = e_k * x + e_k * y: the tree doubles at each level, the DAG grows by a few nodes.
  ex e = z;
  for (int k = 0; k < 40; ++k) e = GiNaC::mul(e, x) + GiNaC::mul(e, y);
  const OpTally t = count_tree_operations({e});
  // T(k+1) = 2 T(k) + 2 mul + 1 add: mul(k) = 2^(k+1) - 2, add(k) = 2^k - 1
  EXPECT_EQ(t.mul, (std::uint64_t{1} << 41) - 2);
  EXPECT_EQ(t.add, (std::uint64_t{1} << 40) - 1);
}

TEST_F(GinacCount, CountsSaturateInsteadOfWrapping) {
  ex e = z;
  for (int k = 0; k < 70; ++k) e = GiNaC::mul(e, x) + GiNaC::mul(e, y);
  const OpTally t = count_tree_operations({e});
  EXPECT_EQ(t.mul, OpTally::saturated);
  EXPECT_EQ(t.total(), OpTally::saturated);
}

}  // namespace
}  // namespace dyngen::compare
