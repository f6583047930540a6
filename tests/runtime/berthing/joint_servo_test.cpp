// The joint servos: the proportional-derivative law, its torque limit, limp drives, the lead of the
// reference at which the torque saturates; invalid gains refused.
#include "berthing/joint_servo.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::berthing {
namespace {

TEST(JointServo, FollowsTheReferenceWithinItsTorqueLimit) {
  JointServo servo({1000.0, 0.0}, {200.0, 50.0}, {100.0, 10.0});
  const double q_ref[2] = {0.05, 1.0}, qd_ref[2] = {0.1, 0.0}, q[2] = {0.0, 0.0}, qd[2] = {0.05, 0.1};
  double tau[2];
  servo.torques(q_ref, qd_ref, q, qd, tau);
  EXPECT_DOUBLE_EQ(tau[0], 1000.0 * 0.05 + 200.0 * 0.05);  // 60 N m, within 100
  EXPECT_DOUBLE_EQ(tau[1], -5.0);                          // damping alone: no stiffness
  const double far[2] = {1.0, -1.0};
  const double fast[2] = {0.0, 1.0};
  servo.torques(far, qd_ref, q, fast, tau);
  EXPECT_EQ(tau[0], 100.0);
  EXPECT_EQ(tau[1], -10.0);
  EXPECT_DOUBLE_EQ(servo.saturation_lead(0), 0.1);
  EXPECT_TRUE(std::isinf(servo.saturation_lead(1)));
  servo.set_limp(true);
  servo.torques(far, qd_ref, q, fast, tau);
  EXPECT_EQ(tau[0], 0.0);
  EXPECT_EQ(tau[1], 0.0);
}

TEST(JointServo, RefusesGainsThatAreNegativeOrAMissingLimit) {
  EXPECT_THROW(JointServo({1.0}, {1.0, 2.0}, {1.0}), std::invalid_argument);
  EXPECT_THROW(JointServo({-1.0}, {1.0}, {1.0}), std::invalid_argument);
  EXPECT_THROW(JointServo({1.0}, {1.0}, {0.0}), std::invalid_argument);
  EXPECT_THROW(JointServo({1.0}, {NAN}, {1.0}), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::berthing
