// The generic bodies of the special products (generator/spatial/special_products.hpp) against
// plain dense evaluation with Eigen.
#include "generator/spatial/special_products.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "eigen_oracle.hpp"

namespace dyngen::spatial {
namespace {

using test::eig;

TEST(SpecialProducts, OmegaProducts) {
  std::mt19937 rng(1);
  const Eigen::Vector3d w = test::random_vector(rng);
  const OmegaProducts<double> v = omega_products(test::vec3(w));
  const double expected[6] = {w[0] * w[0], w[1] * w[1], w[2] * w[2], w[0] * w[1], w[0] * w[2], w[1] * w[2]};
  for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(v[static_cast<std::size_t>(i)], expected[i]);
}

TEST(SpecialProducts, CrossCrossAndCrossInertiaMatchDenseProducts) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Vector3d w = 3.0 * test::random_vector(rng);
    const Eigen::Vector3d r = test::random_vector(rng);
    const Eigen::Matrix3d I = test::random_symmetric(rng);
    const OmegaProducts<double> v = omega_products(test::vec3(w));
    EXPECT_LE((eig(cross_cross(test::vec3(w), test::vec3(r), v)) - w.cross(w.cross(r))).norm(), 1e-13);
    EXPECT_LE((eig(cross_inertia(test::vec3(w), test::mat3(I), v)) - w.cross(I * w)).norm(), 1e-13);
  }
}

TEST(SpecialProducts, AccelerationOperatorGivesThePointAcceleration) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Vector3d w = 3.0 * test::random_vector(rng);
    const Eigen::Vector3d e = 2.0 * test::random_vector(rng);
    const Eigen::Vector3d r = test::random_vector(rng);
    const Mat3<double> U = acceleration_operator(test::vec3(e), test::vec3(w), omega_products(test::vec3(w)));
    EXPECT_LE((eig(U * test::vec3(r)) - (e.cross(r) + w.cross(w.cross(r)))).norm(), 1e-13);
  }
}

TEST(SpecialProducts, EulerMomentFromTheAccelerationOperatorMatchesDense) {
  std::mt19937 rng(6);
  for (int trial = 0; trial < 100; ++trial) {
    const Eigen::Vector3d w = 3.0 * test::random_vector(rng);
    const Eigen::Vector3d e = 2.0 * test::random_vector(rng);
    const Eigen::Matrix3d I = test::random_symmetric(rng);
    const OmegaProducts<double> v = omega_products(test::vec3(w));
    const Mat3<double> U = acceleration_operator(test::vec3(e), test::vec3(w), v);
    const Vec3<double> moment = euler_moment(test::vec3(e), test::vec3(w), test::mat3(I), U, v);
    EXPECT_LE((eig(moment) - (I * e + w.cross(I * w))).norm(), 1e-13);
  }
}

TEST(SpecialProducts, AxisRotationIsTheTransposedRotationAboutTheAxis) {
  for (int k = 0; k < 3; ++k) {
    const double q = 0.7;
    const Eigen::Matrix3d R = Eigen::AngleAxisd(q, Eigen::Vector3d::Unit(k)).toRotationMatrix();
    // p_child = a p_parent for a frame rotated by +q about e_k: a = R^T
    EXPECT_LE((eig(axis_rotation(k, std::cos(q), std::sin(q))) - R.transpose()).norm(), 1e-15);
  }
}

TEST(SpecialProducts, RotateAboutAxisCongruenceMatchesDense) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> angle(-3.2, 3.2);
  for (int trial = 0; trial < 60; ++trial) {
    const int k = trial % 3;
    const double q = angle(rng);
    const Eigen::Matrix3d A = test::random_symmetric(rng);
    const Eigen::Matrix3d a = eig(axis_rotation(k, std::cos(q), std::sin(q)));
    const Mat3<double> B = rotate_about_axis_congruence(k, std::cos(q), std::sin(q), test::mat3(A));
    EXPECT_LE((eig(B) - a.transpose() * A * a).norm(), 1e-14) << "axis " << k;
  }
}

}  // namespace
}  // namespace dyngen::spatial
