// Closure of looped mechanisms (loop_closure.hpp) and the constraint equations it solves
// (loop_constraints.hpp) against the oracle of loop_oracle.hpp: residuals of the closed positions,
// velocities and accelerations, the Jacobian against the oracle's exact one and against finite
// differences, the acceleration bias against the oracle's second derivative, the closed forms
// against Newton, and the reported failures.
#include <gtest/gtest.h>

#include <random>

#include "loop_oracle.hpp"
#include "looped_models.hpp"

namespace dyngen {
namespace {

using algorithms::ClosureStatus;

constexpr int kStates = 300;

TEST(LoopClosure, ClosedPositionsAndVelocitiesSatisfyTheOraclesConstraints) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    std::mt19937 rng(7);
    double worst_phi = 0.0, worst_rate = 0.0;
    for (int n = 0; n < kStates; ++n) {
      algorithms::ClosureReport report;
      const auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      ASSERT_EQ(report.status, ClosureStatus::closed) << c.name << ": " << report.message;
      const test::OracleConstraints o = test::oracle(c.model, state);
      Eigen::VectorXd qd(mech.dof);
      for (int i = 0; i < mech.dof; ++i) qd[i] = state.qd[static_cast<std::size_t>(i)];
      worst_phi = std::max(worst_phi, o.phi.cwiseAbs().maxCoeff());
      worst_rate = std::max(worst_rate, (o.phi_q * qd).cwiseAbs().maxCoeff());
      EXPECT_LE(report.max_residual, 1e-12) << c.name;
    }
    EXPECT_LE(worst_phi, 1e-12) << c.name;
    EXPECT_LE(worst_rate, 1e-12) << c.name;
  }
}

TEST(LoopClosure, JacobianAndBiasEqualTheOraclesAndFiniteDifferences) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    std::mt19937 rng(11);
    for (int n = 0; n < 20; ++n) {
      algorithms::ClosureReport report;
      auto state = test::random_closed_state(rng, c.model, mech, c.spread, 1.0, report);
      algorithms::LoopConstraintData<double> data(mech);
      algorithms::loop_poses(mech, state, data);
      algorithms::loop_jacobian(mech, data);
      algorithms::RneaData<double> rnea(mech);
      algorithms::rnea_forward_pass(mech, state, algorithms::JointAcceleration::zero, rnea);
      algorithms::loop_bias(mech, state, rnea, data);
      // the algorithm's rows and the oracle's span the same constraints: compare Phi_q qd-free,
      // through the null space: the algorithm's Jacobian annihilates what the oracle's does
      const test::OracleConstraints o = test::oracle(c.model, state);
      Eigen::MatrixXd J(0, mech.dof);
      Eigen::VectorXd gamma(0);
      for (std::size_t l = 0; l < mech.loops.size(); ++l) {
        const auto& Jl = data.jacobian[l];
        J.conservativeResize(J.rows() + Jl.rows, Eigen::NoChange);
        gamma.conservativeResize(gamma.size() + Jl.rows);
        for (int r = 0; r < Jl.rows; ++r) {
          for (int i = 0; i < mech.dof; ++i) J(J.rows() - Jl.rows + r, i) = Jl(r, i);
          gamma[gamma.size() - Jl.rows + r] = data.gamma[l][static_cast<std::size_t>(r)];
        }
      }
      ASSERT_EQ(J.rows(), o.phi_q.rows()) << c.name;
      // rows of one set are combinations of the other's: J = C Phi_q with C = J Phi_q^+ exact,
      // and the biases follow the same C (gamma = C gamma_oracle at a closed state)
      const Eigen::MatrixXd C = J * o.phi_q.completeOrthogonalDecomposition().pseudoInverse();
      EXPECT_LE((C * o.phi_q - J).cwiseAbs().maxCoeff(), 1e-11) << c.name;
      EXPECT_LE((C * o.gamma - gamma).cwiseAbs().maxCoeff(), 1e-10 * std::max(1.0, o.gamma.cwiseAbs().maxCoeff())) << c.name;
      // central differences of the algorithm's own residual
      const double h = 1e-6;
      for (int i = 0; i < mech.dof; ++i) {
        auto plus = state, minus = state;
        plus.q[static_cast<std::size_t>(i)] += h;
        minus.q[static_cast<std::size_t>(i)] -= h;
        algorithms::LoopConstraintData<double> up(mech), down(mech);
        algorithms::loop_poses(mech, plus, up);
        algorithms::loop_residual(mech, up);
        algorithms::loop_poses(mech, minus, down);
        algorithms::loop_residual(mech, down);
        int row = 0;
        for (std::size_t l = 0; l < mech.loops.size(); ++l)
          for (std::size_t r = 0; r < up.residual[l].size(); ++r, ++row)
            EXPECT_NEAR((up.residual[l][r] - down.residual[l][r]) / (2.0 * h), J(row, i), 1e-8) << c.name << " q" << i;
      }
    }
  }
}

