// CRBA's joint-space inertia matrix against the one built column by column from RNEA with unit
// accelerations: H e_i = ID(q, qd, e_i) - ID(q, qd, 0), on random trees (revolute, prismatic and
// fixed joints, massless bodies, moving base, gravity, external wrenches) and the bundled models.
#include "generator/algorithms/crba.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "generator/algorithms/rnea.hpp"
#include "bundled_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

// max |H_crba - H_rnea| / max(1, max |H|)
double max_crba_rnea_difference(const Mechanism<double>& mech, const State<double>& state) {
  CrbaData<double> crba_data(mech);
  crba(mech, state, crba_data);
  RneaData<double> rnea_data(mech);
  State<double> probe = state;
  std::fill(probe.qdd.begin(), probe.qdd.end(), 0.0);
  rnea(mech, probe, rnea_data);
  const std::vector<double> bias = rnea_data.tau;
  double worst = 0.0, scale = 1.0;
  for (const double h : crba_data.H.data) scale = std::max(scale, std::abs(h));
  for (int j = 0; j < mech.dof; ++j) {
    std::fill(probe.qdd.begin(), probe.qdd.end(), 0.0);
    probe.qdd[static_cast<std::size_t>(j)] = 1.0;
    rnea(mech, probe, rnea_data);
    for (int i = 0; i < mech.dof; ++i) {
      const double column = rnea_data.tau[static_cast<std::size_t>(i)] - bias[static_cast<std::size_t>(i)];
      worst = std::max(worst, std::abs(crba_data.H(i, j) - column));
    }
  }
  return worst / scale;
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

TEST(Crba, MatchesRneaColumnsOnBundledModels) {
  std::mt19937 rng(11);
  for (const std::string& name : test::bundled_tree_model_names()) {
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    for (int k = 0; k < 20; ++k)
      EXPECT_LE(max_crba_rnea_difference(mech, test::random_state(rng, mech)), 1e-12) << name;
  }
}

TEST(Crba, IsSymmetricPositiveDefiniteWithTreeSparsity) {
  std::mt19937 rng(7);
  test::RandomModelOptions options;
  options.bodies = 10;
  const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
  CrbaData<double> data(mech);
  crba(mech, test::random_state(rng, mech), data);
  Eigen::MatrixXd H(mech.dof, mech.dof);
  double asymmetry = 0.0;
  for (int i = 0; i < mech.dof; ++i)
    for (int j = 0; j < mech.dof; ++j) {
      H(i, j) = data.H(i, j);
      asymmetry = std::max(asymmetry, std::abs(data.H(i, j) - data.H(j, i)));
    }
  EXPECT_EQ(asymmetry, 0.0);
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
