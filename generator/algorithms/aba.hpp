// Articulated-body algorithm (Featherstone 2008, Table 7.1; seed part 1, ABA for open chains and
// thesis 2.1) from a root body n_R: the base, or a body whose motion is already known (a body of
// a parallel mechanism computed first, thesis 2.5): forward dynamics qdd of the root's subtree
// and, as a by-product, the wrench the subtree exerts on the root.
//
//   void aba(const Mechanism<S>&, const State<S>&, AbaData<S>&)
//     root = base. inputs: q, qd, tau, base transport motion, gravity, external wrenches.
//     outputs: data.qdd (per coordinate), data.a (body accelerations [a_O; e], body axes),
//              data.wrench = [F; M] on the base at the base origin, base axes.
//   void aba(const Mechanism<S>&, const State<S>&, const RootMotion<S>&, AbaData<S>&)
//     root = root.body with the given motion; computes qdd of the coordinates in its subtree only
//     (the others keep their values in data.qdd) and data.wrench on the root, root axes, about
//     its origin. The root's own coordinate, if any, is not a DOF here.
//   The passes alone, for an algorithm that computes the root's motion itself (forward dynamics
//   of a looped mechanism with open chains rooted on it, forward_dynamics_combined.hpp):
//   aba_forward_pass and aba_backward_pass(mech, state, root, bodies, data) leave data.IA[root],
//   pA[root]: the bodies (of the root's subtree, bodies[j] true) as an articulated body at the root,
//   f = IA a_root + pA, root axes; aba_acceleration_pass(mech, RootMotion, bodies, data) then gives
//   their qdd.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"
#include "generator/algorithms/state.hpp"

namespace dyngen::algorithms {

using spatial::Mat6;

template <class S>
struct AbaData {
  std::vector<Transform<S>> X;      // X_j: parent -> body j
  std::vector<Vec3<S>> w;           // angular velocity, body axes
  std::vector<OmegaProducts<S>> v;  // omega_products(w)
  std::vector<Vec6<S>> c;           // velocity-product accelerations
  std::vector<Mat6<S>> IA;          // articulated inertias
  std::vector<Vec6<S>> pA;          // articulated bias forces
  std::vector<Vec6<S>> U;           // IA S
  std::vector<S> inv_d;             // 1 / (S^T IA S)
  std::vector<S> u;                 // Q - S^T pA
  std::vector<Vec6<S>> a;           // classical accelerations
  std::vector<S> qdd;
  Vec6<S> wrench;

