// The standard normal quantile (AS 241) against published values and against the CDF computed
// independently through std::erfc, from the far lower tail (1e-300) to the far upper tail.
#include "campaign/standard_normal.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace dyngen::campaign {
namespace {

TEST(StandardNormal, QuantileMatchesPublishedValues) {
  // Abramowitz & Stegun, table 26.5 (and any statistics table): 1.959963984540054 at 0.975,
  // 3.090232306167814 at 0.999, 1.644853626951472 at 0.95.
  EXPECT_NEAR(standard_normal_quantile(0.975), 1.959963984540054, 1e-15);
  EXPECT_NEAR(standard_normal_quantile(0.999), 3.090232306167814, 4e-15);
  EXPECT_NEAR(standard_normal_quantile(0.95), 1.644853626951472, 4e-15);
  EXPECT_EQ(standard_normal_quantile(0.5), 0.0);
  EXPECT_EQ(standard_normal_quantile(0.0), -INFINITY);
  EXPECT_EQ(standard_normal_quantile(1.0), INFINITY);
}

TEST(StandardNormal, QuantileInvertsTheCdfAcrossBothTails) {
  // Relative error of Phi(Phi^-1(p)) in p: AS 241 is good to about 1e-16 in x, and Phi's slope
  // relative to p, |x| phi(x)/Phi(x) ~ x^2, magnifies it to at most ~1e-13 at p = 1e-300 (x = -37).
  double worst = 0.0;
  for (double log10_p = -300.0; log10_p < -0.302; log10_p += 0.05) {
    const double p = std::pow(10.0, log10_p);
    const double x = standard_normal_quantile(p);
    const double tolerance = 1e-15 * std::max(1.0, x * x);
    EXPECT_NEAR(standard_normal_cdf(x) / p, 1.0, tolerance) << "p = " << p;
    // The upper tail by symmetry: Q(Phi^-1(1 - p)) = p where 1 - p is exact (p > 1e-3 here).
    if (p > 1e-3) {
      EXPECT_NEAR(standard_normal_upper_tail(standard_normal_quantile(1.0 - p)) / p, 1.0, 1e-13);
    }
    worst = std::max(worst, std::abs(standard_normal_cdf(x) / p - 1.0));
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.2e", worst);
  RecordProperty("worst_relative_cdf_error", text);
}

TEST(StandardNormal, QuantileIsOddAboutOneHalf) {
  // p = k/1024, so 1 - p is exact.
  for (int k = 1; k < 512; ++k) {
    const double p = k / 1024.0;
    EXPECT_NEAR(standard_normal_quantile(p), -standard_normal_quantile(1.0 - p), 4e-15) << p;
  }
}

}  // namespace
}  // namespace dyngen::campaign
