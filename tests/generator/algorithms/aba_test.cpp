// ABA against CRBA + generalized forces + LTDL solve (qdd = H^{-1} b), ABA's base reaction against
// the base_wrench recursion, and RNEA at ABA's qdd returning the joints' active forces
// (ID(FD(tau)) = tau), on random trees with moving bases and on the bundled models.
#include "generator/algorithms/aba.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"
#include "bundled_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

struct Worst {
  double qdd = 0.0, wrench = 0.0, tau = 0.0;
};

// Compares ABA with CRBA + b + LTDL, base_wrench and RNEA at one random state of `mech`.
void compare(const Mechanism<double>& mech, std::mt19937& rng, Worst& worst) {
  State<double> state = test::random_state(rng, mech);
  AbaData<double> aba_data(mech);
  aba(mech, state, aba_data);

  CrbaData<double> crba_data(mech);
  GeneralizedForcesData<double> b_data(mech);
  LtdlData<double> ltdl_data(mech);
  crba(mech, state, crba_data);
  generalized_forces(mech, state, b_data);
  ltdl(mech, crba_data.H, ltdl_data);
  std::vector<double> qdd = b_data.b;
  ltdl_solve(mech, ltdl_data, qdd);
  const double scale = std::max(1.0, max_abs(qdd));
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    worst.qdd = std::max(worst.qdd, std::abs(aba_data.qdd[u] - qdd[u]) / scale);
  }

  state.qdd = aba_data.qdd;
  BaseWrenchData<double> wrench_data(mech);
  base_wrench(mech, state, wrench_data);
  double wrench_scale = 1.0;
  for (int i = 0; i < 6; ++i) wrench_scale = std::max(wrench_scale, std::abs(wrench_data.wrench[i]));
  for (int i = 0; i < 6; ++i)
    worst.wrench = std::max(worst.wrench, std::abs(aba_data.wrench[i] - wrench_data.wrench[i]) / wrench_scale);

  RneaData<double> rnea_data(mech);
  rnea(mech, state, rnea_data);
  for (int i = 0; i < mech.dof; ++i) {
    const double Q = joint_active_force(mech, state, i);
    worst.tau = std::max(worst.tau, std::abs(rnea_data.tau[static_cast<std::size_t>(i)] - Q) / std::max(1.0, std::abs(Q)));
  }
}

TEST(Aba, MatchesCrbaLtdlSolveAndRneaOnRandomTrees) {
  std::mt19937 rng(424242);
  int states = 0;
  Worst worst;
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 12;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    for (int k = 0; k < 3; ++k, ++states) compare(mech, rng, worst);
  }
  EXPECT_GE(states, 100);
  EXPECT_LE(worst.qdd, 1e-12);
  EXPECT_LE(worst.wrench, 1e-12);
  EXPECT_LE(worst.tau, 1e-12);
}

TEST(Aba, MatchesCrbaLtdlSolveAndRneaOnBundledModels) {
  std::mt19937 rng(4243);
  for (const std::string& name : test::bundled_tree_model_names()) {
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    Worst worst;
    for (int k = 0; k < 20; ++k) compare(mech, rng, worst);
    EXPECT_LE(worst.qdd, 1e-12) << name;
    EXPECT_LE(worst.wrench, 1e-12) << name;
    EXPECT_LE(worst.tau, 1e-12) << name;
  }
}

// ABA rooted at a body whose motion is taken from the full solution reproduces the full solution
// on the root's subtree, and its root reaction equals the wrench RNEA finds the subtree exerting.
TEST(Aba, RootedAtABodyWithKnownMotionMatchesTheFullSolution) {
  std::mt19937 rng(777);
  int checked = 0;
  double worst_qdd = 0.0, worst_wrench = 0.0;
  for (int trial = 0; trial < 30; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 3 + trial % 8;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    const State<double> state = test::random_state(rng, mech);
    AbaData<double> full(mech);
    aba(mech, state, full);
    State<double> solved = state;
    solved.qdd = full.qdd;
    RneaData<double> forces(mech);
    rnea(mech, solved, forces);
    for (int root = 1; root < mech.body_count; ++root) {
      const std::vector<bool> below = strict_subtree(mech, root);
      if (std::find(below.begin(), below.end(), true) == below.end()) continue;
      const auto r = static_cast<std::size_t>(root);
      AbaData<double> rooted(mech);
      aba(mech, state, RootMotion<double>{root, full.w[r], full.a[r]}, rooted);
      // -sum over the root's children c of X_c^T f_c
      Vec6<double> on_root;
      for (int j = root + 1; j < mech.body_count; ++j) {
        const auto u = static_cast<std::size_t>(j);
        if (mech.parent[u] == root) on_root = on_root - spatial::apply_transpose_force(forces.X[u], forces.f[u]);
      }
      const double scale = std::max(1.0, max_abs(full.qdd));
      for (int j = root + 1; j < mech.body_count; ++j) {
        const int i = mech.coordinate[static_cast<std::size_t>(j)];
        if (!below[static_cast<std::size_t>(j)] || i < 0) continue;
        const auto c = static_cast<std::size_t>(i);
        worst_qdd = std::max(worst_qdd, std::abs(rooted.qdd[c] - full.qdd[c]) / scale);
      }
      double wrench_scale = 1.0;
      for (int k = 0; k < 6; ++k) wrench_scale = std::max(wrench_scale, std::abs(on_root[k]));
      for (int k = 0; k < 6; ++k) {
        worst_wrench = std::max(worst_wrench, std::abs(rooted.wrench[k] - on_root[k]) / wrench_scale);
      }
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
  EXPECT_LE(worst_qdd, 1e-12);
  EXPECT_LE(worst_wrench, 1e-12);
}

TEST(Aba, FixedBaseIgnoresTransportInputs) {
  std::mt19937 rng(5);
  test::RandomModelOptions options;
  options.moving_base = false;
  const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
  State<double> state = test::random_state(rng, mech);
  AbaData<double> first(mech), second(mech);
  aba(mech, state, first);
  state.w0 = {3.0, -1.0, 2.0};
  state.a0 = {10.0, 0.0, 0.0};
  aba(mech, state, second);
  EXPECT_EQ(first.qdd, second.qdd);
}

}  // namespace
}  // namespace dyngen::algorithms
