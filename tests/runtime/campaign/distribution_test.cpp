// Distributions of varied inputs: text form round trip and errors; every value within its bounds,
// down to u = 1e-16 from either end; sample moments within five standard errors of the analytic
// ones (untruncated, two-sided, one-sided and far-tail truncated normals, uniform); the
// Kolmogorov-Smirnov distance to the analytic CDF, computed independently through std::erfc, below
// the 0.1 % critical value.
#include "campaign/distribution.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/philox.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

namespace dyngen::campaign {
namespace {

constexpr double kInf = Distribution::kInfinity;

std::vector<double> draw(const Distribution& distribution, int n, std::uint64_t seed = 11) {
  std::vector<double> values;
  for (int i = 0; i < n; ++i)
    values.push_back(distribution.quantile(random_unit(seed, static_cast<std::uint64_t>(i), 0, RandomPurpose::random_design)));
  return values;
}

struct Moments {
  double mean, variance, fourth;  // fourth central moment
};

Moments sample_moments(const std::vector<double>& x) {
  double mean = 0.0;
  for (const double v : x) mean += v;
  mean /= static_cast<double>(x.size());
  double m2 = 0.0, m4 = 0.0;
  for (const double v : x) {
    m2 += (v - mean) * (v - mean);
    m4 += std::pow(v - mean, 4);
  }
  return {mean, m2 / static_cast<double>(x.size() - 1), m4 / static_cast<double>(x.size())};
}

// Sample mean and variance within five standard errors (sqrt(var/n); sqrt((mu4 - var^2)/n)).
void expect_moments(const std::vector<double>& x, double mean, double variance) {
  const Moments m = sample_moments(x);
  const double n = static_cast<double>(x.size());
  EXPECT_NEAR(m.mean, mean, 5 * std::sqrt(variance / n));
  EXPECT_NEAR(m.variance, variance, 5 * std::sqrt((m.fourth - m.variance * m.variance) / n));
}

double phi(double z) { return std::exp(-z * z / 2) / std::sqrt(2 * std::numbers::pi); }
double lower(double z) { return std::erfc(-z / std::numbers::sqrt2) / 2; }
double upper(double z) { return std::erfc(z / std::numbers::sqrt2) / 2; }

// Mean and variance of N(mu, sigma^2) truncated to [a, b] (Johnson, Kotz & Balakrishnan, Continuous
// Univariate Distributions vol. 1, 2nd ed., sec. 10.1): with alpha, beta standardized and Z the mass,
//   mean = mu + sigma (phi(alpha) - phi(beta)) / Z,
//   var = sigma^2 [1 + (alpha phi(alpha) - beta phi(beta)) / Z - ((phi(alpha) - phi(beta)) / Z)^2].
std::pair<double, double> truncated_normal_moments(double mu, double sigma, double a, double b) {
  const double alpha = (a - mu) / sigma, beta = (b - mu) / sigma;
  const double mass = alpha > 0 ? upper(alpha) - upper(beta) : lower(beta) - lower(alpha);
  const double alpha_phi = std::isinf(alpha) ? 0.0 : alpha * phi(alpha);
  const double beta_phi = std::isinf(beta) ? 0.0 : beta * phi(beta);
  const double shift = (phi(alpha) - phi(beta)) / mass;
  return {mu + sigma * shift, sigma * sigma * (1 + (alpha_phi - beta_phi) / mass - shift * shift)};
}

// Kolmogorov-Smirnov distance of the sample to a CDF.
double ks_distance(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return d;
}

// The 0.1 % critical value of the KS distance for large n: 1.949 / sqrt(n).
double ks_critical(std::size_t n) { return 1.949 / std::sqrt(static_cast<double>(n)); }

TEST(Distribution, TextFormRoundTrips) {
  for (const char* text : {"uniform(-0.1, 0.25)", "normal(0, 0.05)", "normal(0.5, 0.1, 0.3, 0.9)",
                           "normal(0, 1, -inf, 2.5)", "normal(0, 1, 0, inf)", "fixed(2)", "fixed(-1.5e-07)"}) {
    const Distribution d = Distribution::parse(text);
    EXPECT_EQ(d.text(), text);
    EXPECT_EQ(Distribution::parse(d.text()), d);
  }
  EXPECT_EQ(Distribution::parse("  normal( 0 ,0.05 )").text(), "normal(0, 0.05)");
  EXPECT_EQ(Distribution::parse("normal(0, 1, -inf, inf)").text(), "normal(0, 1)");
  const double third = 1.0 / 3.0;
  EXPECT_EQ(Distribution::parse(Distribution::uniform(third, 1.0).text()).low(), third);
}

TEST(Distribution, BadDefinitionsAreRefusedWithTheirText) {
  const auto message = [](const char* text) {
    try {
      Distribution::parse(text);
    } catch (const CampaignError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("gauss(0, 1)").find("gauss(0, 1)"), std::string::npos);
  EXPECT_NE(message("uniform(1)").find("expected uniform(low, high)"), std::string::npos);
  EXPECT_NE(message("uniform(1, x)").find("\"x\" is not a number"), std::string::npos);
  EXPECT_NE(message("uniform(2, 1)").find("low < high"), std::string::npos);
  EXPECT_NE(message("uniform(0, inf)").find("finite"), std::string::npos);
  EXPECT_NE(message("normal(0, 0)").find("sigma > 0"), std::string::npos);
  EXPECT_NE(message("normal(0, 1, 1, 1)").find("low < high"), std::string::npos);
  EXPECT_NE(message("normal(0, 1, 40, 41)").find("no probability mass"), std::string::npos);
  EXPECT_NE(message("fixed(nan)").find("finite"), std::string::npos);
}

TEST(Distribution, ValuesStayWithinBoundsToTheExtremesOfU) {
  const double extremes[] = {1e-300, 1e-16, 1e-9, 0.5, 1 - 1e-9, 1 - 1.1e-16};
  for (const char* text : {"uniform(-0.1, 0.25)", "normal(0, 0.05, -0.1, 0.1)", "normal(0, 1, -inf, 2.5)",
                           "normal(0, 1, 0, inf)", "normal(0, 1, 8, 9)", "normal(0, 1, -9, -8)"}) {
    const Distribution d = Distribution::parse(text);
    double previous = -kInf;
    for (const double u : extremes) {
      const double x = d.quantile(u);
      EXPECT_GE(x, d.low()) << text << " u = " << u;
      EXPECT_LE(x, d.high()) << text << " u = " << u;
      EXPECT_GE(x, previous) << text << ": the quantile function is non-decreasing";
      previous = x;
    }
  }
  EXPECT_EQ(Distribution::fixed(2.0).quantile(0.123), 2.0);
}

TEST(Distribution, UniformMomentsAndKolmogorovSmirnov) {
  const auto values = draw(Distribution::uniform(-0.1, 0.25), 20000);
  expect_moments(values, 0.075, 0.35 * 0.35 / 12);
  EXPECT_LT(ks_distance(values, [](double x) { return (x + 0.1) / 0.35; }), ks_critical(values.size()));
}

TEST(Distribution, NormalMomentsAndKolmogorovSmirnov) {
  const auto values = draw(Distribution::normal(1.5, 0.2), 20000);
  expect_moments(values, 1.5, 0.04);
  EXPECT_LT(ks_distance(values, [](double x) { return lower((x - 1.5) / 0.2); }), ks_critical(values.size()));
}

TEST(Distribution, TruncatedNormalMomentsAndKolmogorovSmirnov) {
  struct Case {
    double mu, sigma, a, b;
  };
  // Two-sided, one-sided (half-normal: mean sqrt(2/pi), variance 1 - 2/pi), asymmetric, far upper
  // and far lower tails (sampled through the upper-tail branch and through Phi).
  for (const Case c : {Case{0, 0.05, -0.1, 0.1}, Case{0, 1, 0, kInf}, Case{0.3, 0.5, -kInf, 0.2},
                       Case{0, 1, 8, 9}, Case{0, 1, -9, -8}, Case{2, 1, 0.5, 5}}) {
    const Distribution d = Distribution::normal(c.mu, c.sigma, c.a, c.b);
    const auto values = draw(d, 20000);
    ASSERT_TRUE(std::all_of(values.begin(), values.end(), [&](double x) { return x >= c.a && x <= c.b; }));
    const auto [mean, variance] = truncated_normal_moments(c.mu, c.sigma, c.a, c.b);
    SCOPED_TRACE(d.text());
    expect_moments(values, mean, variance);
    const double alpha = (c.a - c.mu) / c.sigma, beta = (c.b - c.mu) / c.sigma;
    const auto cdf = [&](double x) {
      const double z = (x - c.mu) / c.sigma;
      return alpha > 0 ? (upper(alpha) - upper(z)) / (upper(alpha) - upper(beta))
                       : (lower(z) - lower(alpha)) / (lower(beta) - lower(alpha));
    };
    EXPECT_LT(ks_distance(values, cdf), ks_critical(values.size()));
  }
  const auto half = truncated_normal_moments(0, 1, 0, kInf);
  EXPECT_NEAR(half.first, std::sqrt(2 / std::numbers::pi), 1e-15);
  EXPECT_NEAR(half.second, 1 - 2 / std::numbers::pi, 1e-15);
}

}  // namespace
}  // namespace dyngen::campaign
