// Force and moment the mechanism exerts on its base once qdd is known (seed part 1, "force and
// moment acting on the base of the mechanism"), from the quantities the CRBA route of the forward
// dynamics already has, instead of a second Newton-Euler pass at qdd (base_wrench.hpp).
//
// The joint wrenches are affine in qdd: f_j = I_j a_j + p_j - f_ext_j with a_j = a_j(0) + a_j^qdd,
// a_j^qdd = sum over the joints k on j's path of X_jk S_k qdd_k (velocity terms all in a_j(0)).
// Summed over every body into the base's axes and regrouped by joint (Featherstone 2008, sec. 6.2:
// the composite inertia Ic_k of k's subtree),
//   f_0(qdd) = f_0(0) + sum_k X_0k^T Ic_k S_k qdd_k,
// with f_0(0) the generalized-forces pass's wrench at the base (its qdd = 0 Newton-Euler pass) and
// Ic_k S_k the CRBA's column F of joint k. Accumulated tips -> base:
//   G_j = Ic_j S_j qdd_j + sum over j's children c of X_c^T G_c,   G_0 = sum over the base's children,
// and the base takes the reaction -(f_0(0) + G_0).
//
//   Vec6<S> base_wrench_composite(inertia_mech, crba, bias_on_base, qdd)
//     inertia_mech: the mechanism crba ran on; crba: its X and Ic; bias_on_base: f_0 of a
//     generalized_forces pass (GeneralizedForcesData::rnea.f[0]) on an exact rewrite of it that keeps
//     the base's own parameters (BaseGrouping::keep); qdd per coordinate. Returns [F; M] on the base
//     at the base origin, base axes.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/crba.hpp"

namespace dyngen::algorithms {

template <class S>
Vec6<S> base_wrench_composite(const Mechanism<S>& inertia_mech, const CrbaData<S>& crba, const Vec6<S>& bias_on_base,
                              const std::vector<S>& qdd) {
  std::vector<Vec6<S>> G(static_cast<std::size_t>(inertia_mech.body_count));
  for (int j = inertia_mech.body_count - 1; j >= 1; --j) {
    const auto u = static_cast<std::size_t>(j);
    if (const int i = inertia_mech.coordinate[u]; i >= 0)
      G[u] += qdd[static_cast<std::size_t>(i)] * composite_column(inertia_mech, crba, j);
    const auto p = static_cast<std::size_t>(inertia_mech.parent[u]);
    G[p] += spatial::apply_transpose_force(crba.X[u], G[u]);
  }
  return -(bias_on_base + G[0]);
}

}  // namespace dyngen::algorithms
