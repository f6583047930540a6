// The finite-element model linearised at rest, K v = Omega^2 M v with M = dR/dq'': one link hinged to
// the platform with the seed's tip body against the analytic pinned-free frequency equation (a zero
// frequency for the rigid rotation, then the bending frequencies, converging at order 4 in the
// elements); the seed's two-link chain against the transfer-matrix frequency determinant, the other
// discretisation of the same boundary conditions.
#include "elastic/finite_element_model.hpp"
#include "elastic/natural_frequencies.hpp"

#include "beam_frequency_equations.hpp"

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::elastic {
namespace {

constexpr double seed_tip_mass = 0.811;

Manipulator unloaded_chain(int links) {
  Manipulator manipulator;
  manipulator.links = links;
  manipulator.tip_mass = seed_tip_mass;
  manipulator.torque = [](int, double) { return 0.0; };
  return manipulator;
}

// the frequencies Omega (per T) of the model at rest, ascending
std::vector<double> frequencies_at_rest(int links, int elements) {
  const FiniteElementModel model(unloaded_chain(links), elements);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model.dofs());
  const Eigen::MatrixXd mass = model.acceleration_jacobian(0.0, zero, zero);
  EXPECT_LT((mass - mass.transpose()).norm(), 1e-12 * mass.norm());
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(model.stiffness(), mass);
  std::vector<double> omegas;
  for (Eigen::Index k = 0; k < solver.eigenvalues().size(); ++k) {
    omegas.push_back(std::sqrt(std::max(0.0, solver.eigenvalues()[k])));
  }
  return omegas;
}

TEST(FiniteElementModel, OneHingedLinkHasThePinnedFrequencies) {
  const auto betas =
      test::analytic_roots([](long double b) { return test::pinned_with_tip_body(b, seed_tip_mass); }, 0.5, 13.0);
  ASSERT_EQ(betas.size(), 4u);
  const std::vector<double> coarse = frequencies_at_rest(1, 4), fine = frequencies_at_rest(1, 8);
  EXPECT_LT(fine[0], 1e-6);  // the rigid rotation
  for (std::size_t k = 0; k < 3; ++k) {
    const double omega = betas[k] * betas[k];
    // measured 1.7e-5, 2.6e-4, 1.3e-3 relative with 8 elements
    EXPECT_NEAR(fine[k + 1], omega, 2e-3 * omega) << "mode " << k + 1;
    // Hermite cubics: eigenvalue errors of order 4 in the element length, from above
    EXPECT_GT(coarse[k + 1], fine[k + 1]);
    EXPECT_NEAR(std::log2((coarse[k + 1] - omega) / (fine[k + 1] - omega)), 4.0, 0.3) << "mode " << k + 1;
  }
}

TEST(FiniteElementModel, SeedsChainAgreesWithTheTransferMatrixFrequencies) {
  const std::vector<double> transfer_matrix = determinant_roots(
      [](double omega) { return hinged_chain_determinant(omega, 2, seed_tip_mass, 200); }, 0.5, 60.0, 600);
  ASSERT_EQ(transfer_matrix.size(), 4u);  // 10.33, 16.01, 40.01, 50.55
  const std::vector<double> elements = frequencies_at_rest(2, 16);
  EXPECT_LT(elements[1], 1e-6);  // two rigid rotations
  for (std::size_t k = 0; k < 4; ++k) {
    // measured 1.1e-6, 2.5e-6, 1.6e-5, 2.6e-5 relative with 16 elements
    EXPECT_NEAR(elements[k + 2], transfer_matrix[k], 5e-5 * transfer_matrix[k]) << "mode " << k + 1;
  }
}

}  // namespace
}  // namespace dyngen::elastic
