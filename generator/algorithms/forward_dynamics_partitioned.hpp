// Forward dynamics of a looped mechanism by the textbook reduction (spec algorithms.md, "Kinematic
// loops"; thesis 2.3-2.4): T and g formed (coordinate_partitioning.hpp), then
//   M = T^T H T,   r = T^T (b - H g),   M qdd_i = r (dense LTDL),   qdd = T qdd_i + g,
// with H and b of the cut tree. forward_dynamics_loops.hpp gives the same accelerations by
// eliminating each loop at its cut; this route, blind to the loops' block structure, is what
// `dyngen compare` measures that against.
//
//   std::vector<S> forward_dynamics_partitioned(inertia_mech, force_mech, const State<S>&)
//     inputs as forward_dynamics_loops; returns qdd, every coordinate.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/coordinate_partitioning.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"

namespace dyngen::algorithms {

template <class S>
std::vector<S> forward_dynamics_partitioned(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech,
                                            const State<S>& state) {
  CrbaData<S> crba_data(inertia_mech);
  crba(inertia_mech, state, crba_data);
  GeneralizedForcesData<S> forces(force_mech);
  generalized_forces(force_mech, state, forces);
  LoopConstraintData<S> loops(force_mech);
  loop_poses(force_mech, state, loops);
  loop_jacobian(force_mech, loops);
  loop_bias(force_mech, state, forces.rnea, loops);
  PartitionData<S> part(force_mech);
  partition(force_mech, loops, true, part);
  const spatial::Matrix<S>& H = crba_data.H;
  const spatial::Matrix<S>& T = part.T;
  const int n = T.rows, ni = T.cols;
  // HT = H T, residual = b - H g
  spatial::Matrix<S> HT(n, ni);
  std::vector<S> residual = forces.b;
  for (int row = 0; row < n; ++row)
    for (int c = 0; c < n; ++c) {
      for (int k = 0; k < ni; ++k) HT(row, k) = HT(row, k) + H(row, c) * T(c, k);
      residual[static_cast<std::size_t>(row)] = residual[static_cast<std::size_t>(row)] - H(row, c) * part.g[static_cast<std::size_t>(c)];
    }
  // M = T^T (H T), r = T^T residual
  spatial::Matrix<S> M(ni, ni);
  std::vector<S> r(static_cast<std::size_t>(ni), S(0.0));
  for (int i = 0; i < ni; ++i) {
    for (int row = 0; row < n; ++row) r[static_cast<std::size_t>(i)] = r[static_cast<std::size_t>(i)] + T(row, i) * residual[static_cast<std::size_t>(row)];
    for (int j = i; j < ni; ++j) {
      S entry = S(0.0);
      for (int row = 0; row < n; ++row) entry = entry + T(row, i) * HT(row, j);
      M(i, j) = entry;
      M(j, i) = entry;
    }
  }
  const std::vector<int> lambda = dense_lambda(ni);
  LtdlData<S> factor(ni);
  ltdl(lambda, M, factor);
  ltdl_solve(lambda, factor, r);
  // qdd = T qdd_i + g
  std::vector<S> qdd = part.g;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < ni; ++k) qdd[static_cast<std::size_t>(i)] = qdd[static_cast<std::size_t>(i)] + T(i, k) * r[static_cast<std::size_t>(k)];
  return qdd;
}

}  // namespace dyngen::algorithms