TEST(LoopClosure, ClosedFormsAndNewtonReachTheSameConfiguration) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    const auto mech = algorithms::make_numeric_mechanism(c.model);
    auto newton_mech = mech;
    for (auto& loop : newton_mech.loops) loop.closed_form = ClosedForm::none;
    std::mt19937 rng(13);
    for (int n = 0; n < 50; ++n) {
      algorithms::ClosureReport report;
      const auto closed = test::random_closed_state(rng, c.model, mech, c.spread, 0.0, report);
      auto by_newton = closed;
      // start Newton from the reference guesses
      for (int i = 0; i < mech.dof; ++i)
        if (!mech.independent[static_cast<std::size_t>(i)])
          by_newton.q[static_cast<std::size_t>(i)] =
              c.model.bodies[static_cast<std::size_t>(mech.coordinate_body[static_cast<std::size_t>(i)])].joint.q0.value;
      const auto newton = algorithms::close_positions(newton_mech, by_newton);
      ASSERT_EQ(newton.status, ClosureStatus::closed) << c.name << ": " << newton.message;
      EXPECT_LE(newton.iterations, 10) << c.name;
      for (int i = 0; i < mech.dof; ++i)
        EXPECT_NEAR(by_newton.q[static_cast<std::size_t>(i)], closed.q[static_cast<std::size_t>(i)], 1e-10) << c.name << " q" << i;
    }
  }
}

TEST(LoopClosure, ClosedFormTakesTheBranchOfTheGuess) {
  // the four-bar's other assembly: the rocker's mirror image across the line to the closing point
  const Model model = load_model_from_string(test::four_bar_on_carrier, "four_bar.yaml");
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  ASSERT_EQ(algorithms::close_positions(mech, state).status, ClosureStatus::closed);
  const double rocker = state.q[2];
  algorithms::State<double> flipped(mech);
  flipped.q[2] = rocker + 3.0;
  ASSERT_EQ(algorithms::close_positions(mech, flipped).status, ClosureStatus::closed);
  EXPECT_GT(std::abs(flipped.q[2] - rocker), 0.1);
  EXPECT_LE(algorithms::max_closure_residual(mech, flipped), 1e-12);
  // and a guess near the first branch returns it
  algorithms::State<double> near(mech);
  near.q[2] = rocker + 0.2;
  algorithms::close_positions(mech, near);
  EXPECT_NEAR(near.q[2], rocker, 1e-12);
}

TEST(LoopClosure, UnreachableAndSingularConfigurationsAreReportedWithTheLoop) {
  // the four-bar's crank pointing away from the rocker: the two links cannot span the gap
  const Model four_bar = load_model_from_string(test::four_bar_on_carrier, "four_bar.yaml");
  const auto bar = algorithms::make_numeric_mechanism(four_bar);
  algorithms::State<double> apart(bar);
  apart.q[1] = 2.16;
  const auto report = algorithms::close_positions(bar, apart);
  EXPECT_EQ(report.status, ClosureStatus::unreachable);
  EXPECT_EQ(report.loop, 0);
  // Newton cannot reach either, and says so instead of returning a wrong configuration
  auto newton_bar = bar;
  for (auto& loop : newton_bar.loops) loop.closed_form = ClosedForm::none;
  algorithms::State<double> apart_newton(bar);
  apart_newton.q[1] = 2.16;
  const auto newton = algorithms::close_positions(newton_bar, apart_newton);
  EXPECT_NE(newton.status, ClosureStatus::closed);
  EXPECT_EQ(newton.loop, 0);
  EXPECT_FALSE(newton.message.empty());
  // the hexapod's ring 0.3 m above its reference: the legs would need more than their stroke
  const Model hexapod = test::load_bundled_model("hexapod_peripheral");
  const auto mech = algorithms::make_numeric_mechanism(hexapod);
  algorithms::State<double> high(mech);
  high.q[2] = 0.3;
  const auto limits = algorithms::close_positions(mech, high);
  EXPECT_EQ(limits.status, ClosureStatus::beyond_limits);
  EXPECT_EQ(limits.loop, 0);
  EXPECT_EQ(hexapod.coordinates[static_cast<std::size_t>(limits.coordinate)], "leg1_rod");
  // the slider-crank's guide pivot with the crank stretched through it: Phi_d loses rank
  const Model slider = load_model_from_string(test::slider_crank, "slider_crank.yaml");
  auto slider_mech = algorithms::make_numeric_mechanism(slider);
  for (auto& loop : slider_mech.loops) loop.closed_form = ClosedForm::none;
  algorithms::State<double> dead(slider_mech);
  dead.q[2] = 0.0;  // plunger at zero extension: the cut point on the guide's pivot
  const auto singular = algorithms::close_positions(slider_mech, dead);
  EXPECT_EQ(singular.status, ClosureStatus::singular);
}

}  // namespace
}  // namespace dyngen
