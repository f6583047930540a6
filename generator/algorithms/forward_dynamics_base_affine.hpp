// Forward dynamics of a looped mechanism and the wrench it exerts on its base, with the base's
// acceleration x = [a0; e0] entering through the floating base's coupling terms (Featherstone 2008,
// ch. 9: the base - joint block of the joint-space inertia) instead of running through the
// generalized-forces pass. Both results are affine in x, and written so, a caller that stages the
// kernel at x (codegen's staged_at_base_acceleration: a spacecraft's coupling iterates on x at one
// state) repeats only products with x, the loop elimination of b and the solve:
//   b(x)_k  = b(0)_k - F_k^c . (X_c x)        F_k^c = Ic_j S_k carried to c, the base's child above
//                                             joint k's body j (the CRBA's column at its last step)
//   f_0(x)  = f_0(0) + sum over the base's children c of X_c^T (Ic_c X_c x + sum_k F_k^c qdd_k)
// and the base takes -f_0 (base_wrench_composite.hpp, with x's terms split off its bias). b(0) and
// f_0(0) come from the generalized-forces pass at x = 0 (gravity and w0 kept); so do the loops' bias
// accelerations, whose x terms cancel in a_t - a_c at a closed state.
//
//   void forward_dynamics_base_affine(inertia_mech, force_mech, state, LoopDynamicsData<S>&, Vec6<S>& wrench)
//     as forward_dynamics_loops (forward_dynamics_loops.hpp), and the wrench [F; M] on the base at
//     the base origin, base axes. inertia_mech gives H and the coupling terms, force_mech b.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/forward_dynamics_loops.hpp"

namespace dyngen::algorithms {

template <class S>
void forward_dynamics_base_affine(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech,
                                  const State<S>& state, LoopDynamicsData<S>& data, Vec6<S>& wrench) {
  Vec6<S> x;
  if (force_mech.moving_base) {
    x.lin = state.a0;
    x.ang = state.e0;
  }
  State<S> at_rest = state;
  at_rest.a0 = Vec3<S>{};
  at_rest.e0 = Vec3<S>{};
  crba(inertia_mech, state, data.crba);
  generalized_forces(force_mech, at_rest, data.forces);

  const auto body_count = static_cast<std::size_t>(inertia_mech.body_count);
  // Forward pass over the base's children c: x in their axes, X_c x
  std::vector<std::size_t> top(body_count, 0);
  std::vector<Vec6<S>> x_top(body_count);
  for (std::size_t j = 1; j < body_count; ++j) {
    const auto p = static_cast<std::size_t>(inertia_mech.parent[j]);
    top[j] = p == 0 ? j : top[p];
    if (p == 0) x_top[j] = spatial::apply_motion(data.crba.X[j], x);
  }
  // b_k = Q_k - S_k^T f_j, f_j gaining Ic_j X_j0 x: S_k^T Ic_j X_j0 x = F_k^c . (X_c x)
  std::vector<Vec6<S>> F_top(static_cast<std::size_t>(inertia_mech.dof));
  for (std::size_t j = 1; j < body_count; ++j) {
    const int i = inertia_mech.coordinate[j];
    if (i < 0) continue;
    Vec6<S> F = composite_column(inertia_mech, data.crba, static_cast<int>(j));
    for (std::size_t k = j; inertia_mech.parent[k] > 0; k = static_cast<std::size_t>(inertia_mech.parent[k]))
      F = spatial::apply_transpose_force(data.crba.X[k], F);
    F_top[static_cast<std::size_t>(i)] = F;
    data.forces.b[static_cast<std::size_t>(i)] = data.forces.b[static_cast<std::size_t>(i)] - spatial::dot(F, x_top[top[j]]);
  }
  solve_reduced(force_mech, at_rest, data);

  // Backward to the base: G_c = Ic_c X_c x + sum_k F_k^c qdd_k, f_0 = f_0(0) + sum_c X_c^T G_c
  std::vector<Vec6<S>> G(body_count);
  for (std::size_t j = 1; j < body_count; ++j) {
    const int i = inertia_mech.coordinate[j];
    if (i >= 0) G[top[j]] += data.qdd[static_cast<std::size_t>(i)] * F_top[static_cast<std::size_t>(i)];
  }
  Vec6<S> f0 = data.forces.rnea.f[0];
  for (std::size_t c = 1; c < body_count; ++c) {
    if (inertia_mech.parent[c] != 0) continue;
    G[c] += data.crba.Ic[c] * x_top[c];
    f0 += spatial::apply_transpose_force(data.crba.X[c], G[c]);
  }
  wrench = -f0;
}

}  // namespace dyngen::algorithms
