// ABA against CRBA + generalized forces + LTDL solve (qdd = H^{-1} b), ABA's base reaction against
// the base_wrench recursion, and RNEA at ABA's qdd returning the joints' active forces
// (ID(FD(tau)) = tau), on random trees with moving bases and on the bundled models.
#include "generator/algorithms/aba.hpp"

#include <gtest/gtest.h>

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
