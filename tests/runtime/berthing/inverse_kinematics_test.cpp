// Inverse kinematics of the payload ring: from a start 0.1 rad off, the pose of a random
// configuration is reached to 1e-10 (m, rad); a pose beyond the arm's reach is reported as not
// converged.
#include "berthing/inverse_kinematics.hpp"

#include <gtest/gtest.h>

#include <random>

#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

TEST(InverseKinematics, ReachesThePoseOfARandomConfiguration) {
  const BerthingScenario s = testing::scenario("berthing_nominal.yaml");
  const auto arm = testing::generated_arm();
  RingKinematics ring(*arm, 0, s.ring);
  const std::vector<double> rest(7, 0.0);
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> angle(-2.0, 2.0), offset(-0.1, 0.1);
  for (int k = 0; k < 30; ++k) {
    std::vector<double> truth(7), q(7);
    for (double& v : truth) v = angle(rng);
    truth[3] = 1.0 + 0.5 * angle(rng);  // the elbow bent, away from the stretched singularity
    for (int i = 0; i < 7; ++i) q[i] = truth[i] + offset(rng);
    const RingMotion target = ring.motion(truth.data(), rest.data());
    const InverseKinematicsResult r = inverse_kinematics(ring, {target.position, target.rotation}, q);
    ASSERT_TRUE(r.converged) << k << " error " << r.error;
    EXPECT_LE(r.error, 1e-10);
    EXPECT_LT(r.iterations, 20);
    const RingMotion reached = ring.motion(q.data(), rest.data());
    EXPECT_LT((reached.position - target.position).norm(), 1e-10);
    EXPECT_LT((reached.rotation - target.rotation).norm(), 1e-10);
  }
}

TEST(InverseKinematics, APoseBeyondReachDoesNotConverge) {
  const BerthingScenario s = testing::scenario("berthing_nominal.yaml");
  const auto arm = testing::generated_arm();
  RingKinematics ring(*arm, 0, s.ring);
  std::vector<double> q = {0.3, 0.2, 0.4, 1.5, -1.0, 0.1, 0.1};
  const InverseKinematicsResult r = inverse_kinematics(ring, {Vec3(40.0, 0.0, 0.0), Mat3::Identity()}, q, 50);
  EXPECT_FALSE(r.converged);
  EXPECT_GT(r.error, 10.0);
}

}  // namespace
}  // namespace dyngen::berthing
