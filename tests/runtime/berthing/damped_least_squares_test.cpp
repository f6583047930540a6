// Damped least squares: far from singular it is the minimum-norm exact solution (against Eigen's
// complete orthogonal decomposition, an independent pseudo-inverse), with the manipulability
// sqrt(det(J J^T)) (against Eigen's determinant); near the stretched arm's singularity the rates
// stay within the damped bound |qd| <= |v| / (2 lambda) while the undamped ones grow without bound.
#include "berthing/damped_least_squares.hpp"

#include <gtest/gtest.h>

#include <random>

#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

using testing::scenario;

TEST(DampedLeastSquares, FarFromSingularItIsTheMinimumNormSolution) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto arm = testing::generated_arm();
  RingKinematics ring(*arm, 0, s.ring);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> angle(-2.0, 2.0), rate(-0.01, 0.01);
  int checked = 0;
  for (int k = 0; k < 100; ++k) {
    std::vector<double> q(7);
    for (double& v : q) v = angle(rng);
    Jacobian J;
    ring.jacobian(q.data(), J);
    Twist v;
    for (int c = 0; c < 6; ++c) v[c] = rate(rng);
    Eigen::VectorXd qd;
    const DampedSolution solution = damped_least_squares(J, v, {1.0, 0.5}, qd);
    EXPECT_NEAR(solution.manipulability, std::sqrt((J * J.transpose()).determinant()), 1e-9 * solution.manipulability);
    if (solution.manipulability < 1.0) continue;
    ++checked;
    EXPECT_EQ(solution.damping, 0.0);
    const Eigen::VectorXd minimum_norm = J.completeOrthogonalDecomposition().solve(v);
    EXPECT_LT((qd - minimum_norm).norm(), 1e-10 * minimum_norm.norm()) << k;
    EXPECT_LT((J * qd - v).norm(), 1e-9 * v.norm()) << k;
  }
  EXPECT_GT(checked, 80);
}

TEST(DampedLeastSquares, NearASingularityTheRatesStayBounded) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto arm = testing::generated_arm();
  RingKinematics ring(*arm, 0, s.ring);
  // the arm stretched straight along the base's z, the elbow all but straight
  Twist v;
  v << 0.01, 0.0, 0.01, 0.0, 0.0, 0.0;  // along the stretched arm: the direction it cannot move
  const DampingSchedule schedule{50.0, 0.5};
  for (const double elbow : {1e-2, 1e-4, 1e-6}) {
    const std::vector<double> q = {0.0, 0.0, 0.0, elbow, 0.0, 0.0, 0.0};
    Jacobian J;
    ring.jacobian(q.data(), J);
    Eigen::VectorXd qd;
    const DampedSolution solution = damped_least_squares(J, v, schedule, qd);
    EXPECT_LT(solution.manipulability, schedule.threshold);
    EXPECT_GT(solution.damping, 0.0);
    EXPECT_LE(qd.norm(), v.norm() / (2.0 * solution.damping) * (1 + 1e-12)) << elbow;
    const Eigen::VectorXd undamped = J.completeOrthogonalDecomposition().solve(v);
    if (elbow <= 1e-4) {
      EXPECT_GT(solution.damping, 0.9 * schedule.max_damping) << elbow;
      EXPECT_GT(undamped.norm(), 100.0 * qd.norm()) << elbow;
    }
  }
}

}  // namespace
}  // namespace dyngen::berthing
