// The 1-DOF joint interface (algorithms.md; seed part 1, eq. (1)-(2)). Algorithm bodies never
// branch on the joint type: a Joint<S> supplies
//   transform(q, sin q, cos q) / transform(q) / transform()   X_J: parent frame -> body frame
//   motion_axis()                                              S: axis-aligned, [linear; angular]
//   velocity_product(X, w_parent, v_parent, qd)                 c: the velocity-product acceleration
//   acceleration(X, a_parent, U_parent, w_parent, qd)           X a_p + c with one rotation
// Conventions (model.hpp): the joint frame is fixed in the parent by (rho, gamma), p_joint = gamma
// p_parent; the body frame is the joint frame rotated by a(q) about axis k (revolute) or moved by
// t = q e_k (prismatic), so E = a gamma and r = rho + gamma^T t.
#pragma once

#include <cmath>

#include "generator/model/model.hpp"
#include "generator/spatial/spatial.hpp"

namespace dyngen::algorithms {

using spatial::Axis;
using spatial::Mat3;
using spatial::OmegaProducts;
using spatial::Transform;
using spatial::Vec3;
using spatial::Vec6;

template <class S>
struct Joint {
  JointType type = JointType::fixed;
  int axis = 2;  // k: 0 = x, 1 = y, 2 = z of the joint frame
  Vec3<S> rho;
  Mat3<S> gamma = Mat3<S>::identity();
  bool gamma_identity = true;
  // false: the body frame keeps the joint frame's orientation instead of turning with q (a
  // revolute leaf symmetric about its axis, symmetric_leaves.hpp). S, the velocities and the
  // accelerations in body axes keep their formulas.
  bool frame_turns = true;

  bool has_coordinate() const { return type != JointType::fixed; }

  // S = e_k in the linear part (prismatic) or in the angular part (revolute).
  Axis motion_axis() const { return {type == JointType::prismatic ? axis : 3 + axis}; }

  // X_J(q) from the coordinate and its sine and cosine (the sine and cosine serve revolute joints).
  Transform<S> transform(const S& q, const S& sin_q, const S& cos_q) const {
    Transform<S> X;
    X.gamma = gamma;
    X.gamma_identity = gamma_identity;
    X.r = rho;
    if (type == JointType::revolute && frame_turns) {
      X.axis = axis;
      X.c = cos_q;
      X.s = sin_q;
      // E = a(q) gamma
      X.E = gamma_identity ? spatial::axis_rotation(axis, cos_q, sin_q)
                           : spatial::axis_rotation(axis, cos_q, sin_q) * gamma;
    } else {
      X.E = gamma;
      // r = rho + gamma^T (q e_k)
      if (type == JointType::prismatic)
        for (int i = 0; i < 3; ++i) X.r[i] = X.r[i] + gamma(axis, i) * q;
    }
    return X;
  }

  Transform<S> transform(const S& q) const {
    using std::cos;
    using std::sin;
    if (type == JointType::revolute) return transform(q, sin(q), cos(q));
    return transform(q, S(0.0), S(1.0));
  }

  // The constant transform of a fixed joint.
  Transform<S> transform() const { return transform(S(0.0), S(0.0), S(1.0)); }

  // w = E w_p + s_ang qd: the body's angular velocity in body axes.
  Vec3<S> angular_velocity(const Transform<S>& X, const Vec3<S>& w_parent, const S& qd) const {
    Vec3<S> w = X.E * w_parent;
    if (type == JointType::revolute) w[axis] = w[axis] + qd;
    return w;
  }

  // c = [E (w_p x (w_p x r)) + 2 w_bar x (s_lin qd); w_bar x (s_ang qd)] with w_bar = E w_p, the
  // classical acceleration of the body origin and the body's angular acceleration caused by
  // velocities alone (seed eq. (2), h_j). v_parent = omega_products(w_parent).
  Vec6<S> velocity_product(const Transform<S>& X, const Vec3<S>& w_parent,
                           const OmegaProducts<S>& v_parent, const S& qd) const {
    Vec6<S> c;
    c.lin = X.E * spatial::cross_cross(w_parent, X.r, v_parent);
    return add_joint_rate_terms(X, w_parent, qd, c);
  }

  // X a_p + c = [E (a_p + U_p r) + 2 w_bar x (s_lin qd); E e_p + w_bar x (s_ang qd)]: the classical
  // acceleration of the body at qdd = 0, the parent's point acceleration U_p r = e_p x r +
  // w_p x (w_p x r) (Khalil & Kleinfinger 1987) added before the single rotation E.
  Vec6<S> acceleration(const Transform<S>& X, const Vec6<S>& a_parent, const Mat3<S>& U_parent,
                       const Vec3<S>& w_parent, const S& qd) const {
    return add_joint_rate_terms(X, w_parent, qd,
                                Vec6<S>{X.E * (a_parent.lin + U_parent * X.r), X.E * a_parent.ang});
  }

 private:
  // a + [2 w_bar x (s_lin qd); w_bar x (s_ang qd)], w_bar = E w_p: the Coriolis terms of the joint's rate.
  Vec6<S> add_joint_rate_terms(const Transform<S>& X, const Vec3<S>& w_parent, const S& qd, Vec6<S> a) const {
    if (type == JointType::fixed) return a;
    const Vec3<S> w_bar_x_axis = spatial::cross_unit(X.E * w_parent, axis) * qd;
    if (type == JointType::revolute)
      a.ang += w_bar_x_axis;
    else
      a.lin += S(2.0) * w_bar_x_axis;
    return a;
  }
};

}  // namespace dyngen::algorithms
