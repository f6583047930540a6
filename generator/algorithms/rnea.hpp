// Recursive Newton-Euler inverse dynamics (Featherstone 2008, Table 5.1; seed part 1, eq. (1)-(3)),
// with classical accelerations in body axes and the base's transport motion as input.
//
//   void rnea(const Mechanism<S>&, const State<S>&, RneaData<S>&)
//     inputs: q, qd, qdd, base motion (w0, e0, a0, gravity), external wrenches
//     output: data.tau[i] = S_i^T f_j, the generalized force joint i must transmit (all of it:
//             springs, dampers and actuators together) so that the mechanism moves with qdd.
//             data.f[j] is the wrench body j's joint transmits to it from its parent (body axes,
//             about O_j); data.f[0] is the sum over the base's children, in base axes.
//   rnea_forward_pass / rnea_backward_pass are shared with generalized_forces and base_wrench.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"
#include "generator/algorithms/state.hpp"

namespace dyngen::algorithms {

template <class S>
struct RneaData {
  std::vector<Transform<S>> X;      // X_j: parent -> body j
  std::vector<Vec3<S>> w;           // angular velocity, body axes
  std::vector<OmegaProducts<S>> v;  // omega_products(w)
  std::vector<Mat3<S>> U;           // acceleration_operator(e, w): U r = e x r + w x (w x r)
  std::vector<Vec6<S>> a;           // classical accelerations [a_O; e]
  std::vector<Vec6<S>> f;           // joint wrenches
  std::vector<S> tau;

  explicit RneaData(const Mechanism<S>& mech)
      : X(static_cast<std::size_t>(mech.body_count)),
        w(X.size()),
        v(X.size(), OmegaProducts<S>{S(0.0), S(0.0), S(0.0), S(0.0), S(0.0), S(0.0)}),
        U(X.size()),
        a(X.size()),
        f(X.size()),
        tau(static_cast<std::size_t>(mech.dof), S(0.0)) {}
};

// Which joint accelerations the forward pass uses.
enum class JointAcceleration { from_state, zero };

// Forward pass, base -> tips:
//   w_j = E_j w_p + s_ang qd_j,  a_j = X_j a_p + S_j qdd_j + c_j,  f_j = I_j a_j + p_j - f_ext_j,
// where X_j a_p + c_j = [E_j (a_p + U_p r_j) + ...; ...] and, with U_j = [e_j]x + [w_j]x[w_j]x,
// f_j = [m a_j + U_j h; h x a_j + I_O e_j + w_j x (I_O w_j)] - f_ext_j (Khalil & Kleinfinger 1987).
template <class S>
void rnea_forward_pass(const Mechanism<S>& mech, const State<S>& state, JointAcceleration qdd_source,
                       RneaData<S>& data) {
  const BaseMotion<S> base = base_motion(mech, state);
  data.w[0] = base.w;
  data.v[0] = spatial::omega_products(base.w);
  data.a[0] = base.a;
  data.U[0] = spatial::acceleration_operator(base.a.ang, base.w, data.v[0]);
  data.f[0] = Vec6<S>{};
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const auto p = static_cast<std::size_t>(mech.parent[u]);
    const Joint<S>& joint = mech.joint[u];
    const S qd = joint_rate(mech, state.qd, j);
    data.X[u] = joint_transform(mech, state, j);
    data.w[u] = joint.angular_velocity(data.X[u], data.w[p], qd);
    data.v[u] = spatial::omega_products(data.w[u]);
    data.a[u] = joint.acceleration(data.X[u], data.a[p], data.U[p], data.w[p], qd);
    if (qdd_source == JointAcceleration::from_state && joint.has_coordinate())
      data.a[u] += spatial::along(joint.motion_axis(), joint_rate(mech, state.qdd, j));
    data.U[u] = spatial::acceleration_operator(data.a[u].ang, data.w[u], data.v[u]);
    const RigidInertia<S>& I = mech.inertia[u];
    // f_j = [m a_j + U_j h; h x a_j + I_O e_j + w_j x (I_O w_j)] - f_ext_j, the Euler moment
    // I_O e_j + w_j x (I_O w_j) read from U_j's entries (special_products.hpp)
    data.f[u] = Vec6<S>{I.m * data.a[u].lin + data.U[u] * I.h,
                        cross(I.h, data.a[u].lin) +
                            spatial::euler_moment(data.a[u].ang, data.w[u], I.I, data.U[u], data.v[u])} -
                external_wrench(mech, state, j);
  }
}

// Backward pass, tips -> base: tau_i = S_j^T f_j, f_p += X_j^T f_j.
template <class S>
void rnea_backward_pass(const Mechanism<S>& mech, RneaData<S>& data) {
  for (int j = mech.body_count - 1; j >= 1; --j) {
    const auto u = static_cast<std::size_t>(j);
    const int i = mech.coordinate[u];
    if (i >= 0) data.tau[static_cast<std::size_t>(i)] = spatial::component(data.f[u], mech.joint[u].motion_axis());
    const auto p = static_cast<std::size_t>(mech.parent[u]);
    data.f[p] += spatial::apply_transpose_force(data.X[u], data.f[u]);
  }
}

template <class S>
void rnea(const Mechanism<S>& mech, const State<S>& state, RneaData<S>& data) {
  rnea_forward_pass(mech, state, JointAcceleration::from_state, data);
  rnea_backward_pass(mech, data);
}

}  // namespace dyngen::algorithms
