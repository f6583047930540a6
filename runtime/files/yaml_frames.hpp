// Frames, inertia tensors and file paths as the runtime's scenario files write them, read through
// YamlFields (so every fault names file:line:column, the field and what would be valid). Shared by
// the docking and the berthing scenario readers.
#pragma once

#include <filesystem>
#include <numbers>
#include <string>

#include "files/yaml_fields.hpp"

namespace dyngen::files {

inline constexpr double kDegree = std::numbers::pi / 180.0;

// A path written in `file`: absolute as it is, otherwise relative to the file's folder.
inline std::string resolve_path(const std::string& file, const std::string& path) {
  const std::filesystem::path p(path);
  if (p.is_absolute()) return p.string();
  return (std::filesystem::path(file).parent_path() / p).lexically_normal().string();
}

// R = Rz(yaw) Ry(pitch) Rx(roll) from [roll, pitch, yaw] in degrees (fixed axes x, y, z).
inline Eigen::Matrix3d rotation_rpy(const Eigen::Vector3d& degrees) {
  return (Eigen::AngleAxisd(degrees[2] * kDegree, Eigen::Vector3d::UnitZ()) *
          Eigen::AngleAxisd(degrees[1] * kDegree, Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(degrees[0] * kDegree, Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

// Axes {x: [..], y: [..], z: [..]}: a frame's unit axes in its parent (the rotation's columns).
template <class Error>
Eigen::Matrix3d axes(const YamlFields<Error>& parent, const std::string& key) {
  const YamlFields<Error> f(parent.at(key), parent.source(), key, {"x", "y", "z"});
  Eigen::Matrix3d R;
  for (int c = 0; c < 3; ++c) R.col(c) = f.vec3(std::string(1, "xyz"[c]));
  if (!(R.transpose() * R - Eigen::Matrix3d::Identity()).isZero(1e-9) || R.determinant() < 0.0)
    parent.fail(key, "orthonormal right-handed axes x, y, z (unit vectors in the parent frame)");
  return R;
}

// A frame in a parent: `position` [x, y, z] (default 0) and its orientation, `rpy_deg` [roll, pitch,
// yaw] or `axes` (default: the parent's axes); x_parent = position + rotation x_frame.
template <class Error>
void frame(const YamlFields<Error>& f, Eigen::Vector3d& position, Eigen::Matrix3d& rotation) {
  position = f.vec3("position", Eigen::Vector3d::Zero());
  if (f.has("rpy_deg") && f.has("axes")) f.fail("axes", "either rpy_deg or axes, not both");
  rotation = f.has("rpy_deg") ? rotation_rpy(f.vec3("rpy_deg"))
             : f.has("axes")  ? axes(f, "axes")
                              : Eigen::Matrix3d::Identity();
}

// An inertia tensor {xx, yy, zz, xy, xz, yz} (products default 0): positive definite, its principal
// moments obeying I1 + I2 >= I3.
template <class Error>
Eigen::Matrix3d inertia(const YamlFields<Error>& parent, const std::string& key) {
  const YAML::Node n = parent.at(key);
  const YamlFields<Error> f(n, parent.source(), key, {"xx", "yy", "zz", "xy", "xz", "yz"});
  // every entry read before the comma initializer: one that throws half-way asserts in its destructor
  const double xx = f.positive("xx"), xy = f.number("xy", 0.0), xz = f.number("xz", 0.0);
  const double yy = f.positive("yy"), yz = f.number("yz", 0.0), zz = f.positive("zz");
  Eigen::Matrix3d I;
  I << xx, xy, xz, xy, yy, yz, xz, yz, zz;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(I);
  const auto l = eigen.eigenvalues();
  if (!(l.minCoeff() > 0.0) || l[0] + l[1] < l[2] * (1.0 - 1e-12))
    parent.fail(n, key, "a positive definite inertia whose principal moments satisfy I1 + I2 >= I3");
  return I;
}

}  // namespace dyngen::files
