// The quintic joint path: through every waypoint at rest (zero rate, and zero acceleration by
// finite differences), its rate the derivative of its angle (central differences), the peak rate
// 15/8 of the mean at mid-segment, held before the first and after the last waypoint.
#include "berthing/joint_path.hpp"

#include <gtest/gtest.h>

namespace dyngen::berthing {
namespace {

const JointPath path({0.0, 10.0, 25.0}, {{0.0, 1.0}, {0.5, -1.0}, {0.5, 2.0}});

std::array<double, 2> angle(double t) {
  std::array<double, 2> q, qd;
  path.sample(t, q.data(), qd.data());
  return q;
}

std::array<double, 2> rate(double t) {
  std::array<double, 2> q, qd;
  path.sample(t, q.data(), qd.data());
  return qd;
}

TEST(JointPath, StopsAtEveryWaypoint) {
  EXPECT_EQ(angle(10.0), (std::array<double, 2>{0.5, -1.0}));
  EXPECT_EQ(rate(10.0), (std::array<double, 2>{0.0, 0.0}));
  for (const double t : {1e-3, 10.0 - 1e-3, 10.0 + 1e-3, 25.0 - 1e-3}) {
    EXPECT_LT(std::abs(rate(t)[1]), 1e-5) << t;  // s' = 30 tau^2 (1 - tau)^2 / T: O(tau^2)
    const double h = 1e-4, acceleration = (rate(t + h)[1] - rate(t - h)[1]) / (2 * h);
    EXPECT_LT(std::abs(acceleration), 2e-2) << t;  // s'' = O(tau)
  }
}

TEST(JointPath, RateIsTheDerivativeOfTheAngle) {
  for (double t = 0.3; t < 25.0; t += 0.7) {
    const double h = 1e-5;
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(rate(t)[i], (angle(t + h)[i] - angle(t - h)[i]) / (2 * h), 1e-8) << t;
  }
}

TEST(JointPath, PeaksAtMidSegmentAtFifteenEighthsOfTheMeanRate) {
  EXPECT_DOUBLE_EQ(rate(5.0)[0], 15.0 / 8.0 * 0.5 / 10.0);
  EXPECT_DOUBLE_EQ(rate(17.5)[1], 15.0 / 8.0 * 3.0 / 15.0);
  EXPECT_DOUBLE_EQ(angle(17.5)[1], 0.5);
  EXPECT_EQ(rate(17.5)[0], 0.0);  // a joint that does not move in a segment stays
}

TEST(JointPath, HoldsTheEndsOutsideThePath) {
  EXPECT_EQ(angle(-1.0), (std::array<double, 2>{0.0, 1.0}));
  EXPECT_EQ(angle(100.0), (std::array<double, 2>{0.5, 2.0}));
  EXPECT_EQ(rate(100.0), (std::array<double, 2>{0.0, 0.0}));
}

TEST(JointPath, RefusesTimesThatDoNotIncreaseAndUnevenWaypoints) {
  EXPECT_THROW(JointPath({0.0, 0.0}, {{0.0}, {1.0}}), std::invalid_argument);
  EXPECT_THROW(JointPath({0.0, 1.0}, {{0.0}, {1.0, 2.0}}), std::invalid_argument);
  EXPECT_THROW(JointPath({}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::berthing
