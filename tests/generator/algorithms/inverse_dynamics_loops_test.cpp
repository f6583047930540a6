// Inverse dynamics of looped mechanisms (inverse_dynamics_loops.hpp) against forward dynamics:
// at random closed states with random actuation, the accelerations forward dynamics gives, fed
// back, return that actuation: as generalized forces on the independent coordinates always (T^T B
// tau with T formed by coordinate partitioning, not by the projection at the cuts), and
// as the actuator forces themselves where the mechanism has as many actuators as independent
// coordinates (the hexapod's legs).
#include <gtest/gtest.h>

#include <random>

#include "generator/algorithms/coordinate_partitioning.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/inverse_dynamics_loops.hpp"
#include "loop_oracle.hpp"
#include "looped_models.hpp"

namespace dyngen {
namespace {

TEST(InverseDynamicsLoops, ReturnsTheActuationForwardDynamicsWasGiven) {
  int determined = 0;
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    const std::vector<int> actuated = algorithms::actuated_coordinates(mech);
    std::mt19937 rng(17);
    for (int n = 0; n < 200; ++n) {
      algorithms::ClosureReport report;
      auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      algorithms::LoopDynamicsData<double> forward(mech, mech);
      algorithms::forward_dynamics_loops(mech, mech, state, forward);
      state.qdd_independent = forward.qdd_independent;
      algorithms::LoopInverseDynamicsData<double> inverse(mech);
      algorithms::inverse_dynamics_loops(mech, state, {}, inverse);
      // T^T B tau with T formed (coordinate_partitioning.hpp)
      algorithms::LoopConstraintData<double> constraints(mech);
      algorithms::loop_poses(mech, state, constraints);
      algorithms::loop_jacobian(mech, constraints);
      algorithms::PartitionData<double> partition(mech);
      algorithms::partition(mech, constraints, false, partition);
      const auto& T = partition.T;
      double scale = 1.0;
      for (double t : state.tau) scale = std::max(scale, std::abs(t));
      for (int k = 0; k < mech.independent_dof(); ++k) {
        double expected = 0.0;
        for (int i : actuated) expected += T(i, k) * state.tau[static_cast<std::size_t>(i)];
        EXPECT_NEAR(inverse.tau_independent[static_cast<std::size_t>(k)], expected, 1e-9 * scale) << c.name;
      }
      for (std::size_t i = 0; i < inverse.qdd.size(); ++i) EXPECT_NEAR(inverse.qdd[i], forward.qdd[i], 1e-9) << c.name;
      if (!algorithms::actuators_determined(mech)) continue;
      ++determined;
      for (std::size_t a = 0; a < actuated.size(); ++a)
        EXPECT_NEAR(inverse.actuator_forces[a], state.tau[static_cast<std::size_t>(actuated[a])], 1e-9 * scale) << c.name;
    }
  }
  EXPECT_GT(determined, 0);
}

TEST(StaticPivotSolve, SolvesWithPivotsChosenElsewhere) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int n = 1; n <= 6; ++n) {
    spatial::Matrix<double> A(n, n), nearby(n, n);
    std::vector<double> b(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
      b[static_cast<std::size_t>(r)] = unit(rng);
      for (int c = 0; c < n; ++c) {
        A(r, c) = unit(rng) + (r == (c + 2) % n ? 3.0 : 0.0);  // large entries off the diagonal
        nearby(r, c) = A(r, c) + 0.01 * unit(rng);
      }
    }
    const auto x = algorithms::static_pivot_solve(A, b, algorithms::complete_pivoting_order(nearby));
    for (int r = 0; r < n; ++r) {
      double sum = 0.0;
      for (int c = 0; c < n; ++c) sum += A(r, c) * x[static_cast<std::size_t>(c)];
      EXPECT_NEAR(sum, b[static_cast<std::size_t>(r)], 1e-12) << n;
    }
  }
}

}  // namespace
}  // namespace dyngen
