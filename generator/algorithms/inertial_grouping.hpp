// Grouping of inertial parameters across joints (Khalil & Dombre 2002, sec. 12.5; Gautier &
// Khalil 1990): a mechanism with fewer nonzero inertial parameters and the same joint dynamics, so
// the kernels built from it need fewer operations.
//
//   void group_inertial_parameters(Mechanism<S>& mech, BaseGrouping base)
//
// Why it is exact: a part A of body j's inertia whose motion does not depend on q_j and qd_j
// moves identically riding on body j or on its parent; its kinetic and potential energies do not
// involve the joint's coordinate. Moving it changes no joint force and no motion — M(q), b, qdd
// and tau are those of the original mechanism — only the internal wrenches of the joints it
// passes. Such parts are
//   revolute joint about e_k: A = {m, h_k e_k, a (1 - e_k e_k^T)}, symmetric about the axis with no
//     axial moment, so neither a rotation about e_k nor a spin about it moves any of it;
//   prismatic joint: A = {0, 0, I_O}, a pure rotational inertia, which a translation does not move.
// Tips to base, body j (after its children's parts have arrived):
//   revolute: body j keeps I_j - A_j with a = I_j,mm (m = k + 1 mod 3): mass 0, h_k = 0, I_mm = 0
//     (the "XXR = XX - YY" of the book);
//   prismatic: body j keeps its mass and first moment only;
//   the parent receives X_J^T A_j X_J (any q: A_j is invariant under the joint's motion).
// At the base, A_j of a root body is dropped (BaseGrouping::drop: the base's motion is prescribed,
// so nothing riding on it enters tau) or left on the body (BaseGrouping::keep: the wrench on the
// base includes it).
#pragma once

#include "generator/algorithms/mechanism.hpp"

namespace dyngen::algorithms {

enum class BaseGrouping { drop, keep };

template <class S>
void group_inertial_parameters(Mechanism<S>& mech, BaseGrouping base) {
  for (int j = mech.body_count - 1; j >= 1; --j) {
    const auto u = static_cast<std::size_t>(j);
    const Joint<S>& joint = mech.joint[u];
    const int p = mech.parent[u];
    if (!joint.has_coordinate() || (p == 0 && base == BaseGrouping::keep)) continue;
    RigidInertia<S>& body = mech.inertia[u];
    RigidInertia<S> A;
    if (joint.type == JointType::revolute) {
      // A_j = {m_j, h_k e_k, I_mm (1 - e_k e_k^T)}; body j keeps I_j - A_j
      const int k = joint.axis;
      const S a = body.I((k + 1) % 3, (k + 1) % 3);
      A.m = body.m;
      A.h[k] = body.h[k];
      body.m = S(0.0);
      body.h[k] = S(0.0);
      for (int i = 0; i < 3; ++i) {
        if (i == k) continue;
        A.I(i, i) = a;
        body.I(i, i) = body.I(i, i) - a;
      }
    } else {
      // A_j = {0, 0, I_O}; body j keeps {m, h, 0}
      A.I = body.I;
      body.I = Mat3<S>{};
    }
    if (p > 0) mech.inertia[static_cast<std::size_t>(p)] += spatial::transform_to_parent(joint.transform(), A);
  }
}

}  // namespace dyngen::algorithms
