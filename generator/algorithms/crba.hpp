// Composite-rigid-body algorithm for a tree (Featherstone 2008, Table 6.2; seed part 1, CRBA for
// trees on a moving base): the joint-space inertia matrix H(q) of M qdd = b. The base's motion does
// not enter H.
//
//   void crba(const Mechanism<S>&, const State<S>&, CrbaData<S>&)
//     input: q.  output: data.H (dof x dof, symmetric). Only pairs (i, j) with one joint on the
//     other's path to the base (RB(i, j) = 1) are computed; the others stay literal S(0.0).
//   Vec6<S> composite_column(mech, data, j): F = Ic_j S_j after crba (base_wrench_composite.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"
#include "generator/algorithms/state.hpp"
#include "generator/spatial/matrix.hpp"

namespace dyngen::algorithms {

template <class S>
struct CrbaData {
  std::vector<Transform<S>> X;      // X_j: parent -> body j
  std::vector<RigidInertia<S>> Ic;  // composite inertia of the subtree at j, about O_j, body axes
  spatial::Matrix<S> H;

  explicit CrbaData(const Mechanism<S>& mech)
      : X(static_cast<std::size_t>(mech.body_count)), Ic(X.size()), H(mech.dof, mech.dof) {}
};

// F = Ic_j S_j: the wrench of body j's subtree per unit acceleration of joint j, its axes.
template <class S>
Vec6<S> composite_column(const Mechanism<S>& mech, const CrbaData<S>& data, int j) {
  const auto u = static_cast<std::size_t>(j);
  return spatial::column(spatial::to_mat6(data.Ic[u]), mech.joint[u].motion_axis());
}

template <class S>
void crba(const Mechanism<S>& mech, const State<S>& state, CrbaData<S>& data) {
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    data.X[u] = joint_transform(mech, state, j);
    data.Ic[u] = mech.inertia[u];
  }
  // Backward pass: Ic_p(j) += X_j^T Ic_j X_j
  for (int j = mech.body_count - 1; j >= 1; --j) {
    const auto u = static_cast<std::size_t>(j);
    const int p = mech.parent[u];
    if (p > 0) data.Ic[static_cast<std::size_t>(p)] += spatial::transform_to_parent(data.X[u], data.Ic[u]);
  }
  // For each joint: F = Ic_j S_j, H_ii = S_j^T F, then up the path: F = X_k^T F, H_ik = S_k^T F.
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const int i = mech.coordinate[u];
    if (i < 0) continue;
    Vec6<S> F = composite_column(mech, data, j);
    data.H(i, i) = spatial::component(F, mech.joint[u].motion_axis());
    for (int k = j; mech.parent[static_cast<std::size_t>(k)] > 0;) {
      F = spatial::apply_transpose_force(data.X[static_cast<std::size_t>(k)], F);
      k = mech.parent[static_cast<std::size_t>(k)];
      const int ik = mech.coordinate[static_cast<std::size_t>(k)];
      if (ik < 0) continue;
      data.H(i, ik) = spatial::component(F, mech.joint[static_cast<std::size_t>(k)].motion_axis());
      data.H(ik, i) = data.H(i, ik);
    }
  }
}

}  // namespace dyngen::algorithms
