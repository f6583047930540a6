// Coordinate partitioning of a looped mechanism (thesis 2.3-2.4; spec algorithms.md, "Kinematic
// loops"): with Phi_q = [Phi_d Phi_o] per loop (its own dependent coordinates, the others),
//   qd_d = G qd_i,         G_k = -Phi_d,k^-1 Phi_o,k G_o      (velocities)
//   qdd_d = G qdd_i + g,   g_k = -Phi_d,k^-1 (gamma_k + Phi_o,k g_o)   (accelerations)
// stacked into T = [rows of G per coordinate] (n x n_i: identity rows for the independent
// coordinates), so qd = T qd_i and qdd = T qdd_i + g. Loops are taken in closure order, so a nested
// loop's Phi_o,k meets only rows of T already filled. Each loop's Phi_d is inverted alone (small,
// adjugate_inverse.hpp): legs of a hexapod never meet except through the ring. T formed is the
// textbook route (forward_dynamics_partitioned.hpp, an independent check in tests); the kernels
// never form it but eliminate each loop at its cut (loop_elimination.hpp).
//
//   void partition(const Mechanism<S>&, const LoopConstraintData<S>&, bool with_bias, PartitionData<S>&)
//     inputs: loop jacobians, and gammas when with_bias. outputs: data.T (n x n_i), data.g (n;
//     zero unless with_bias), data.det[l] = det Phi_d of loop l (its sign and size tell a singular
//     configuration).
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/adjugate_inverse.hpp"
#include "generator/algorithms/loop_constraints.hpp"

namespace dyngen::algorithms {

template <class S>
struct PartitionData {
  spatial::Matrix<S> T;  // dof x independent dof
  std::vector<S> g;      // per coordinate
  std::vector<S> det;    // per loop

  explicit PartitionData(const Mechanism<S>& mech)
      : T(mech.dof, mech.independent_dof()),
        g(static_cast<std::size_t>(mech.dof), S(0.0)),
        det(mech.loops.size(), S(0.0)) {}
};

template <class S>
void partition(const Mechanism<S>& mech, const LoopConstraintData<S>& loops, bool with_bias, PartitionData<S>& data) {
  const int ni = mech.independent_dof();
  for (int k = 0; k < ni; ++k) data.T(mech.independent_coordinates[static_cast<std::size_t>(k)], k) = S(1.0);
  for (int l : mech.loop_order) {
    const LoopData<S>& loop = mech.loops[static_cast<std::size_t>(l)];
    const spatial::Matrix<S>& J = loops.jacobian[static_cast<std::size_t>(l)];
    const int m = J.rows;
    spatial::Matrix<S> D(m, m);
    for (int c = 0; c < m; ++c)
      for (int r = 0; r < m; ++r) D(r, c) = J(r, loop.dependent_coordinates[static_cast<std::size_t>(c)]);
    // B = Phi_o T_o (m x n_i) and beta = gamma + Phi_o g_o over the coordinates of the other branch
    spatial::Matrix<S> B(m, ni);
    std::vector<S> beta(static_cast<std::size_t>(m), S(0.0));
    for (int r = 0; r < m; ++r) {
      if (with_bias) beta[static_cast<std::size_t>(r)] = loops.gamma[static_cast<std::size_t>(l)][static_cast<std::size_t>(r)];
      for (int j : loop.closing_path) {
        const int i = mech.coordinate[static_cast<std::size_t>(j)];
        for (int k = 0; k < ni; ++k) B(r, k) = B(r, k) + J(r, i) * data.T(i, k);
        if (with_bias) beta[static_cast<std::size_t>(r)] = beta[static_cast<std::size_t>(r)] + J(r, i) * data.g[static_cast<std::size_t>(i)];
      }
    }
    const AdjugateInverse<S> Dinv = adjugate_inverse(D);
    data.det[static_cast<std::size_t>(l)] = Dinv.det;
    for (int c = 0; c < m; ++c) {
      const int i = loop.dependent_coordinates[static_cast<std::size_t>(c)];
      // T_d = -D^-1 B,  g_d = -D^-1 beta
      for (int k = 0; k < ni; ++k) {
        S sum = S(0.0);
        for (int r = 0; r < m; ++r) sum = sum + Dinv.inverse(c, r) * B(r, k);
        data.T(i, k) = -sum;
      }
      if (with_bias) {
        S sum = S(0.0);
        for (int r = 0; r < m; ++r) sum = sum + Dinv.inverse(c, r) * beta[static_cast<std::size_t>(r)];
        data.g[static_cast<std::size_t>(i)] = -sum;
      }
    }
  }
}

}  // namespace dyngen::algorithms
