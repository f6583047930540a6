// One elastic link by the transfer-matrix frequency determinant (the seed's Cauchy problems and
// boundary conditions, harmonic) against the analytic Euler-Bernoulli frequency equations, solved here
// independently: clamped-free, clamped with the seed's tip body, pinned-free (the link hinged to the
// fixed platform with no torque: the seed's boundary conditions), pinned with the tip body; the
// Runge-Kutta Cauchy problems converge at order 4 in the segments.
#include "elastic/natural_frequencies.hpp"

#include "beam_frequency_equations.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace dyngen::elastic {
namespace {

using test::analytic_roots;

constexpr double seed_tip_mass = 0.811;

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
  const auto analytic = analytic_roots([](long double b) { return test::clamped_with_tip_body(b, 0); }, 0.5, 11.5);
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
  const auto analytic =
      analytic_roots([](long double b) { return test::clamped_with_tip_body(b, seed_tip_mass); }, 0.5, 11.5);
  ASSERT_EQ(analytic.size(), 4u);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return clamped_link_determinant(omega, seed_tip_mass, 200); }, 11.5 * 11.5);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, LinkHingedToThePlatformIsPinnedFree) {
  // the seed's conditions for one link, no torque: w''(0) = 0 at the hinge, the rigid rotation free;
  // tan b = tanh b
  const auto analytic = analytic_roots([](long double b) { return test::pinned_with_tip_body(b, 0); }, 0.5, 13.5);
  ASSERT_EQ(analytic.size(), 4u);
  EXPECT_NEAR(analytic[0], 3.9266, 1e-4);
  EXPECT_NEAR(analytic[1], 7.0686, 1e-4);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return hinged_chain_determinant(omega, 1, 0.0, 200); }, 13.5 * 13.5);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, LinkHingedToThePlatformWithTheTipBody) {
  const auto analytic =
      analytic_roots([](long double b) { return test::pinned_with_tip_body(b, seed_tip_mass); }, 0.5, 13.0);
  ASSERT_EQ(analytic.size(), 4u);
  const auto computed = transfer_matrix_roots(
      [](double omega) { return hinged_chain_determinant(omega, 1, seed_tip_mass, 200); }, 13.0 * 13.0);
  expect_same_roots(computed, analytic, 1e-6);
}

TEST(NaturalFrequencies, CauchyProblemsConvergeAtOrderFourInTheSegments) {
  const auto analytic = analytic_roots([](long double b) { return test::clamped_with_tip_body(b, 0); }, 10.5, 11.5);
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
