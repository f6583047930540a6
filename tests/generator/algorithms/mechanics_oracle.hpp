// Oracle quantities summed body by body from forward kinematics (base axes): kinetic energy,
// linear momentum and angular momentum about the base origin, with absolute body velocities.
#pragma once

#include <Eigen/Dense>

#include "generator/algorithms/kinematics.hpp"

namespace dyngen::test {

inline Eigen::Vector3d eig(const spatial::Vec3<double>& v) { return {v[0], v[1], v[2]}; }

inline Eigen::Matrix3d eig(const spatial::Mat3<double>& m) {
  Eigen::Matrix3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = m(i, j);
  return r;
}

struct BodyInBase {
  double m = 0.0;
  Eigen::Vector3d com;       // position of the centre of mass
  Eigen::Vector3d v_com;     // its absolute velocity
  Eigen::Vector3d w;         // angular velocity
  Eigen::Matrix3d I_com;     // inertia about the centre of mass, base axes
};

inline BodyInBase body_in_base(const algorithms::Mechanism<double>& mech,
                               const algorithms::KinematicsData<double>& kin, int j) {
  const auto u = static_cast<std::size_t>(j);
  const auto& I = mech.inertia[u];
  BodyInBase out;
  out.m = I.m;
  const Eigen::Matrix3d R = eig(kin.R[u]);
  const Eigen::Vector3d c = I.m > 0.0 ? Eigen::Vector3d(eig(I.h) / I.m) : Eigen::Vector3d::Zero();
  // I_com = I_O - m (|c|^2 1 - c c^T)
  const Eigen::Matrix3d I_com = eig(I.I) - I.m * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
  out.com = eig(kin.p[u]) + R * c;
  out.w = eig(kin.w[u]);
  out.v_com = eig(kin.v[u]) + out.w.cross(R * c);
  out.I_com = R * I_com * R.transpose();
  return out;
}

struct Momenta {
  Eigen::Vector3d P = Eigen::Vector3d::Zero();  // linear momentum
  Eigen::Vector3d L = Eigen::Vector3d::Zero();  // angular momentum about the base origin
  double kinetic = 0.0;
};

inline Momenta momenta(const algorithms::Mechanism<double>& mech, const algorithms::State<double>& state) {
  algorithms::KinematicsData<double> kin(mech);
  algorithms::kinematics(mech, state, kin);
  Momenta out;
  for (int j = 1; j < mech.body_count; ++j) {
    const BodyInBase b = body_in_base(mech, kin, j);
    out.P += b.m * b.v_com;
    out.L += b.m * b.com.cross(b.v_com) + b.I_com * b.w;
    out.kinetic += 0.5 * b.m * b.v_com.squaredNorm() + 0.5 * b.w.dot(b.I_com * b.w);
  }
  return out;
}

}  // namespace dyngen::test
