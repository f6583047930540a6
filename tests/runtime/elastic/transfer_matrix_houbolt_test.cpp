// Convergence of the seed's scheme on the seed's example (runtime/elastic/README.md, "Convergence"):
// in the time step, order 2 with the axial force extrapolated to the new level and order 1 with the
// seed's lag of it (N_t in eq. 13); in the Runge-Kutta segments, order 4. Each compares the histories
// of successive halvings (largest difference over samples every 0.01 s); the horizon is 2 s, half the
// example, because after 2.4 s the example excites the links' second bending vibration (255 Hz),
// which Houbolt's step damps more or less as it shrinks, so differences of the deflection there
// measure that damping, not the order (README "Cross-check").
#include "elastic/elastic_scenario.hpp"
#include "elastic/transfer_matrix_houbolt.hpp"

#include "sampled_history.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::elastic {
namespace {

using test::largest_differences;
using test::Sample;

std::vector<Sample> seed_example_history(SeedSchemeSettings settings, double horizon) {
  TransferMatrixHoubolt scheme(scenario_manipulator(ElasticScenario{}), settings);
  return test::sampled_history(settings.step, horizon, [&] {
    scheme.step();
    return scheme.state();
  });
}

// differences between the histories at settings[k] and settings[k + 1]
std::vector<Sample> successive_differences(const std::vector<SeedSchemeSettings>& settings, double horizon) {
  std::vector<std::vector<Sample>> histories;
  for (const SeedSchemeSettings& s : settings) histories.push_back(seed_example_history(s, horizon));
  std::vector<Sample> differences;
  for (std::size_t k = 0; k + 1 < histories.size(); ++k) {
    differences.push_back(largest_differences(histories[k], histories[k + 1]));
  }
  return differences;
}

double observed_order(const std::vector<Sample>& differences, std::size_t k, int column) {
  return std::log2(differences[k][column] / differences[k + 1][column]);
}

std::vector<SeedSchemeSettings> halved_steps(double first, int count, int segments, AxialForceLevel axial_force) {
  std::vector<SeedSchemeSettings> settings;
  for (int k = 0; k < count; ++k) settings.push_back({first / std::pow(2.0, k), segments, axial_force});
  return settings;
}

TEST(TransferMatrixHoubolt, TimeStepConvergesAtOrderTwoWithTheExtrapolatedAxialForce) {
  // 400 segments keep the Runge-Kutta error (~ 2 (T / h)^2 / segments^4) below the time error
  const auto differences = successive_differences(halved_steps(0.01, 4, 400, AxialForceLevel::extrapolated), 2.0);
  for (std::size_t k = 0; k + 1 < differences.size(); ++k) {
    // measured 2.05, 2.02, 2.01 (link 1) and 2.01, 2.00, 2.03 (link 2)
    EXPECT_NEAR(observed_order(differences, k, 0), 2.0, 0.15) << "halving " << k + 1;
    EXPECT_NEAR(observed_order(differences, k, 1), 2.0, 0.15) << "halving " << k + 1;
  }
  // the deflections are converged in the step to 1e-5 of their peak 6.5e-5 (measured 3.2e-10, 3.6e-10,
  // 5.5e-11 on link 1, 2.4e-11 .. 3.9e-11 on link 2): their differences are not a power of the step
  for (const Sample& d : differences) {
    EXPECT_LT(d[2], 6.5e-10);
    EXPECT_LT(d[3], 6.5e-10);
  }
}

TEST(TransferMatrixHoubolt, TheSeedsLaggedAxialForceIsFirstOrderInTheStep) {
  const auto differences = successive_differences(halved_steps(5e-3, 4, 400, AxialForceLevel::previous), 2.0);
  for (std::size_t k = 0; k + 1 < differences.size(); ++k) {
    EXPECT_NEAR(observed_order(differences, k, 0), 1.0, 0.2) << "halving " << k + 1;  // measured 1.08, 1.03, 1.01
  }
  // a small constant: the seed's step moves link 1 by less than 1e-7 rad against half of it
  EXPECT_LT(differences[1][0], 1e-7);
}

TEST(TransferMatrixHoubolt, SegmentsConvergeAtOrderFour) {
  std::vector<SeedSchemeSettings> settings;
  for (int segments : {8, 16, 32, 64}) settings.push_back({2.5e-3, segments, AxialForceLevel::previous});
  const auto differences = successive_differences(settings, 4.2);
  for (std::size_t k = 0; k + 1 < differences.size(); ++k) {
    for (int column : {1, 2, 3}) {
      EXPECT_NEAR(observed_order(differences, k, column), 4.0, 0.3) << "doubling " << k + 1 << ", column " << column;
    }
  }
}

TEST(TransferMatrixHoubolt, UnloadedChainStaysAtItsInitialAngles) {
  Manipulator manipulator = scenario_manipulator(ElasticScenario{});
  manipulator.torque = [](int, double) { return 0.0; };
  manipulator.gradient_load = 0.0;
  const Eigen::Vector2d initial(0.3, -1.1);
  TransferMatrixHoubolt scheme(manipulator, {2.5e-3, 20}, initial);
  for (int i = 0; i < 100; ++i) scheme.step();
  const ManipulatorState state = scheme.state();
  EXPECT_DOUBLE_EQ(state.links[0].hinge_angle, 0.3);
  EXPECT_DOUBLE_EQ(state.links[1].hinge_angle, -1.1);
  EXPECT_DOUBLE_EQ(state.links[1].angle, 0.3 - 1.1);
  EXPECT_EQ(state.links[1].deflection.lpNorm<Eigen::Infinity>(), 0.0);
}

TEST(TransferMatrixHoubolt, RejectsInvalidSettings) {
  const Manipulator manipulator = scenario_manipulator(ElasticScenario{});
  EXPECT_THROW(TransferMatrixHoubolt(manipulator, {2.5e-3, 99}), std::invalid_argument);
  EXPECT_THROW(TransferMatrixHoubolt(manipulator, {0.0, 100}), std::invalid_argument);
  EXPECT_THROW(TransferMatrixHoubolt(manipulator, {2.5e-3, 100}, Eigen::Vector3d::Zero()), std::invalid_argument);
  // below 1.34e-3 T the level problem refuses the step (level_problem.hpp)
  EXPECT_THROW(TransferMatrixHoubolt(manipulator, {1e-5, 100}), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::elastic
