// Philox4x32-10 against the known-answer vectors of the Random123 distribution (tests/kat_vectors),
// and the uniform numbers made from it: strictly inside (0, 1), mean and variance of U(0, 1).
#include "campaign/philox.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::campaign {
namespace {

TEST(Philox, MatchesRandom123KnownAnswers) {
  EXPECT_EQ(philox4x32_10({0, 0, 0, 0}, {0, 0}), (PhiloxCounter{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
  EXPECT_EQ(philox4x32_10({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
            (PhiloxCounter{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
  EXPECT_EQ(philox4x32_10({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}),
            (PhiloxCounter{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(Philox, UnitNumbersAreInsideTheOpenIntervalWithUniformMoments) {
  const int n = 200000;
  double sum = 0.0, sum_squares = 0.0;
  for (int i = 0; i < n; ++i) {
    const double u = random_unit(7, static_cast<std::uint64_t>(i), 3, RandomPurpose::random_design);
    ASSERT_GT(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    sum_squares += u * u;
  }
  const double mean = sum / n, variance = sum_squares / n - mean * mean;
  // Standard errors: sqrt(1/12 / n) = 6.5e-4 for the mean, sqrt((1/80 - 1/144) / n) = 1.7e-4 for the variance.
  EXPECT_NEAR(mean, 0.5, 5 * 6.5e-4);
  EXPECT_NEAR(variance, 1.0 / 12.0, 5 * 1.7e-4);
}

TEST(Philox, StreamsOfSeedIndexDimensionAndPurposeDiffer) {
  const std::uint64_t base = random_bits(1, 2, 3, RandomPurpose::random_design);
  EXPECT_EQ(random_bits(1, 2, 3, RandomPurpose::random_design), base);
  EXPECT_NE(random_bits(2, 2, 3, RandomPurpose::random_design), base);
  EXPECT_NE(random_bits(1, 3, 3, RandomPurpose::random_design), base);
  EXPECT_NE(random_bits(1, 2 + (std::uint64_t{1} << 32), 3, RandomPurpose::random_design), base);
  EXPECT_NE(random_bits(1, 2, 4, RandomPurpose::random_design), base);
  EXPECT_NE(random_bits(1, 2, 3, RandomPurpose::sobol_shift), base);
}

}  // namespace
}  // namespace dyngen::campaign
