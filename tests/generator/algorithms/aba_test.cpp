// ABA against CRBA + generalized forces + LTDL solve (qdd = H^{-1} b), ABA's base reaction against
// the base_wrench recursion, and RNEA at ABA's qdd returning the joints' active forces
// (ID(FD(tau)) = tau), on random trees with moving bases.
#include "generator/algorithms/aba.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

TEST(Aba, MatchesCrbaLtdlSolveAndRnea) {
  std::mt19937 rng(424242);
  int states = 0;
  double worst_qdd = 0.0, worst_wrench = 0.0, worst_tau = 0.0;
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 12;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    AbaData<double> aba_data(mech);
    CrbaData<double> crba_data(mech);
    GeneralizedForcesData<double> b_data(mech);
    LtdlData<double> ltdl_data(mech);
    BaseWrenchData<double> wrench_data(mech);
    RneaData<double> rnea_data(mech);
    for (int k = 0; k < 3; ++k, ++states) {
      State<double> state = test::random_state(rng, mech);
      aba(mech, state, aba_data);
      crba(mech, state, crba_data);
      generalized_forces(mech, state, b_data);
      ltdl(mech, crba_data.H, ltdl_data);
      std::vector<double> qdd = b_data.b;
      ltdl_solve(mech, ltdl_data, qdd);
      const double scale = std::max(1.0, max_abs(qdd));
      for (int i = 0; i < mech.dof; ++i)
        worst_qdd = std::max(worst_qdd, std::abs(aba_data.qdd[static_cast<std::size_t>(i)] - qdd[static_cast<std::size_t>(i)]) / scale);

      state.qdd = aba_data.qdd;
      base_wrench(mech, state, wrench_data);
      double wrench_scale = 1.0;
      for (int i = 0; i < 6; ++i) wrench_scale = std::max(wrench_scale, std::abs(wrench_data.wrench[i]));
      for (int i = 0; i < 6; ++i)
        worst_wrench = std::max(worst_wrench, std::abs(aba_data.wrench[i] - wrench_data.wrench[i]) / wrench_scale);

      rnea(mech, state, rnea_data);
      for (int i = 0; i < mech.dof; ++i) {
        const double Q = joint_active_force(mech, state, i);
        worst_tau = std::max(worst_tau, std::abs(rnea_data.tau[static_cast<std::size_t>(i)] - Q) / std::max(1.0, std::abs(Q)));
      }
    }
  }
  EXPECT_GE(states, 100);
  EXPECT_LE(worst_qdd, 1e-12);
  EXPECT_LE(worst_wrench, 1e-12);
  EXPECT_LE(worst_tau, 1e-12);
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