  explicit AbaData(const Mechanism<S>& mech)
      : X(static_cast<std::size_t>(mech.body_count)),
        w(X.size()),
        v(X.size(), OmegaProducts<S>{S(0.0), S(0.0), S(0.0), S(0.0), S(0.0), S(0.0)}),
        c(X.size()),
        IA(X.size()),
        pA(X.size()),
        U(X.size()),
        inv_d(X.size(), S(0.0)),
        u(X.size(), S(0.0)),
        a(X.size()),
        qdd(static_cast<std::size_t>(mech.dof), S(0.0)) {}
};

// The known motion of a root body: its angular velocity w (body axes) and its classical
// acceleration a = [a_O - g; e] (body axes; gravity enters as an acceleration, as for the base).
template <class S>
struct RootMotion {
  int body = 0;
  Vec3<S> w;
  Vec6<S> a;
};

// subtree[j]: body j lies strictly below `root` (numbering has parents before children).
template <class S>
std::vector<bool> strict_subtree(const Mechanism<S>& mech, int root) {
  std::vector<bool> subtree(static_cast<std::size_t>(mech.body_count), false);
  for (int j = root + 1; j < mech.body_count; ++j) {
    const int p = mech.parent[static_cast<std::size_t>(j)];
    subtree[static_cast<std::size_t>(j)] = p == root || (p > root && subtree[static_cast<std::size_t>(p)]);
  }
  return subtree;
}

// Pass 1, root -> tips: velocities, c_j, IA_j = I_j, pA_j = p_j - f_ext_j. The root's angular
// velocity w_root (its axes) is given.
template <class S>
void aba_forward_pass(const Mechanism<S>& mech, const State<S>& state, int r, const Vec3<S>& w_root,
                      const std::vector<bool>& subtree, AbaData<S>& data) {
  const auto in_subtree = [&subtree](int j) { return subtree[static_cast<std::size_t>(j)]; };
  data.w[static_cast<std::size_t>(r)] = w_root;
  data.v[static_cast<std::size_t>(r)] = spatial::omega_products(w_root);
  data.IA[static_cast<std::size_t>(r)] = Mat6<S>{};
  data.pA[static_cast<std::size_t>(r)] = Vec6<S>{};
  for (int j = r + 1; j < mech.body_count; ++j) {
    if (!in_subtree(j)) continue;
    const auto u = static_cast<std::size_t>(j);
    const auto p = static_cast<std::size_t>(mech.parent[u]);
    const Joint<S>& joint = mech.joint[u];
    const S qd = joint_rate(mech, state.qd, j);
    data.X[u] = joint_transform(mech, state, j);
    data.w[u] = joint.angular_velocity(data.X[u], data.w[p], qd);
    data.v[u] = spatial::omega_products(data.w[u]);
    data.c[u] = joint.velocity_product(data.X[u], data.w[p], data.v[p], qd);
    data.IA[u] = spatial::to_mat6(mech.inertia[u]);
    data.pA[u] = spatial::velocity_product_force(mech.inertia[u], data.w[u], data.v[u]) -
                 external_wrench(mech, state, j);
  }
}

// Pass 2, tips -> root: U = IA S, d = S^T U, u = Q - S^T pA,
// Ia = IA - U U^T / d, pa = pA + Ia c + U u / d, IA_p += X^T Ia X, pA_p += X^T pa (the root too).
template <class S>
void aba_backward_pass(const Mechanism<S>& mech, const State<S>& state, int r, const std::vector<bool>& subtree,
                       AbaData<S>& data) {
  const auto in_subtree = [&subtree](int j) { return subtree[static_cast<std::size_t>(j)]; };
  for (int j = mech.body_count - 1; j > r; --j) {
    if (!in_subtree(j)) continue;
    const auto uj = static_cast<std::size_t>(j);
    const int i = mech.coordinate[uj];
    Mat6<S> Ia = data.IA[uj];
    Vec6<S> pa = data.pA[uj];
    if (i >= 0) {
      const Axis S_j = mech.joint[uj].motion_axis();
      data.U[uj] = spatial::column(data.IA[uj], S_j);
      data.inv_d[uj] = S(1.0) / spatial::project(S_j, data.IA[uj]);
      data.u[uj] = joint_active_force(mech, state, i) - spatial::component(data.pA[uj], S_j);
      const Vec6<S> U_over_d = data.inv_d[uj] * data.U[uj];
      Ia = Ia - spatial::outer(data.U[uj], U_over_d);
      pa += data.u[uj] * U_over_d;
    }
    pa += Ia * data.c[uj];
    const int p = mech.parent[uj];
    data.IA[static_cast<std::size_t>(p)] += spatial::transform_to_parent(data.X[uj], Ia);
    data.pA[static_cast<std::size_t>(p)] += spatial::apply_transpose_force(data.X[uj], pa);
  }
}

// Pass 3, root -> tips: a' = X a_p + c, qdd = (u - U^T a') / d, a = a' + S qdd.
template <class S>
void aba_acceleration_pass(const Mechanism<S>& mech, const RootMotion<S>& root, const std::vector<bool>& subtree,
                           AbaData<S>& data) {
  const int r = root.body;
  const auto in_subtree = [&subtree](int j) { return subtree[static_cast<std::size_t>(j)]; };
  data.a[static_cast<std::size_t>(r)] = root.a;
  data.wrench = Vec6<S>{};
  for (int j = r + 1; j < mech.body_count; ++j) {
    if (!in_subtree(j)) continue;
    const auto u = static_cast<std::size_t>(j);
    const auto p = static_cast<std::size_t>(mech.parent[u]);
    data.a[u] = spatial::apply_motion(data.X[u], data.a[p]) + data.c[u];
    const int i = mech.coordinate[u];
    if (i >= 0) {
      const Axis S_j = mech.joint[u].motion_axis();
      const S qdd = data.inv_d[u] * (data.u[u] - spatial::dot(data.U[u], data.a[u]));
      data.qdd[static_cast<std::size_t>(i)] = qdd;
      data.a[u] += spatial::along(S_j, qdd);
    }
    // Root reaction: the root's children transmit f = IA a + pA; the root receives -X^T f.
    if (p == static_cast<std::size_t>(r))
      data.wrench = data.wrench - spatial::apply_transpose_force(
                                      data.X[u], data.IA[u] * data.a[u] + data.pA[u]);
  }
}

template <class S>
void aba(const Mechanism<S>& mech, const State<S>& state, const RootMotion<S>& root, AbaData<S>& data) {
  const std::vector<bool> subtree = strict_subtree(mech, root.body);
  aba_forward_pass(mech, state, root.body, root.w, subtree, data);
  aba_backward_pass(mech, state, root.body, subtree, data);
  aba_acceleration_pass(mech, root, subtree, data);
}

template <class S>
void aba(const Mechanism<S>& mech, const State<S>& state, AbaData<S>& data) {
  const BaseMotion<S> base = base_motion(mech, state);
  aba(mech, state, RootMotion<S>{0, base.w, base.a}, data);
}

}  // namespace dyngen::algorithms
