// Quaternion convention (scalar first, body -> inertial) against Eigen's angle-axis rotations,
// which share no code with the module.
#include "spacecraft/quaternion.hpp"

#include "error_message.hpp"

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace dyngen::spacecraft {
namespace {

// [w, x, y, z] of Eigen's rotation by `angle` about the unit `axis`
Quaternion eigen_quaternion(double angle, const Vec3& axis) {
  const Eigen::Quaterniond e(Eigen::AngleAxisd(angle, axis));
  return Quaternion(e.w(), e.x(), e.y(), e.z());
}

TEST(Quaternion, RotatesBodyAxesIntoInertialAxes) {
  // a quarter turn about z: the body's x axis points along inertial y
  const Quaternion q(std::cos(M_PI / 4), 0.0, 0.0, std::sin(M_PI / 4));
  EXPECT_LT((rotation_matrix(q) * Vec3::UnitX() - Vec3::UnitY()).norm(), 1e-15);
}

TEST(Quaternion, MatrixProductAndRotationVectorAgreeWithAngleAxis) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 1000; ++k) {
    const Vec3 axis = Vec3(u(rng), u(rng), u(rng)).normalized();
    const double angle = 3.0 * u(rng);
    const Mat3 expected = Eigen::AngleAxisd(angle, axis).toRotationMatrix();
    EXPECT_LT((rotation_matrix(eigen_quaternion(angle, axis)) - expected).norm(), 1e-14);
    EXPECT_LT((rotation_matrix(quaternion_from_rotation_vector(angle * axis)) - expected).norm(), 1e-14);
    const Vec3 other = Vec3(u(rng), u(rng), u(rng)).normalized();
    const Quaternion p = eigen_quaternion(angle, axis), q = eigen_quaternion(2.0 * u(rng), other);
    EXPECT_LT((rotation_matrix(quaternion_product(p, q)) - rotation_matrix(p) * rotation_matrix(q)).norm(), 1e-14);
  }
}

TEST(Quaternion, SmallRotationVectorsStayAccurate) {
  const Vec3 axis = Vec3(1.0, -2.0, 0.5).normalized();
  for (const double angle : {0.0, 1e-12, 1e-8, 9.9e-5, 1e-4, 1.01e-4, 1e-2}) {
    const Quaternion q = quaternion_from_rotation_vector(angle * axis);
    EXPECT_LT((q - eigen_quaternion(angle, axis)).norm(), 1e-16) << angle;
    EXPECT_NEAR(q.norm(), 1.0, 1e-16) << angle;
  }
}

TEST(Quaternion, RateIsTheDerivativeUnderABodyFixedAngularVelocity) {
  // constant omega in body axes: q(t) = q0 (x) rotation by |omega| t about omega
  const Vec3 omega(0.3, -1.1, 0.7);
  const Eigen::Quaterniond q0(Eigen::AngleAxisd(0.8, Vec3(1, 2, 3).normalized()));
  const auto attitude = [&](double t) {
    const Eigen::Quaterniond q = q0 * Eigen::Quaterniond(Eigen::AngleAxisd(omega.norm() * t, omega.normalized()));
    return Quaternion(q.w(), q.x(), q.y(), q.z());
  };
  const double t = 1.3, dt = 1e-5;
  const Quaternion central_difference = (attitude(t + dt) - attitude(t - dt)) / (2.0 * dt);
  EXPECT_LT((quaternion_rate(attitude(t), omega) - central_difference).norm(), 1e-10);
}

TEST(Quaternion, NormalisationRejectsADivergedQuaternion) {
  EXPECT_NEAR(normalized_quaternion(Quaternion(2.0, 0.0, 0.0, 0.0))(0), 1.0, 0.0);
  EXPECT_NE(test::error_message([] { normalized_quaternion(Quaternion::Zero()); }).find("diverged"), std::string::npos);
  EXPECT_NE(test::error_message([] { normalized_quaternion(Quaternion(NAN, 0, 0, 0)); }).find("diverged"),
            std::string::npos);
}

}  // namespace
}  // namespace dyngen::spacecraft
