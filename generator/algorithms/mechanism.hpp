// Mechanism<S>: the per-body constants of a tree Model over the scalar S (immutable; algorithms
// keep scratch in their own Data structs).
//
//   template <class S, class F> Mechanism<S> make_mechanism(const Model&, F quantity_to_scalar)
//     F maps a dyngen::Quantity to S; for double: [](const Quantity& q) { return q.value; }.
//     Numbers that are plain doubles in the Model (gamma) become S(value).
//   Mechanism<double> make_numeric_mechanism(const Model&)
//
// Bodies keep the Model's numbering (0 = base, parents before children); coordinate i belongs to
// body coordinate_body[i]; lambda[i] is the coordinate parent array (nearest ancestor coordinate,
// -1 at the base) used by the mass matrix sparsity and LTDL (Featherstone 2008, sec. 6.5).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "generator/algorithms/joint.hpp"
#include "generator/model/model.hpp"
#include "generator/spatial/spatial.hpp"

namespace dyngen::algorithms {

using spatial::RigidInertia;

template <class S>
struct Point {
  int body = 0;
  Vec3<S> position;  // in the body frame
};

template <class S>
struct Mechanism {
  int body_count = 0;
  int dof = 0;
  bool moving_base = false;
  Vec3<S> gravity;                        // base axes
  std::vector<int> parent;                // per body; -1 for the base
  std::vector<Joint<S>> joint;            // per body (base: fixed, unused)
  std::vector<RigidInertia<S>> inertia;   // per body, about its origin, body axes
  std::vector<int> coordinate;            // per body: joint coordinate index or -1
  std::vector<bool> external_wrench;      // per body: takes an external wrench input
  std::vector<int> coordinate_body;       // per coordinate: its body
  std::vector<int> lambda;                // per coordinate: parent coordinate or -1
  std::vector<S> q0, spring, damper;      // per coordinate: -k (q - q0) - c qd
  std::vector<bool> actuated;             // per coordinate: adds tau
  std::vector<Point<S>> points;           // Model::points, same order
};

template <class S, class F>
Mechanism<S> make_mechanism(const Model& model, F quantity_to_scalar) {
  const auto vec = [&](const Vec3Q& v) {
    return Vec3<S>(quantity_to_scalar(v[0]), quantity_to_scalar(v[1]), quantity_to_scalar(v[2]));
  };
  Mechanism<S> mech;
  mech.body_count = model.body_count();
  mech.dof = model.dof();
  mech.moving_base = model.moving_base;
  mech.gravity = vec(model.gravity);
  mech.coordinate_body.assign(static_cast<std::size_t>(mech.dof), -1);
  for (int j = 0; j < mech.body_count; ++j) {
    const Body& body = model.bodies[static_cast<std::size_t>(j)];
    if (j > 0 && (body.parent < 0 || body.parent >= j))
      throw std::invalid_argument("body " + body.name + ": parent must precede the body");
    mech.parent.push_back(j == 0 ? -1 : body.parent);
    Joint<S> joint;
    joint.type = j == 0 ? JointType::fixed : body.joint.type;
    joint.axis = body.joint.axis;
    joint.rho = vec(body.joint.rho);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        const double g = body.joint.gamma[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        joint.gamma(r, c) = S(g);
        if (g != (r == c ? 1.0 : 0.0)) joint.gamma_identity = false;
      }
    mech.joint.push_back(joint);
    RigidInertia<S> I;
    I.m = quantity_to_scalar(body.inertia.mass);
    // h = m c
    I.h = I.m * vec(body.inertia.com);
    const auto& t = body.inertia.tensor_origin;
    const S xx = quantity_to_scalar(t[0]), yy = quantity_to_scalar(t[1]), zz = quantity_to_scalar(t[2]);
    const S xy = quantity_to_scalar(t[3]), xz = quantity_to_scalar(t[4]), yz = quantity_to_scalar(t[5]);
    I.I(0, 0) = xx;
    I.I(1, 1) = yy;
    I.I(2, 2) = zz;
    I.I(0, 1) = xy;
    I.I(1, 0) = xy;
    I.I(0, 2) = xz;
    I.I(2, 0) = xz;
    I.I(1, 2) = yz;
    I.I(2, 1) = yz;
    mech.inertia.push_back(I);
    const int i = joint.has_coordinate() ? body.coordinate : -1;
    if (joint.has_coordinate() && (i < 0 || i >= mech.dof))
      throw std::invalid_argument("body " + body.name + ": joint coordinate index out of range");
    mech.coordinate.push_back(i);
    mech.external_wrench.push_back(body.external_wrench);
    if (i >= 0) mech.coordinate_body[static_cast<std::size_t>(i)] = j;
  }
  for (int i = 0; i < mech.dof; ++i) {
    const int j = mech.coordinate_body[static_cast<std::size_t>(i)];
    if (j < 0) throw std::invalid_argument("coordinate " + std::to_string(i) + " has no joint");
    int ancestor = mech.parent[static_cast<std::size_t>(j)];
    while (ancestor > 0 && mech.coordinate[static_cast<std::size_t>(ancestor)] < 0)
      ancestor = mech.parent[static_cast<std::size_t>(ancestor)];
    const int lambda = ancestor > 0 ? mech.coordinate[static_cast<std::size_t>(ancestor)] : -1;
    if (lambda >= i)
      throw std::invalid_argument("coordinates must be numbered parents before children");
    mech.lambda.push_back(lambda);
    const dyngen::Joint& joint_data = model.bodies[static_cast<std::size_t>(j)].joint;
    mech.q0.push_back(quantity_to_scalar(joint_data.q0));
    mech.spring.push_back(quantity_to_scalar(joint_data.spring));
    mech.damper.push_back(quantity_to_scalar(joint_data.damper));
    mech.actuated.push_back(joint_data.actuated);
  }
  for (const NamedPoint& point : model.points) mech.points.push_back({point.body, vec(point.position)});
  return mech;
}

// The bodies whose parent is body j, in numbering order (all after j).
template <class S>
std::vector<int> children(const Mechanism<S>& mech, int j) {
  std::vector<int> found;
  for (int c = j + 1; c < mech.body_count; ++c) {
    if (mech.parent[static_cast<std::size_t>(c)] == j) found.push_back(c);
  }
  return found;
}

inline Mechanism<double> make_numeric_mechanism(const Model& model) {
  return make_mechanism<double>(model, [](const Quantity& q) { return q.value; });
}

}  // namespace dyngen::algorithms
