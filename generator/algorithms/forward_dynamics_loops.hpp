// Forward dynamics of a looped mechanism by CRBA and coordinate partitioning (thesis 2.3-2.5; spec
// algorithms.md, "Kinematic loops"): H and b of the cut tree (the loops' cut joints removed) by
// CRBA and the generalized-forces pass, T and g by coordinate_partitioning.hpp, then the reduced
// equations on the independent coordinates
//   T^T H T qdd_i = T^T (b - H g),    qdd = T qdd_i + g,
// solved by a dense LTDL factorization (T^T H T is full in general).
//
//   void forward_dynamics_loops(inertia_mech, force_mech, const State<S>&, LoopDynamicsData<S>&)
//     inputs: a closed state (q, qd satisfying the constraints), tau, base motion, external
//     wrenches. H comes from inertia_mech, b and the loops from force_mech: two exact rewrites of
//     one mechanism (forward_dynamics_crba.hpp). outputs: data.qdd_independent (n_i), data.qdd
//     (n, every coordinate), data.M, data.b (the reduced equations), data.partition.det.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/coordinate_partitioning.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"

namespace dyngen::algorithms {

template <class S>
struct LoopDynamicsData {
  CrbaData<S> crba;
  GeneralizedForcesData<S> forces;
  LoopConstraintData<S> loops;
  PartitionData<S> partition;
  spatial::Matrix<S> M;  // T^T H T
  std::vector<S> b;      // T^T (b - H g)
  std::vector<S> qdd_independent, qdd;

  LoopDynamicsData(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech)
      : crba(inertia_mech),
        forces(force_mech),
        loops(force_mech),
        partition(force_mech),
        M(force_mech.independent_dof(), force_mech.independent_dof()),
        b(static_cast<std::size_t>(force_mech.independent_dof()), S(0.0)) {}
};

// The coordinate parent array of a dense n x n matrix: each coordinate below the previous one.
inline std::vector<int> dense_lambda(int n) {
  std::vector<int> lambda;
  for (int i = 0; i < n; ++i) lambda.push_back(i - 1);
  return lambda;
}

// M = T^T H T and r = T^T (b - H g), H symmetric.
template <class S>
void reduce(const spatial::Matrix<S>& H, const std::vector<S>& b, const PartitionData<S>& partition,
            spatial::Matrix<S>& M, std::vector<S>& r) {
  const spatial::Matrix<S>& T = partition.T;
  const int n = T.rows, ni = T.cols;
  // HT = H T, Hg = H g
  spatial::Matrix<S> HT(n, ni);
  std::vector<S> residual = b;
  for (int row = 0; row < n; ++row)
    for (int c = 0; c < n; ++c) {
      for (int k = 0; k < ni; ++k) HT(row, k) = HT(row, k) + H(row, c) * T(c, k);
      residual[static_cast<std::size_t>(row)] = residual[static_cast<std::size_t>(row)] - H(row, c) * partition.g[static_cast<std::size_t>(c)];
    }
  for (int i = 0; i < ni; ++i) {
    S sum = S(0.0);
    for (int row = 0; row < n; ++row) sum = sum + T(row, i) * residual[static_cast<std::size_t>(row)];
    r[static_cast<std::size_t>(i)] = sum;
    for (int j = i; j < ni; ++j) {
      S entry = S(0.0);
      for (int row = 0; row < n; ++row) entry = entry + T(row, i) * HT(row, j);
      M(i, j) = entry;
      M(j, i) = entry;
    }
  }
}

// The reduced equations from H = data.crba.H and b = data.forces.b (with the qdd = 0 forward pass
// in data.forces.rnea): data.qdd, data.qdd_independent.
template <class S>
void solve_reduced(const Mechanism<S>& force_mech, const State<S>& state, LoopDynamicsData<S>& data) {
  loop_poses(force_mech, state, data.loops);
  loop_jacobian(force_mech, data.loops);
  // the generalized-forces pass ran with qdd = 0: its accelerations are the bias motion
  loop_bias(force_mech, state, data.forces.rnea, data.loops);
  partition(force_mech, data.loops, true, data.partition);
  reduce(data.crba.H, data.forces.b, data.partition, data.M, data.b);
  // qdd_i = M^-1 r
  const std::vector<int> lambda = dense_lambda(force_mech.independent_dof());
  LtdlData<S> factor(force_mech.independent_dof());
  ltdl(lambda, data.M, factor);
  data.qdd_independent = data.b;
  ltdl_solve(lambda, factor, data.qdd_independent);
  // qdd = T qdd_i + g
  const spatial::Matrix<S>& T = data.partition.T;
  data.qdd = data.partition.g;
  for (int i = 0; i < T.rows; ++i)
    for (int k = 0; k < T.cols; ++k)
      data.qdd[static_cast<std::size_t>(i)] = data.qdd[static_cast<std::size_t>(i)] + T(i, k) * data.qdd_independent[static_cast<std::size_t>(k)];
}

template <class S>
void forward_dynamics_loops(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech, const State<S>& state,
                            LoopDynamicsData<S>& data) {
  crba(inertia_mech, state, data.crba);
  generalized_forces(force_mech, state, data.forces);
  solve_reduced(force_mech, state, data);
}

}  // namespace dyngen::algorithms
