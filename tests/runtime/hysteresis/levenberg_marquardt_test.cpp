// Levenberg-Marquardt on problems with known minima: Rosenbrock's valley, an exponential decay
// fitted to exact data, and a minimum on the edge of the admissible region.
#include "hysteresis/levenberg_marquardt.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::hysteresis {
namespace {

TEST(LevenbergMarquardt, FindsTheMinimumOfRosenbrocksValley) {
  // r = (10 (y - x^2), 1 - x): minimum 0 at (1, 1)
  const Residuals rosenbrock = [](const Eigen::VectorXd& p) -> std::optional<Eigen::VectorXd> {
    return Eigen::Vector2d(10.0 * (p[1] - p[0] * p[0]), 1.0 - p[0]);
  };
  const LeastSquaresResult result = levenberg_marquardt(rosenbrock, Eigen::Vector2d(-1.2, 1.0));
  EXPECT_TRUE(result.converged);
  EXPECT_NEAR(result.parameters[0], 1.0, 1e-8);
  EXPECT_NEAR(result.parameters[1], 1.0, 1e-8);
  EXPECT_LT(result.residuals.norm(), 1e-8);
}

TEST(LevenbergMarquardt, RecoversAnExponentialDecayFromExactData) {
  // y = 2.5 exp(-1.3 t) + 0.4 at 30 points
  Eigen::VectorXd t = Eigen::VectorXd::LinSpaced(30, 0.0, 4.0);
  const Eigen::VectorXd y = (2.5 * (-1.3 * t.array()).exp() + 0.4).matrix();
  const Residuals decay = [&](const Eigen::VectorXd& p) -> std::optional<Eigen::VectorXd> {
    return ((p[0] * (-p[1] * t.array()).exp() + p[2]) - y.array()).matrix();
  };
  const LeastSquaresResult result = levenberg_marquardt(decay, Eigen::Vector3d(1.0, 0.5, 0.0));
  EXPECT_TRUE(result.converged);
  EXPECT_NEAR(result.parameters[0], 2.5, 1e-9);
  EXPECT_NEAR(result.parameters[1], 1.3, 1e-9);
  EXPECT_NEAR(result.parameters[2], 0.4, 1e-9);
}

TEST(LevenbergMarquardt, NeverStepsIntoTheInadmissibleRegion) {
  // r = x - (-1) with x >= 0 admissible: the best admissible point is the edge x = 0
  int inadmissible_calls = 0;
  const Residuals bounded = [&](const Eigen::VectorXd& p) -> std::optional<Eigen::VectorXd> {
    if (p[0] < 0.0) {
      ++inadmissible_calls;
      return std::nullopt;
    }
    return Eigen::VectorXd::Constant(1, p[0] + 1.0);
  };
  const LeastSquaresResult result = levenberg_marquardt(bounded, Eigen::VectorXd::Constant(1, 3.0));
  EXPECT_GE(result.parameters[0], 0.0);
  EXPECT_LT(result.parameters[0], 1e-6);
  EXPECT_GT(inadmissible_calls, 0);
  EXPECT_THROW(levenberg_marquardt(bounded, Eigen::VectorXd::Constant(1, -1.0)), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::hysteresis
