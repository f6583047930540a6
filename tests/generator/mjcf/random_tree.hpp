// Random tree models built in code (no loader needed): mixed revolute/prismatic/fixed joints about
// random axes, random joint frames, random inertias (some bodies massless), springs and dampers.
#pragma once

#include <random>
#include <string>

#include <Eigen/Dense>

#include "generator/model/model.hpp"

namespace dyngen::testing {

inline Vec3Q quantities(const Eigen::Vector3d& v) {
  return {Quantity{v.x(), ""}, Quantity{v.y(), ""}, Quantity{v.z(), ""}};
}

// `bodies` moving bodies hanging from the base in a random tree (each body's parent drawn among
// the earlier ones), reproducible from `seed`.
inline Model random_tree(unsigned seed, int bodies, bool moving_base) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_real_distribution<double> positive(0.1, 1.0);
  const auto vector = [&] { return Eigen::Vector3d(unit(random), unit(random), unit(random)); };
  const auto rotation = [&] {
    return Eigen::Quaterniond(unit(random), unit(random), unit(random), unit(random)).normalized().toRotationMatrix();
  };

  Model model;
  model.name = "random_tree_" + std::to_string(seed);
  model.moving_base = moving_base;
  model.gravity = quantities(9.81 * vector().normalized());
  Body base;
  base.name = "base";
  base.inertia.mass.value = moving_base ? 50.0 : 0.0;
  base.inertia.tensor_origin = {Quantity{5.0, ""}, Quantity{6.0, ""}, Quantity{7.0, ""}, {}, {}, {}};
  model.bodies.push_back(base);
  for (int j = 1; j <= bodies; ++j) {
    Body body;
    body.name = "body" + std::to_string(j);
    body.parent = static_cast<int>(random() % j);
    const unsigned kind = random() % 8;
    body.joint.type = kind < 5 ? JointType::revolute : kind < 7 ? JointType::prismatic : JointType::fixed;
    body.joint.axis = static_cast<int>(random() % 3);
    body.joint.rho = quantities(0.5 * vector());
    const Eigen::Matrix3d gamma = rotation().transpose();
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) body.joint.gamma[r][c] = gamma(r, c);
    if (body.joint.type != JointType::fixed) {
      body.coordinate = model.dof();
      model.coordinates.push_back("q_" + body.name);
      model.independent.push_back(true);
      body.joint.q0.value = 0.3 * unit(random);
      body.joint.spring.value = random() % 2 ? 100.0 * positive(random) : 0.0;
      body.joint.damper.value = random() % 2 ? 10.0 * positive(random) : 0.0;
    }
    {
      const double mass = 5.0 * positive(random);
      const Eigen::Vector3d com = 0.3 * vector();
      // Principal moments from positive second moments s: (s2+s3, s1+s3, s1+s2) obey the triangle
      // inequality; turned by a random rotation and moved to the origin (parallel axis theorem).
      const Eigen::Vector3d s(positive(random), positive(random), positive(random));
      const Eigen::Vector3d principal(s[1] + s[2], s[0] + s[2], s[0] + s[1]);
      const Eigen::Matrix3d axes = rotation();
      const Eigen::Matrix3d about_com = axes * principal.asDiagonal() * axes.transpose();
      const Eigen::Matrix3d about_origin =
          about_com + mass * (com.squaredNorm() * Eigen::Matrix3d::Identity() - com * com.transpose());
      model.points.push_back({body.name + ".tip", j, quantities(0.4 * vector())});
      body.inertia.mass.value = mass;
      body.inertia.com = quantities(com);
      body.inertia.tensor_origin = {Quantity{about_origin(0, 0), ""}, Quantity{about_origin(1, 1), ""},
                                    Quantity{about_origin(2, 2), ""}, Quantity{about_origin(0, 1), ""},
                                    Quantity{about_origin(0, 2), ""}, Quantity{about_origin(1, 2), ""}};
    }
    model.bodies.push_back(body);
  }
  // Some jointed bodies become massless, as composite-joint expansion makes them, but only those
  // with a massive child, so that the mass matrix stays regular.
  for (int j = bodies; j >= 1; --j) {
    Body& body = model.bodies[j];
    bool massive_child = false;
    for (const Body& other : model.bodies)
      massive_child = massive_child || (&other != &model.bodies[0] && other.parent == j && !other.massless);
    if (body.joint.type == JointType::fixed || !massive_child || random() % 3 != 0) continue;
    body.massless = true;
    body.inertia = Inertia{};
  }
  return model;
}

}  // namespace dyngen::testing
