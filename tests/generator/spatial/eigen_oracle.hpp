// Conversions between the spatial types (double) and Eigen, the dense oracle of the spatial tests.
#pragma once

#include <Eigen/Dense>
#include <random>

#include "generator/spatial/spatial.hpp"

namespace dyngen::spatial::test {

inline Eigen::Vector3d eig(const Vec3<double>& v) { return {v[0], v[1], v[2]}; }

inline Eigen::Matrix3d eig(const Mat3<double>& m) {
  Eigen::Matrix3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = m(i, j);
  return r;
}

inline Eigen::Matrix<double, 6, 1> eig(const Vec6<double>& v) {
  Eigen::Matrix<double, 6, 1> r;
  for (int i = 0; i < 6; ++i) r[i] = v[i];
  return r;
}

inline Eigen::Matrix<double, 6, 6> eig(const Mat6<double>& m) {
  Eigen::Matrix<double, 6, 6> r;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) r(i, j) = m(i, j);
  return r;
}

inline Vec3<double> vec3(const Eigen::Vector3d& v) { return {v[0], v[1], v[2]}; }

inline Mat3<double> mat3(const Eigen::Matrix3d& m) {
  Mat3<double> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = m(i, j);
  return r;
}

inline Mat6<double> mat6(const Eigen::Matrix<double, 6, 6>& m) {
  Mat6<double> r;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) r(i, j) = m(i, j);
  return r;
}

inline Eigen::Matrix3d random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  return Eigen::Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
}

inline Eigen::Matrix3d random_matrix(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  Eigen::Matrix3d A;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) A(i, j) = unit(rng);
  return A;
}

inline Eigen::Matrix3d random_symmetric(std::mt19937& rng) {
  const Eigen::Matrix3d A = random_matrix(rng);
  return A + A.transpose();
}

inline Eigen::Vector3d random_vector(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  return {unit(rng), unit(rng), unit(rng)};
}

inline Eigen::Matrix3d dense_skew(const Eigen::Vector3d& a) {
  Eigen::Matrix3d r;
  r << 0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0;
  return r;
}

}  // namespace dyngen::spatial::test
