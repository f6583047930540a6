// LTDL factorization and solve against Eigen's LDLT and dense solve: random symmetric positive
// definite matrices with random tree sparsity, and mass matrices of random and bundled mechanisms.
#include "generator/algorithms/ltdl.hpp"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "generator/algorithms/crba.hpp"
#include "bundled_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

bool on_path(const std::vector<int>& lambda, int ancestor, int i) {
  for (int k = i; k >= 0; k = lambda[static_cast<std::size_t>(k)])
    if (k == ancestor) return true;
  return false;
}

// A random SPD matrix whose (i, j) entries vanish unless i and j are on one path to the root
// (the branch-induced sparsity of a joint-space inertia matrix): H = L^T D L with L of that pattern.
Eigen::MatrixXd random_tree_spd(std::mt19937& rng, const std::vector<int>& lambda) {
  const int n = static_cast<int>(lambda.size());
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Eigen::MatrixXd L = Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd d(n);
  for (int i = 0; i < n; ++i) {
    d[i] = 0.5 + std::abs(unit(rng));
    for (int j = lambda[static_cast<std::size_t>(i)]; j >= 0; j = lambda[static_cast<std::size_t>(j)]) L(i, j) = unit(rng);
  }
  return L.transpose() * d.asDiagonal() * L;
}

spatial::Matrix<double> to_matrix(const Eigen::MatrixXd& A) {
  spatial::Matrix<double> M(static_cast<int>(A.rows()), static_cast<int>(A.cols()));
  for (int i = 0; i < A.rows(); ++i)
    for (int j = 0; j < A.cols(); ++j) M(i, j) = A(i, j);
  return M;
}

TEST(Ltdl, FactorsReconstructAndSolveMatchesEigen) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + trial % 15;
    std::vector<int> lambda(static_cast<std::size_t>(n), -1);
    for (int i = 1; i < n; ++i) lambda[static_cast<std::size_t>(i)] = std::uniform_int_distribution<int>(-1, i - 1)(rng);
    const Eigen::MatrixXd H = random_tree_spd(rng, lambda);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (!on_path(lambda, i, j) && !on_path(lambda, j, i)) {
          ASSERT_LE(std::abs(H(i, j)), 1e-15);
        }
      }

    LtdlData<double> data(n);
    ltdl(lambda, to_matrix(H), data);
    Eigen::MatrixXd L = Eigen::MatrixXd::Identity(n, n);
    Eigen::VectorXd d(n);
    for (int i = 0; i < n; ++i) {
      d[i] = data.LD(i, i);
      EXPECT_NEAR(data.inv_d[static_cast<std::size_t>(i)] * d[i], 1.0, 1e-14);
      for (int j = 0; j < i; ++j) {
        if (on_path(lambda, j, i)) L(i, j) = data.LD(i, j);
      }
    }
    EXPECT_LE((L.transpose() * d.asDiagonal() * L - H).norm(), 1e-12 * H.norm());

    Eigen::VectorXd b(n);
    for (int i = 0; i < n; ++i) b[i] = unit(rng);
    std::vector<double> x(b.data(), b.data() + n);
    ltdl_solve(lambda, data, x);
    const Eigen::VectorXd expected = H.ldlt().solve(b);
    EXPECT_LE((Eigen::Map<Eigen::VectorXd>(x.data(), n) - expected).norm(), 1e-11 * std::max(1.0, expected.norm()));
  }
}

void check_mass_matrix_solve(const Mechanism<double>& mech, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  CrbaData<double> crba_data(mech);
  crba(mech, test::random_state(rng, mech), crba_data);
  LtdlData<double> data(mech);
  ltdl(mech, crba_data.H, data);
  Eigen::MatrixXd H(mech.dof, mech.dof);
  for (int i = 0; i < mech.dof; ++i)
    for (int j = 0; j < mech.dof; ++j) H(i, j) = crba_data.H(i, j);
  Eigen::VectorXd b(mech.dof);
  for (int i = 0; i < mech.dof; ++i) b[i] = unit(rng);
  std::vector<double> x(b.data(), b.data() + mech.dof);
  ltdl_solve(mech, data, x);
  const Eigen::Map<Eigen::VectorXd> solution(x.data(), mech.dof);
  const Eigen::VectorXd expected = H.lu().solve(b);
  EXPECT_LE((solution - expected).norm(), 1e-10 * std::max(1.0, expected.norm()));
  EXPECT_LE((H * solution - b).norm(), 1e-12 * std::max(1.0, H.norm()));
}

TEST(Ltdl, SolvesMassMatricesOfRandomMechanisms) {
  std::mt19937 rng(100);
  for (int trial = 0; trial < 30; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 2 + trial % 14;
    check_mass_matrix_solve(make_numeric_mechanism(test::random_model(rng, options)), rng);
  }
}

TEST(Ltdl, SolvesMassMatricesOfBundledModels) {
  std::mt19937 rng(101);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    check_mass_matrix_solve(make_numeric_mechanism(test::load_bundled_model(name)), rng);
  }
}

}  // namespace
}  // namespace dyngen::algorithms
