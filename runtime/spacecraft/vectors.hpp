// Fixed-size vectors and matrices of the spacecraft module (SI units throughout: m, s, kg, rad).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace dyngen::spacecraft {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;

}  // namespace dyngen::spacecraft
