// Spatial algebra against dense 6x6 evaluation with Eigen: the Plucker transform
// X = [[E, -E [r]x], [0, E]] in the [linear; angular] layout, its action on motions and forces, the
// congruences X^T M X for articulated and rigid-body inertias, rigid-body inertia products and the
// axis-aligned selections.
#include "generator/spatial/spatial.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "eigen_oracle.hpp"

namespace dyngen::spatial {
namespace {

using Mat6d = Eigen::Matrix<double, 6, 6>;
using Vec6d = Eigen::Matrix<double, 6, 1>;
using test::eig;

Vec6d random6(std::mt19937& rng) {
  Vec6d v;
  v << test::random_vector(rng), test::random_vector(rng);
  return v;
}

Vec6<double> vec6(const Vec6d& v) { return {test::vec3(v.head<3>()), test::vec3(v.tail<3>())}; }

// Transforms with each structure: rotation about axis k with/without gamma, and no rotation.
std::vector<Transform<double>> sample_transforms(std::mt19937& rng) {
  std::vector<Transform<double>> out;
  for (int axis = -1; axis < 3; ++axis)
    for (bool gamma_identity : {true, false}) {
      Transform<double> X;
      X.axis = axis;
      const double q = 1.3 * (axis + 2);
      X.c = std::cos(q);
      X.s = std::sin(q);
      X.gamma_identity = gamma_identity;
      X.gamma = gamma_identity ? Mat3<double>::identity() : test::mat3(test::random_rotation(rng));
      X.E = axis < 0 ? X.gamma : axis_rotation(axis, X.c, X.s) * X.gamma;
      X.r = test::vec3(test::random_vector(rng));
      out.push_back(X);
    }
  return out;
}

Mat6d dense(const Transform<double>& X) {
  const Eigen::Matrix3d E = eig(X.E);
  Mat6d D = Mat6d::Zero();
  D.topLeftCorner<3, 3>() = E;
  D.topRightCorner<3, 3>() = -E * test::dense_skew(eig(X.r));
  D.bottomRightCorner<3, 3>() = E;
  return D;
}

Mat6d random_symmetric6(std::mt19937& rng) {
  Mat6d A;
  for (int i = 0; i < 6; ++i) A.col(i) = random6(rng);
  return A + A.transpose();
}

TEST(Spatial, MotionAndForceTransformsMatchDense) {
  std::mt19937 rng(11);
  for (const Transform<double>& X : sample_transforms(rng)) {
    const Vec6d m = random6(rng);
    const Vec6d f = random6(rng);
    EXPECT_LE((eig(apply_motion(X, vec6(m))) - dense(X) * m).norm(), 1e-14);
    EXPECT_LE((eig(apply_transpose_force(X, vec6(f))) - dense(X).transpose() * f).norm(), 1e-14);
    // power is invariant: (X m) . f_child = m . (X^T f_child)
    EXPECT_NEAR(dot(apply_motion(X, vec6(m)), vec6(f)), dot(vec6(m), apply_transpose_force(X, vec6(f))), 1e-14);
  }
}

TEST(Spatial, ArticulatedInertiaCongruenceMatchesDense) {
  std::mt19937 rng(12);
  for (const Transform<double>& X : sample_transforms(rng)) {
    const Mat6d M = random_symmetric6(rng);
    const Mat6d expected = dense(X).transpose() * M * dense(X);
    EXPECT_LE((eig(transform_to_parent(X, test::mat6(M))) - expected).norm(), 1e-13);
  }
}

TEST(Spatial, RigidInertiaProductsAndCongruenceMatchDense) {
  std::mt19937 rng(13);
  for (const Transform<double>& X : sample_transforms(rng)) {
    RigidInertia<double> I{2.5, test::vec3(test::random_vector(rng)), test::mat3(test::random_symmetric(rng))};
    const Mat6d dense_I = eig(to_mat6(I));
    Mat6d expected_I;
    expected_I << 2.5 * Eigen::Matrix3d::Identity(), -test::dense_skew(eig(I.h)), test::dense_skew(eig(I.h)), eig(I.I);
    EXPECT_EQ((dense_I - expected_I).norm(), 0.0);
    const Vec6d a = random6(rng);
    EXPECT_LE((eig(I * vec6(a)) - dense_I * a).norm(), 1e-14);
    const Mat6d expected = dense(X).transpose() * dense_I * dense(X);
    EXPECT_LE((eig(to_mat6(transform_to_parent(X, I))) - expected).norm(), 1e-13);
  }
}

TEST(Spatial, VelocityProductForceIsNewtonEulerAtZeroAcceleration) {
  std::mt19937 rng(14);
  const Eigen::Vector3d w = test::random_vector(rng);
  RigidInertia<double> I{1.7, test::vec3(test::random_vector(rng)), test::mat3(test::random_symmetric(rng))};
  const Vec6<double> p = velocity_product_force(I, test::vec3(w), omega_products(test::vec3(w)));
  EXPECT_LE((eig(p.lin) - w.cross(w.cross(eig(I.h)))).norm(), 1e-14);
  EXPECT_LE((eig(p.ang) - w.cross(eig(I.I) * w)).norm(), 1e-14);
}

TEST(Spatial, AxisSelectionsMatchDenseProducts) {
  std::mt19937 rng(15);
  const Mat6d M = random_symmetric6(rng);
  const Vec6d f = random6(rng);
  for (int index = 0; index < 6; ++index) {
    const Axis S{index};
    const Vec6d e = Vec6d::Unit(index);
    EXPECT_EQ((eig(along(S, 2.5)) - 2.5 * e).norm(), 0.0);
    EXPECT_EQ(component(vec6(f), S), e.dot(f));
    EXPECT_EQ((eig(column(test::mat6(M), S)) - M * e).norm(), 0.0);
    EXPECT_EQ(project(S, test::mat6(M)), e.dot(M * e));
  }
}

TEST(Spatial, Vec3AndMat3OperationsMatchEigen) {
  std::mt19937 rng(16);
  const Eigen::Vector3d a = test::random_vector(rng), b = test::random_vector(rng);
  const Eigen::Matrix3d A = test::random_matrix(rng), B = test::random_matrix(rng);
  EXPECT_LE((eig(cross(test::vec3(a), test::vec3(b))) - a.cross(b)).norm(), 1e-15);
  EXPECT_LE((eig(skew(test::vec3(a))) * b - a.cross(b)).norm(), 1e-15);
  for (int k = 0; k < 3; ++k)
    EXPECT_EQ((eig(cross_unit(test::vec3(a), k)) - a.cross(Eigen::Vector3d::Unit(k))).norm(), 0.0);
  EXPECT_LE((eig(test::mat3(A) * test::mat3(B)) - A * B).norm(), 1e-15);
  EXPECT_LE((eig(transpose_times(test::mat3(A), test::vec3(b))) - A.transpose() * b).norm(), 1e-15);
  EXPECT_LE((eig(outer(test::vec3(a), test::vec3(b))) - a * b.transpose()).norm(), 1e-15);
  EXPECT_NEAR(dot(test::vec3(a), test::vec3(b)), a.dot(b), 1e-15);
}

}  // namespace
}  // namespace dyngen::spatial
