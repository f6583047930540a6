#include "model/validation.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace dyngen::model_detail {
namespace {

Eigen::Matrix3d to_eigen(const Matrix3& m) {
  Eigen::Matrix3d e;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) e(i, j) = m[i][j];
  return e;
}

std::string format_values(const Eigen::Vector3d& v) {
  std::ostringstream out;
  out << "[" << v[0] << ", " << v[1] << ", " << v[2] << "]";
  return out.str();
}

}  // namespace

std::optional<std::string> check_inertia_tensor(const Matrix3& tensor_about_com) {
  const Eigen::Matrix3d tensor = to_eigen(tensor_about_com);
  const double scale = std::max(tensor.cwiseAbs().maxCoeff(), 1e-300);
  const double tolerance = 1e-9 * scale;
  if ((tensor - tensor.transpose()).cwiseAbs().maxCoeff() > tolerance)
    return std::string("inertia tensor is not symmetric; give a symmetric matrix or the entries "
                       "{xx, yy, zz, xy, xz, yz}");
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(tensor).eigenvalues();
  if (moments[0] < -tolerance)
    return "inertia tensor (about the centre of mass) is not positive semi-definite: principal "
           "moments " + format_values(moments) + "; all must be >= 0";
  // principal moments sorted ascending: the binding triangle inequality is I1 + I2 >= I3
  if (moments[0] + moments[1] < moments[2] - tolerance)
    return "inertia tensor (about the centre of mass) violates the triangle inequality: principal "
           "moments " + format_values(moments) + " need I1 + I2 >= I3 for a physical body";
  return std::nullopt;
}

std::optional<std::string> check_rotation(const Matrix3& r) {
  const Eigen::Matrix3d rotation = to_eigen(r);
  const double error = (rotation * rotation.transpose() - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (error > 1e-9) {
    std::ostringstream out;
    out << "rotation matrix is not orthonormal (max |R R^T - E| = " << error
        << "); give an orthonormal matrix with det +1, or use rpy: [roll, pitch, yaw]";
    return out.str();
  }
  if (rotation.determinant() < 0)
    return std::string("rotation matrix has det -1 (a reflection); a proper rotation needs det +1");
  return std::nullopt;
}

}  // namespace dyngen::model_detail
