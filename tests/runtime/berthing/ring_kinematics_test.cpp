// The payload ring's kinematics through the mechanism interface: its origin where the model's named
// point payload.ring is (a kernel of its own), the same in the generated kernels and the numeric
// algorithms; the Jacobian's columns against central differences of the pose (position and
// rotation vector); velocities linear in the rates (J qd).
#include "berthing/ring_kinematics.hpp"

#include <gtest/gtest.h>

#include <random>

#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

using testing::scenario;

std::vector<double> random_configuration(std::mt19937& rng) {
  std::uniform_real_distribution<double> angle(-2.0, 2.0);
  std::vector<double> q(7);
  for (double& v : q) v = angle(rng);
  return q;
}

TEST(RingKinematics, TheRingIsWhereTheModelsNamedPointIs) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto generated = testing::generated_arm();
  const auto numeric = testing::numeric_arm(s.model);
  RingKinematics ring(*generated, 0, s.ring), reference(*numeric, 0, s.ring);
  const int point = generated->info().point("payload.ring");
  std::mt19937 rng(3);
  for (int k = 0; k < 50; ++k) {
    const std::vector<double> q = random_configuration(rng), qd = random_configuration(rng);
    const RingMotion m = ring.motion(q.data(), qd.data()), r = reference.motion(q.data(), qd.data());
    std::vector<double> p(3 * generated->info().points.size()), v(p.size());
    generated->point_kinematics(q.data(), qd.data(), p.data(), v.data());
    EXPECT_LT((m.position - Vec3::Map(p.data() + 3 * point)).norm(), 1e-12);
    EXPECT_LT((m.velocity - Vec3::Map(v.data() + 3 * point)).norm(), 1e-12);
    EXPECT_LT((m.position - r.position).norm(), 1e-12);
    EXPECT_LT((m.rotation - r.rotation).norm(), 1e-13);
    EXPECT_LT((m.angular_velocity - r.angular_velocity).norm(), 1e-13);
  }
}

TEST(RingKinematics, JacobianColumnsAreTheDerivativesOfThePose) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto arm = testing::generated_arm();
  RingKinematics ring(*arm, 0, s.ring);
  const std::vector<double> rest(7, 0.0);
  std::mt19937 rng(4);
  for (int k = 0; k < 20; ++k) {
    const std::vector<double> q = random_configuration(rng);
    Jacobian J;
    ring.jacobian(q.data(), J);
    const RingMotion at = ring.motion(q.data(), rest.data());
    for (int i = 0; i < 7; ++i) {
      const double h = 1e-6;
      std::vector<double> plus = q, minus = q;
      plus[i] += h;
      minus[i] -= h;
      const RingMotion a = ring.motion(plus.data(), rest.data()), b = ring.motion(minus.data(), rest.data());
      const Eigen::AngleAxisd turn(a.rotation * b.rotation.transpose());
      const Vec3 v = (a.position - b.position) / (2 * h), w = turn.angle() * turn.axis() / (2 * h);
      EXPECT_LT((J.col(i).head<3>() - v).norm(), 1e-7 * std::max(1.0, v.norm())) << k << " " << i;
      EXPECT_LT((J.col(i).tail<3>() - w).norm(), 1e-8) << k << " " << i;
    }
    // and the velocity kinematics is J qd
    const std::vector<double> qd = random_configuration(rng);
    const RingMotion m = ring.motion(q.data(), qd.data());
    Twist twist;
    twist << m.velocity, m.angular_velocity;
    EXPECT_LT((J * Eigen::Map<const Eigen::VectorXd>(qd.data(), 7) - twist).norm(), 1e-11 * twist.norm());
    EXPECT_LT((at.position - m.position).norm(), 1e-15);
  }
}

}  // namespace
}  // namespace dyngen::berthing
