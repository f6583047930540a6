// Test oracle: world poses and world inertia of a Model's bodies by direct forward kinematics
// (independent of the generator's algorithms), and the same from raw "file semantics" (arbitrary
// joint axes, Rodrigues rotations) for comparing a description with its loaded Model.
#pragma once

#include <Eigen/Dense>

#include <vector>

#include "model/model.hpp"

namespace dyngen::test {

struct Pose {
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  // body axes -> world axes
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();          // body origin in world
};

inline Eigen::Matrix3d axis_rotation(const Eigen::Vector3d& unit_axis, double angle) {
  return Eigen::AngleAxisd(angle, unit_axis).toRotationMatrix();
}

inline Eigen::Vector3d vec(const Vec3Q& v) { return {v[0].value, v[1].value, v[2].value}; }

// Poses of all bodies of `model` at joint coordinates q (base at the world origin).
inline std::vector<Pose> model_poses(const Model& model, const std::vector<double>& q) {
  std::vector<Pose> poses(model.bodies.size());
  for (std::size_t j = 1; j < model.bodies.size(); ++j) {
    const Body& body = model.bodies[j];
    const Pose& parent = poses[body.parent];
    Eigen::Matrix3d gamma;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) gamma(r, c) = body.joint.gamma[r][c];
    // joint frame: p_parent = gamma^T p_joint + rho
    Pose joint{parent.rotation * gamma.transpose(), parent.origin + parent.rotation * vec(body.joint.rho)};
    const Eigen::Vector3d axis = Eigen::Vector3d::Unit(body.joint.axis);
    const double qj = body.coordinate >= 0 ? q[body.coordinate] : 0.0;
    if (body.joint.type == JointType::revolute) joint.rotation = joint.rotation * axis_rotation(axis, qj);
    if (body.joint.type == JointType::prismatic) joint.origin += joint.rotation * axis * qj;
    poses[j] = joint;
  }
  return poses;
}

// Inertia tensor (3x3) from {xx, yy, zz, xy, xz, yz} tensor entries.
inline Eigen::Matrix3d tensor(const std::array<Quantity, 6>& e) {
  Eigen::Matrix3d t;
  t << e[0].value, e[3].value, e[4].value, e[3].value, e[1].value, e[5].value, e[4].value, e[5].value, e[2].value;
  return t;
}

// World-frame rigid-body inertia of a set of bodies: mass, first moment (m c) and the inertia
// about the world origin in world axes.
struct WorldInertia {
  double mass = 0;
  Eigen::Vector3d first_moment = Eigen::Vector3d::Zero();
  Eigen::Matrix3d about_origin = Eigen::Matrix3d::Zero();

  void add(double m, const Eigen::Vector3d& com_world, const Eigen::Matrix3d& about_com_world) {
    mass += m;
    first_moment += m * com_world;
    // parallel axis: I_O = I_C + m (|c|^2 E - c c^T)
    about_origin += about_com_world + m * (com_world.squaredNorm() * Eigen::Matrix3d::Identity() - com_world * com_world.transpose());
  }
};

inline WorldInertia body_world_inertia(const Model& model, const std::vector<Pose>& poses, int j) {
  const Inertia& inertia = model.bodies[j].inertia;
  const double m = inertia.mass.value;
  const Eigen::Vector3d c = vec(inertia.com);
  const Eigen::Matrix3d about_com =
      tensor(inertia.tensor_origin) - m * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
  WorldInertia w;
  w.add(m, poses[j].origin + poses[j].rotation * c, poses[j].rotation * about_com * poses[j].rotation.transpose());
  return w;
}

}  // namespace dyngen::test
