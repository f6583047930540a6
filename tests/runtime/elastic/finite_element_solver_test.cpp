// The finite-element cross-check on the seed's example over 2 s (half the example, for speed; the
// full example is cross-checked in elastic_scenario_run_test): with the velocity field's own
// acceleration (deflection_transport) and no axial stiffening the model is conservative, so the
// energy balance (kinetic + elastic + gradient potential - work of the torques, computed from the
// sampled states by manipulator_state.hpp, not from the model's residual) holds to Newmark's
// accuracy; the histories converge at order 4 in the elements and order 2 in the step.
#include "elastic/elastic_scenario.hpp"
#include "elastic/finite_element_solver.hpp"
#include "elastic/run_recorder.hpp"

#include "sampled_history.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::elastic {
namespace {

using test::largest_differences;
using test::Sample;

std::vector<Sample> seed_example_history(FiniteElementSettings settings, double horizon) {
  FiniteElementSolver solver(scenario_manipulator(ElasticScenario{}), settings);
  return test::sampled_history(settings.step, horizon, [&] {
    solver.step();
    return solver.state(2);
  });
}

TEST(FiniteElementSolver, KeepsTheEnergyBalanceOfTheConservativeModel) {
  ElasticScenario scenario;
  scenario.axial_force_stiffening = false;
  const Manipulator manipulator = scenario_manipulator(scenario);
  FiniteElementSolver solver(manipulator, {4, 5e-4, true});
  RunRecorder recorder(manipulator);
  recorder.advance(solver.state(20));
  for (int i = 0; i < 4000; ++i) {
    solver.step();
    recorder.advance(solver.state(20));
    recorder.row();
  }
  const double work = recorder.peak("energy.torque_work [-]");
  EXPECT_GT(work, 1e-4);
  // measured 1.6e-7 of the work; with the seed's kinematics (no deflection_transport) 1.0e-5
  EXPECT_LT(recorder.peak("energy.balance_error [-]"), 1e-6 * work);
}

TEST(FiniteElementSolver, ConvergesAtOrderFourInTheElements) {
  std::vector<std::vector<Sample>> histories;
  for (int elements : {4, 8, 16}) histories.push_back(seed_example_history({elements, 1e-3}, 2.0));
  const Sample coarse = largest_differences(histories[0], histories[1]);
  const Sample fine = largest_differences(histories[1], histories[2]);
  for (int c = 0; c < 4; ++c) {
    // measured 3.97, 4.00 (angles), 3.72, 3.73 (tip deflections)
    EXPECT_NEAR(std::log2(coarse[c] / fine[c]), 4.0, 0.35) << "column " << c;
  }
  // 8 elements: within 1.1e-10 rad and 2.1e-11 of 16
  EXPECT_LT(fine[1], 2e-10);
  EXPECT_LT(fine[3], 5e-11);
}

TEST(FiniteElementSolver, ConvergesAtOrderTwoInTheStep) {
  std::vector<std::vector<Sample>> histories;
  for (double step : {2e-3, 1e-3, 5e-4}) histories.push_back(seed_example_history({4, step}, 2.0));
  const Sample coarse = largest_differences(histories[0], histories[1]);
  const Sample fine = largest_differences(histories[1], histories[2]);
  for (int c = 0; c < 2; ++c) EXPECT_NEAR(std::log2(coarse[c] / fine[c]), 2.0, 0.1) << "column " << c;
  // the tip deflections differ by a resolved bending vibration of 1e-9, whatever the step
  EXPECT_LT(fine[2], 2e-9);
  EXPECT_LT(fine[3], 2e-9);
}

TEST(FiniteElementSolver, UnloadedChainStaysAtItsInitialAngles) {
  Manipulator manipulator = scenario_manipulator(ElasticScenario{});
  manipulator.torque = [](int, double) { return 0.0; };
  manipulator.gradient_load = 0.0;
  FiniteElementSolver solver(manipulator, {4, 2.5e-3}, Eigen::Vector2d(0.3, -1.1));
  for (int i = 0; i < 100; ++i) solver.step();
  const ManipulatorState state = solver.state(4);
  EXPECT_DOUBLE_EQ(state.links[0].angle, 0.3);
  EXPECT_DOUBLE_EQ(state.links[1].angle, 0.3 - 1.1);
  EXPECT_EQ(state.links[1].deflection.lpNorm<Eigen::Infinity>(), 0.0);
  EXPECT_THROW(FiniteElementSolver(manipulator, {4, 2.5e-3}, Eigen::Vector3d::Zero()), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::elastic
