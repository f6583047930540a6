// State<S>: the inputs of the dynamics algorithms.
//
//   State<S>(const Mechanism<S>&)   all entries S(0.0)
//   q, qd, qdd, tau                 per joint coordinate (tau read only for actuated joints)
//   w0, e0, a0                      transport motion of the base, base axes: angular velocity,
//                                   angular acceleration, linear acceleration of the base origin
//                                   (including the spacecraft's velocity terms); read only when the
//                                   mechanism's base is moving, otherwise taken as zero
//   v0                              velocity of the base origin, base axes (kinematics only)
//   f_ext                           per body [force; moment about the body origin], body axes;
//                                   read only for bodies with an external wrench input
//
// base_motion() gives the algorithms' initial conditions: w_0 and the classical acceleration of
// the base a_0 = [a0 - g; e0] (gravity enters as an acceleration of the base, seed part 1: the
// initial condition a_0 = transport acceleration puts the transport inertial forces into b).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"

namespace dyngen::algorithms {

template <class S>
struct State {
  std::vector<S> q, qd, qdd, tau;
  std::vector<S> qdd_independent;  // looped mechanisms' inverse dynamics: the independent accelerations
  Vec3<S> w0, e0, a0, v0;
  std::vector<Vec6<S>> f_ext;

  State() = default;
  explicit State(const Mechanism<S>& mech)
      : q(static_cast<std::size_t>(mech.dof), S(0.0)),
        qd(q),
        qdd(q),
        tau(q),
        qdd_independent(static_cast<std::size_t>(mech.independent_dof()), S(0.0)),
        f_ext(static_cast<std::size_t>(mech.body_count)) {}
};

template <class S>
struct BaseMotion {
  Vec3<S> w;  // angular velocity of the base, base axes
  Vec6<S> a;  // [a0 - g; e0]
};

template <class S>
BaseMotion<S> base_motion(const Mechanism<S>& mech, const State<S>& state) {
  BaseMotion<S> base;
  base.a.lin = -mech.gravity;
  if (mech.moving_base) {
    base.w = state.w0;
    base.a.lin += state.a0;
    base.a.ang = state.e0;
  }
  return base;
}

// The joint rate of body j (zero for a fixed joint).
template <class S>
S joint_rate(const Mechanism<S>& mech, const std::vector<S>& rates, int j) {
  const int i = mech.coordinate[static_cast<std::size_t>(j)];
  return i < 0 ? S(0.0) : rates[static_cast<std::size_t>(i)];
}

// X_J of body j at the state's q.
template <class S>
Transform<S> joint_transform(const Mechanism<S>& mech, const State<S>& state, int j) {
  const Joint<S>& joint = mech.joint[static_cast<std::size_t>(j)];
  const int i = mech.coordinate[static_cast<std::size_t>(j)];
  return i < 0 ? joint.transform() : joint.transform(state.q[static_cast<std::size_t>(i)]);
}

// The external wrench on body j, or zero when the body takes none. A body whose frame does not
// turn with its revolute joint (symmetric_leaves.hpp) gets the wrench, given in the turned body
// axes, in its own axes: a(q)^T f (the origin is on the axis, so the moment's point is kept).
template <class S>
Vec6<S> external_wrench(const Mechanism<S>& mech, const State<S>& state, int j) {
  const auto u = static_cast<std::size_t>(j);
  if (!mech.external_wrench[u]) return {};
  const Vec6<S>& f = state.f_ext[u];
  const Joint<S>& joint = mech.joint[u];
  if (joint.frame_turns || joint.type != JointType::revolute) return f;
  using std::cos;
  using std::sin;
  const S& q = state.q[static_cast<std::size_t>(mech.coordinate[u])];
  const S c = cos(q), s = sin(q);
  const Mat3<S> a = spatial::axis_rotation(joint.axis, c, s);
  return {transpose_times(a, f.lin), transpose_times(a, f.ang)};
}

// Q_i = -k (q - q0) - c qd + tau: the joint's internal active force (seed part 1).
template <class S>
S joint_active_force(const Mechanism<S>& mech, const State<S>& state, int i) {
  const auto u = static_cast<std::size_t>(i);
  S Q = -mech.spring[u] * (state.q[u] - mech.q0[u]) - mech.damper[u] * state.qd[u];
  if (mech.actuated[u]) Q = Q + state.tau[u];
  return Q;
}

}  // namespace dyngen::algorithms
