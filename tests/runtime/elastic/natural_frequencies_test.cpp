// One elastic link by the transfer-matrix frequency determinant (the seed's Cauchy problems and
// boundary conditions, harmonic) against the analytic Euler-Bernoulli frequency equations, solved here
// independently: clamped-free, clamped with the seed's tip body, pinned-free (the link hinged to the
// fixed platform with no torque: the seed's boundary conditions), pinned with the tip body; the
// Runge-Kutta Cauchy problems converge at order 4 in the segments.
#include "elastic/natural_frequencies.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace dyngen::elastic {
namespace {

constexpr double seed_tip_mass = 0.811;

// The roots beta in (low, high) of an analytic frequency equation, by a fine scan and bisection in
// long double: the oracle, sharing nothing with the module.
std::vector<double> analytic_roots(const std::function<long double(long double)>& f, double low, double high) {
  std::vector<double> roots;
  const double scan = 1e-3;
  for (double a = low; a < high; a += scan) {
    long double left = a, right = a + scan;
    if (f(left) * f(right) > 0) continue;
    for (int i = 0; i < 200; ++i) {
      const long double middle = (left + right) / 2;
      if (f(left) * f(middle) <= 0) right = middle;
      else left = middle;
    }
    roots.push_back(static_cast<double>((left + right) / 2));
  }
  return roots;
}

// beta l = sqrt(Omega) of the determinant's roots, Omega in (0.5, high)
std::vector<double> transfer_matrix_roots(const std::function<double(double)>& determinant, double high) {
  std::vector<double> betas;
  for (double omega : determinant_roots(determinant, 0.5, high, 600)) betas.push_back(std::sqrt(omega));
  return betas;
}

void expect_same_roots(const std::vector<double>& computed, const std::vector<double>& analytic, double relative) {
  ASSERT_EQ(computed.size(), analytic.size());
  for (std::size_t k = 0; k < analytic.size(); ++k) {
    EXPECT_NEAR(computed[k], analytic[k], relative * analytic[k]) << "root " << k + 1;
  }
}

TEST(NaturalFrequencies, ClampedLinkGivesTheEulerBernoulliRoots) {
  // 1 + cos(b) cosh(b) = 0
  const auto analytic = analytic_roots([](long double b) { return 1 + std::cos(b) * std::cosh(b); }, 0.5, 11.5);
  ASSERT_EQ(analytic.size(), 4u);
  // the textbook values, as a check of the oracle
  EXPECT_NEAR(analytic[0], 1.8751, 1e-4);
  EXPECT_NEAR(analytic[1], 4.6941, 1e-4);
  EXPECT_NEAR(analytic[2], 7.8548, 1e-4);
  EXPECT_NEAR(analytic[3], 10.9955, 1e-4);
  const auto computed =
      transfer_matrix_roots([](double omega) { return clamped_link_determinant(omega, 0.0, 200); }, 11.5 * 11.5);
  expect_same_roots(computed, analytic, 1e-6);  // measured: 1.2e-9 .. 7.2e-8
}

TEST(NaturalFrequencies, ClampedLinkWithTheTipBody) {
  // 1 + cos b cosh b + m b (cos b sinh b - sin b cosh b) = 0
  const long double m = seed_tip_mass;
  const auto analytic = analytic_roots(
      [m](long double b) {
        return 1 + std::cos(b) * std::cosh(b) + m * b * (std::cos(b) * std::sinh(b) - std::sin(b) * std::cosh(b));
      },
      0.5, 11.5);
  ASSERT_EQ(analytic.size(), 4u);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return clamped_link_determinant(omega, seed_tip_mass, 200); }, 11.5 * 11.5);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, LinkHingedToThePlatformIsPinnedFree) {
  // the seed's conditions for one link, no torque: w''(0) = 0 at the hinge, the rigid rotation free;
  // tan b = tanh b, i.e. sin b cosh b - cos b sinh b = 0
  const auto analytic = analytic_roots(
      [](long double b) { return std::sin(b) * std::cosh(b) - std::cos(b) * std::sinh(b); }, 0.5, 13.5);
  ASSERT_EQ(analytic.size(), 4u);
  EXPECT_NEAR(analytic[0], 3.9266, 1e-4);
  EXPECT_NEAR(analytic[1], 7.0686, 1e-4);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return hinged_chain_determinant(omega, 1, 0.0, 200); }, 13.5 * 13.5);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, LinkHingedToThePlatformWithTheTipBody) {
  // pinned root, tip body m: sin b cosh b - cos b sinh b + 2 m b sin b sinh b = 0
  const long double m = seed_tip_mass;
  const auto analytic = analytic_roots(
      [m](long double b) {
        return std::sin(b) * std::cosh(b) - std::cos(b) * std::sinh(b) + 2 * m * b * std::sin(b) * std::sinh(b);
      },
      0.5, 13.0);
  ASSERT_EQ(analytic.size(), 4u);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return hinged_chain_determinant(omega, 1, seed_tip_mass, 200); }, 13.0 * 13.0);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, CauchyProblemsConvergeAtOrderFourInTheSegments) {
  const auto analytic = analytic_roots([](long double b) { return 1 + std::cos(b) * std::cosh(b); }, 10.5, 11.5);
  ASSERT_EQ(analytic.size(), 1u);
  const auto error = [&](int segments) {
    const auto roots = transfer_matrix_roots(
        [segments](double omega) { return clamped_link_determinant(omega, 0.0, segments); }, 11.5 * 11.5);
    return std::abs(roots.back() - analytic[0]);
  };
  const double order = std::log2(error(50) / error(100));
  EXPECT_NEAR(order, 4.0, 0.1);  // measured 4.01
}

}  // namespace
}  // namespace dyngen::elastic
