// The Sobol sequence: its first points against the published ones (dimensions 1-2, as printed in
// SciPy's documentation of qmc.Sobol; dimension 3 worked by hand from Joe & Kuo's row), every
// coordinate of the 64 dimensions against Boost.Random's independent implementation for the first
// 4096 points, the table's polynomials primitive over GF(2), and the stratification the sequence
// exists for: one point per interval 2^-m in every dimension, one per elementary box of the first
// two dimensions (a (0, m, 2)-net).
#include "campaign/sobol_sequence.hpp"

#include "campaign/campaign_error.hpp"

#include <boost/random/sobol.hpp>
#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace dyngen::campaign {
namespace {

double unit(std::uint32_t x) { return x * 0x1p-32; }

TEST(SobolSequence, FirstPointsMatchThePublishedOnes) {
  const SobolSequence sobol(3);
  // SciPy, qmc.Sobol(d=2, scramble=False).random_base2(m=3).
  const double first_two[8][2] = {{0, 0},         {0.5, 0.5},     {0.75, 0.25}, {0.25, 0.75},
                                  {0.375, 0.375}, {0.875, 0.875}, {0.625, 0.125}, {0.125, 0.625}};
  // Dimension 3 (s = 2, a = 1, m = 1, 3): v = 0.1, 0.11, 0.011 in binary; point i is the XOR of the
  // v_k selected by the bits of the Gray code i ^ (i >> 1) = 0, 1, 3, 2, 6, 7, 5, 4.
  const double third[8] = {0, 0.5, 0.25, 0.75, 0.625, 0.125, 0.875, 0.375};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(unit(sobol.coordinate(i, 0)), first_two[i][0]) << "point " << i;
    EXPECT_EQ(unit(sobol.coordinate(i, 1)), first_two[i][1]) << "point " << i;
    EXPECT_EQ(unit(sobol.coordinate(i, 2)), third[i]) << "point " << i;
  }
}

TEST(SobolSequence, AllDimensionsMatchBoostRandom) {
  // Boost's sobol_engine (its own table of Joe & Kuo's numbers, its own Gray-code recursion) starts
  // at point 1: it skips the origin.
  const std::size_t dimensions = SobolSequence::kMaxDimensions;
  const SobolSequence sobol(dimensions);
  boost::random::sobol_engine<std::uint32_t, 32> boost_sobol(dimensions);
  for (std::uint64_t i = 1; i <= 4096; ++i)
    for (std::size_t d = 0; d < dimensions; ++d) ASSERT_EQ(sobol.coordinate(i, d), boost_sobol()) << i << " " << d;
}

// a b mod p over GF(2), polynomials as bit sets (bit k: coefficient of x^k), p of degree `degree`.
std::uint32_t times_mod(std::uint32_t a, std::uint32_t b, std::uint32_t p, int degree) {
  std::uint64_t product = 0;
  for (int bit = 0; bit < 32; ++bit)
    if (b >> bit & 1) product ^= std::uint64_t{a} << bit;
  for (int bit = 63; bit >= degree; --bit)
    if (product >> bit & 1) product ^= std::uint64_t{p} << (bit - degree);
  return static_cast<std::uint32_t>(product);
}

// x^e mod p by square and multiply.
std::uint32_t x_power_mod(std::uint64_t exponent, std::uint32_t p, int degree) {
  std::uint32_t result = 1, square = times_mod(2, 1, p, degree);
  for (; exponent; exponent >>= 1, square = times_mod(square, square, p, degree))
    if (exponent & 1) result = times_mod(result, square, p, degree);
  return result;
}

bool is_prime(std::uint64_t n) {
  for (std::uint64_t r = 2; r * r <= n; ++r)
    if (n % r == 0) return false;
  return n >= 2;
}

TEST(SobolSequence, TableHoldsDistinctPrimitivePolynomialsAndValidInitialNumbers) {
  std::uint32_t previous = 0;
  for (const JoeKuoRow& row : joe_kuo_rows()) {
    const int s = row.degree;
    const std::uint32_t p = (1u << s) | (row.inner << 1) | 1u;
    EXPECT_GT(p, previous) << "rows ordered by degree, then by coefficients";
    previous = p;
    // Primitive: x has order exactly 2^s - 1 modulo p (Lidl & Niederreiter, Finite Fields, th. 3.16).
    const std::uint64_t order = (std::uint64_t{1} << s) - 1;
    EXPECT_EQ(x_power_mod(order, p, s), 1u) << "polynomial " << p;
    for (std::uint64_t q = 2; q <= order; ++q)
      if (order % q == 0 && is_prime(q)) {
        EXPECT_NE(x_power_mod(order / q, p, s), 1u) << "polynomial " << p << ", factor " << q;
      }
    for (int k = 1; k <= s; ++k) {
      EXPECT_EQ(row.initial[k - 1] % 2, 1u) << "m_k odd";
      EXPECT_LT(row.initial[k - 1], 1u << k) << "m_k < 2^k";
    }
  }
}

TEST(SobolSequence, EachCoordinateHitsEveryIntervalOnceInFirstPowerOfTwoPoints) {
  const SobolSequence sobol(SobolSequence::kMaxDimensions);
  const int m = 10;
  for (std::size_t d = 0; d < sobol.dimensions(); ++d) {
    std::set<std::uint32_t> intervals;
    for (std::uint64_t i = 0; i < (1u << m); ++i) intervals.insert(sobol.coordinate(i, d) >> (32 - m));
    EXPECT_EQ(intervals.size(), 1u << m) << "dimension " << d + 1;
  }
}

TEST(SobolSequence, FirstTwoDimensionsFormAZeroMTwoNet) {
  const SobolSequence sobol(2);
  const int m = 8;
  for (int a = 0; a <= m; ++a) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> boxes;
    for (std::uint64_t i = 0; i < (1u << m); ++i) {
      const std::uint32_t x = a == 0 ? 0 : sobol.coordinate(i, 0) >> (32 - a);
      const std::uint32_t y = a == m ? 0 : sobol.coordinate(i, 1) >> (32 - (m - a));
      boxes.insert({x, y});
    }
    EXPECT_EQ(boxes.size(), 1u << m) << "boxes 2^-" << a << " x 2^-" << m - a;
  }
}

TEST(SobolSequence, RefusesDimensionsAndPointsItDoesNotHave) {
  EXPECT_THROW(SobolSequence(0), CampaignError);
  EXPECT_THROW(SobolSequence(SobolSequence::kMaxDimensions + 1), CampaignError);
  EXPECT_THROW(SobolSequence(1).coordinate(std::uint64_t{1} << 32, 0), CampaignError);
  EXPECT_NO_THROW(SobolSequence(1).coordinate((std::uint64_t{1} << 32) - 1, 0));
}

}  // namespace
}  // namespace dyngen::campaign
