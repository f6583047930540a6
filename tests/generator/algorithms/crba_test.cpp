// CRBA's joint-space inertia matrix against the one built column by column from RNEA with unit
// accelerations: H e_i = ID(q, qd, e_i) - ID(q, qd, 0), on random trees (revolute, prismatic and
// fixed joints, massless bodies, moving base, gravity, external wrenches).
#include "generator/algorithms/crba.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "generator/algorithms/rnea.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

double max_crba_rnea_difference(const Mechanism<double>& mech, const State<double>& state) {
  CrbaData<double> crba_data(mech);
  crba(mech, state, crba_data);
  RneaData<double> rnea_data(mech);
  State<double> probe = state;
  std::fill(probe.qdd.begin(), probe.qdd.end(), 0.0);
  rnea(mech, probe, rnea_data);
  const std::vector<double> bias = rnea_data.tau;
  double worst = 0.0;
  for (int j = 0; j < mech.dof; ++j) {
    std::fill(probe.qdd.begin(), probe.qdd.end(), 0.0);
    probe.qdd[static_cast<std::size_t>(j)] = 1.0;
    rnea(mech, probe, rnea_data);
    for (int i = 0; i < mech.dof; ++i) {
      const double column = rnea_data.tau[static_cast<std::size_t>(i)] - bias[static_cast<std::size_t>(i)];
      worst = std::max(worst, std::abs(crba_data.H(i, j) - column));
    }
  }
  return worst;
}

TEST(Crba, MatchesRneaColumnsOnRandomTrees) {
  std::mt19937 rng(20240601);
  int states = 0;
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 12;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    for (int k = 0; k < 4; ++k, ++states) {
      const State<double> state = test::random_state(rng, mech);
      EXPECT_LE(max_crba_rnea_difference(mech, state), 1e-12) << "trial " << trial;
    }
  }
  EXPECT_GE(states, 100);
}

TEST(Crba, IsSymmetricPositiveDefiniteWithTreeSparsity) {
  std::mt19937 rng(7);
  test::RandomModelOptions options;
  options.bodies = 10;
  const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
  CrbaData<double> data(mech);
  crba(mech, test::random_state(rng, mech), data);
  Eigen::MatrixXd H(mech.dof, mech.dof);
  for (int i = 0; i < mech.dof; ++i)
    for (int j = 0; j < mech.dof; ++j) H(i, j) = data.H(i, j);
  EXPECT_EQ((H - H.transpose()).norm(), 0.0);
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(H).eigenvalues().minCoeff(), 0.0);
  // H(i, j) = 0 unless one coordinate is an ancestor of the other
  const auto ancestor = [&](int a, int d) {
    for (int k = d; k >= 0; k = mech.lambda[static_cast<std::size_t>(k)])
      if (k == a) return true;
    return false;
  };
  for (int i = 0; i < mech.dof; ++i)
    for (int j = 0; j < mech.dof; ++j) {
      if (!ancestor(i, j) && !ancestor(j, i)) {
        EXPECT_EQ(H(i, j), 0.0);
      }
    }
}

}  // namespace
}  // namespace dyngen::algorithms
