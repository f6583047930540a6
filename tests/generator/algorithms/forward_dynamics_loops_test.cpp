// Forward dynamics of looped mechanisms by CRBA and coordinate partitioning
// (forward_dynamics_loops.hpp, and the textbook reduction of forward_dynamics_partitioned.hpp)
// against the Lagrange-multiplier solution of loop_oracle.hpp, with the oracle's own Phi_q and
// gamma, at random closed states of every looped test mechanism; and the accelerations' closure
// Phi_q qdd + gamma = 0.
#include <gtest/gtest.h>

#include <random>

#include "generator/algorithms/forward_dynamics_combined.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/forward_dynamics_partitioned.hpp"
#include "loop_oracle.hpp"
#include "looped_models.hpp"

namespace dyngen {
namespace {

TEST(ForwardDynamicsLoops, AgreesWithLagrangeMultipliersAtRandomClosedStates) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    std::mt19937 rng(3);
    double worst = 0.0, worst_closure = 0.0;
    for (int n = 0; n < 1000; ++n) {
      algorithms::ClosureReport report;
      const auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      ASSERT_EQ(report.status, algorithms::ClosureStatus::closed) << c.name;
      algorithms::LoopDynamicsData<double> data(mech, mech);
      algorithms::forward_dynamics_loops(mech, mech, state, data);
      const Eigen::VectorXd expected = test::lagrange_accelerations(c.model, mech, state);
      const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff());
      Eigen::VectorXd qdd(mech.dof);
      for (int i = 0; i < mech.dof; ++i) qdd[i] = data.qdd[static_cast<std::size_t>(i)];
      worst = std::max(worst, (qdd - expected).cwiseAbs().maxCoeff() / scale);
      const test::OracleConstraints o = test::oracle(c.model, state);
      worst_closure = std::max(worst_closure, (o.phi_q * qdd + o.gamma).cwiseAbs().maxCoeff() / scale);
      for (int k = 0; k < mech.independent_dof(); ++k)
        ASSERT_EQ(data.qdd_independent[static_cast<std::size_t>(k)],
                  data.qdd[static_cast<std::size_t>(mech.independent_coordinates[static_cast<std::size_t>(k)])]);
    }
    EXPECT_LE(worst, 1e-10) << c.name;
    EXPECT_LE(worst_closure, 1e-12) << c.name;
  }
}

TEST(ForwardDynamicsPartitioned, TheTextbookReductionAgreesWithLagrangeMultipliers) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    std::mt19937 rng(5);
    double worst = 0.0;
    for (int n = 0; n < 200; ++n) {
      algorithms::ClosureReport report;
      const auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      ASSERT_EQ(report.status, algorithms::ClosureStatus::closed) << c.name;
      const std::vector<double> qdd = algorithms::forward_dynamics_partitioned(mech, mech, state);
      const Eigen::VectorXd expected = test::lagrange_accelerations(c.model, mech, state);
      const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff());
      for (int i = 0; i < mech.dof; ++i) worst = std::max(worst, std::abs(qdd[static_cast<std::size_t>(i)] - expected[i]) / scale);
    }
    EXPECT_LE(worst, 1e-10) << c.name;
  }
}

TEST(ForwardDynamicsCombined, OpenChainsByAbaGiveTheAccelerationsOfTheReducedCrba) {
  int with_open_chains = 0;
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    if (!algorithms::has_open_chains(mech)) continue;
    ++with_open_chains;
    std::mt19937 rng(21);
    for (int n = 0; n < 300; ++n) {
      algorithms::ClosureReport report;
      const auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      algorithms::LoopDynamicsData<double> reduced(mech, mech);
      algorithms::forward_dynamics_loops(mech, mech, state, reduced);
      algorithms::CombinedDynamicsData<double> combined(mech, mech);
      algorithms::forward_dynamics_combined(mech, state, combined);
      double scale = 1.0;
      for (double a : reduced.qdd) scale = std::max(scale, std::abs(a));
      for (std::size_t i = 0; i < reduced.qdd.size(); ++i)
        EXPECT_NEAR(combined.qdd[i], reduced.qdd[i], 1e-10 * scale) << c.name << " q" << i;
      ASSERT_EQ(combined.qdd_independent.size(), reduced.qdd_independent.size());
    }
  }
  EXPECT_GT(with_open_chains, 0);
}

}  // namespace
}  // namespace dyngen
