// Grouping of inertial parameters across revolute joints (Khalil & Dombre 2002, sec. 12.5;
// Gautier & Khalil 1990): a mechanism with fewer nonzero inertial parameters and the same joint
// dynamics, so the kernels built from it need fewer operations.
//
//   void group_inertial_parameters(Mechanism<S>& mech, BaseGrouping base)
//
// Why it is exact: let A be an inertia symmetric about a revolute joint's axis k with no moment
// about that axis, A = {m, h = h_k e_k, I = a (1 - e_k e_k^T)} in the body frame (origin on the
// axis). Rotating A about e_k leaves it unchanged, and a spin about e_k moves no part of it, so
// its kinetic and potential energies do not depend on q_j or qd_j: A moves identically riding on
// body j or on its parent. Moving it changes no joint force and no motion — M(q), b, qdd and tau are
// those of the original mechanism — only the internal wrenches of the joints it passes.
//
// Tips to base, body j with revolute joint about k (after its children's groups have arrived):
//   A_j = {m_j, h_jk e_k, I_j,mm (1 - e_k e_k^T)}, m = k + 1 mod 3,
//   body j keeps I_j - A_j: mass 0, h_k = 0, I_mm = 0 (the "XXR = XX - YY" of the book),
//   the parent receives X_J^T A_j X_J (any q: A_j is invariant under the joint's rotation).
// At the base, A_j of a root body is dropped (BaseGrouping::drop, the base's motion is prescribed,
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
    if (joint.type != JointType::revolute || (p == 0 && base == BaseGrouping::keep)) continue;
    const int k = joint.axis;
    const int m = (k + 1) % 3;
    RigidInertia<S>& body = mech.inertia[u];
    // A_j = {m_j, h_k e_k, I_mm (1 - e_k e_k^T)}
    RigidInertia<S> A;
    A.m = body.m;
    A.h[k] = body.h[k];
    const S a = body.I(m, m);
    for (int i = 0; i < 3; ++i)
      if (i != k) A.I(i, i) = a;
    // I_j - A_j
    body.m = S(0.0);
    body.h[k] = S(0.0);
    for (int i = 0; i < 3; ++i)
      if (i != k) body.I(i, i) = body.I(i, i) - a;
    if (p > 0) mech.inertia[static_cast<std::size_t>(p)] += spatial::transform_to_parent(joint.transform(), A);
  }
}

}  // namespace dyngen::algorithms
