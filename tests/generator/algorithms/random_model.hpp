// Random tree Models for the algorithm tests (independent of the YAML loader): random parents,
// revolute/prismatic/fixed joints about random coordinate axes, random joint frames, valid random
// inertias (some bodies massless when they carry a child), springs, dampers, actuators, external
// wrench inputs, gravity and (optionally) a moving base.
#pragma once

#include <Eigen/Dense>
#include <random>
#include <string>
#include <vector>

#include "generator/algorithms/state.hpp"
#include "generator/model/model.hpp"

namespace dyngen::test {

struct RandomModelOptions {
  int bodies = 6;  // moving bodies (without the base)
  bool moving_base = true;
  bool gravity = true;
  bool fixed_joints = true;
  bool massless_bodies = true;
  bool springs = true;
  bool dampers = true;
  bool external_wrenches = true;
};

inline Eigen::Matrix3d random_rotation(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  const Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
  return q.normalized().toRotationMatrix();
}

inline Quantity quantity(double value) { return Quantity{value, ""}; }

inline Vec3Q quantity3(const Eigen::Vector3d& v) { return {quantity(v[0]), quantity(v[1]), quantity(v[2])}; }

inline Model random_model(std::mt19937& rng, const RandomModelOptions& options) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> positive(0.0, 1.0);
  const auto uniform3 = [&] { return Eigen::Vector3d(unit(rng), unit(rng), unit(rng)); };
  Model model;
  model.name = "random";
  model.moving_base = options.moving_base;
  model.gravity = quantity3(options.gravity ? Eigen::Vector3d(9.81 * uniform3()) : Eigen::Vector3d::Zero());
  Body base;
  base.name = "base";
  model.bodies.push_back(base);
  std::vector<int> children(static_cast<std::size_t>(options.bodies + 1), 0);
  for (int j = 1; j <= options.bodies; ++j) {
    Body body;
    body.name = "b" + std::to_string(j);
    body.parent = std::uniform_int_distribution<int>(0, j - 1)(rng);
    ++children[static_cast<std::size_t>(body.parent)];
    const double kind = positive(rng);
    body.joint.type = kind < 0.6 ? JointType::revolute
                      : (kind < 0.9 || !options.fixed_joints) ? JointType::prismatic
                                                              : JointType::fixed;
    body.joint.axis = std::uniform_int_distribution<int>(0, 2)(rng);
    body.joint.rho = quantity3(0.5 * uniform3());
    const Eigen::Matrix3d gamma = positive(rng) < 0.4 ? Eigen::Matrix3d::Identity() : random_rotation(rng);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) body.joint.gamma[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = gamma(r, c);
    if (body.joint.type != JointType::fixed) {
      body.coordinate = model.dof();
      model.coordinates.push_back(body.name + "_q");
      model.independent.push_back(true);
      body.joint.q0 = quantity(0.3 * unit(rng));
      if (options.springs) body.joint.spring = quantity(50.0 * positive(rng));
      if (options.dampers) body.joint.damper = quantity(2.0 * positive(rng));
      body.joint.actuated = positive(rng) < 0.5;
    }
    const double mass = 0.5 + 2.5 * positive(rng);
    const Eigen::Vector3d com = 0.3 * uniform3();
    // principal moments a, b, c satisfying the triangle inequalities
    const Eigen::Vector3d principal(0.02 + 0.1 * positive(rng), 0.02 + 0.1 * positive(rng), 0.02 + 0.1 * positive(rng));
    const Eigen::Vector3d moments(principal[1] + principal[2], principal[0] + principal[2], principal[0] + principal[1]);
    const Eigen::Matrix3d R = random_rotation(rng);
    const Eigen::Matrix3d I_com = R * moments.asDiagonal() * R.transpose();
    // parallel axis theorem: I_O = I_com + m (|c|^2 1 - c c^T)
    const Eigen::Matrix3d I_origin = I_com + mass * (com.squaredNorm() * Eigen::Matrix3d::Identity() - com * com.transpose());
    body.inertia.mass = quantity(mass);
    body.inertia.com = quantity3(com);
    body.inertia.tensor_origin = {quantity(I_origin(0, 0)), quantity(I_origin(1, 1)), quantity(I_origin(2, 2)),
                                  quantity(I_origin(0, 1)), quantity(I_origin(0, 2)), quantity(I_origin(1, 2))};
    body.external_wrench = options.external_wrenches && positive(rng) < 0.5;
    model.bodies.push_back(body);
    NamedPoint point;
    point.name = body.name + ".tip";
    point.body = j;
    point.position = quantity3(0.4 * uniform3());
    model.points.push_back(point);
  }
  if (options.massless_bodies)
    for (int j = 1; j <= options.bodies; ++j)
      if (children[static_cast<std::size_t>(j)] > 0 && positive(rng) < 0.2) {
        Body& body = model.bodies[static_cast<std::size_t>(j)];
        body.massless = true;
        body.inertia = Inertia{};
        body.inertia.tensor_origin = {quantity(0), quantity(0), quantity(0), quantity(0), quantity(0), quantity(0)};
      }
  return model;
}

// A random state: q, qd, qdd, tau, base motion and external wrenches.
inline algorithms::State<double> random_state(std::mt19937& rng, const algorithms::Mechanism<double>& mech) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  algorithms::State<double> state(mech);
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    state.q[u] = 2.0 * unit(rng);
    state.qd[u] = 2.0 * unit(rng);
    state.qdd[u] = 2.0 * unit(rng);
    state.tau[u] = 5.0 * unit(rng);
  }
  const auto uniform3 = [&] { return spatial::Vec3<double>(unit(rng), unit(rng), unit(rng)); };
  state.w0 = uniform3();
  state.e0 = uniform3();
  state.a0 = 3.0 * uniform3();
  state.v0 = uniform3();
  for (auto& f : state.f_ext) f = {5.0 * uniform3(), uniform3()};
  return state;
}

}  // namespace dyngen::test
