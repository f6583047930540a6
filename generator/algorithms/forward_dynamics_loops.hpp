// Forward dynamics of a looped mechanism by CRBA and coordinate partitioning (thesis 2.3-2.5; spec
// algorithms.md, "Kinematic loops"): H and b of the cut tree (the loops' cut joints removed) by
// CRBA and the generalized-forces pass, then the reduced equations on the independent coordinates
//   T^T H T qdd_i = T^T (b - H g),    qdd = T qdd_i + g,
// formed by eliminating each loop's dependent coordinates at its cut (loop_elimination.hpp: the
// branch's apparent inertia and force at the cut, carried to its closing body) and solved by a
// dense LTDL factorization (T^T H T is full in general); then each loop's dependent accelerations
// from its closing body's.
//
//   void forward_dynamics_loops(inertia_mech, force_mech, const State<S>&, LoopDynamicsData<S>&)
//     inputs: a closed state (q, qd satisfying the constraints), tau, base motion, external
//     wrenches. H comes from inertia_mech, b and the loops from force_mech: two exact rewrites of
//     one mechanism (forward_dynamics_crba.hpp). outputs: data.qdd_independent (n_i), data.qdd
//     (n, every coordinate), data.M, data.b (the reduced equations), data.det (det Phi_d per loop).
//   void solve_reduced(force_mech, state, data)
//     the same from data.crba.H and data.forces (H and b, with the qdd = 0 forward pass), which a
//     caller may have changed (forward_dynamics_combined.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/loop_elimination.hpp"
#include "generator/algorithms/ltdl.hpp"

namespace dyngen::algorithms {

template <class S>
struct LoopDynamicsData {
  CrbaData<S> crba;
  GeneralizedForcesData<S> forces;
  LoopConstraintData<S> loops;
  std::vector<LoopCut<S>> cuts;
  LoopElimination<S> elimination;
  spatial::Matrix<S> M;  // T^T H T
  std::vector<S> b;      // T^T (b - H g)
  std::vector<S> qdd_independent, qdd, det;

  LoopDynamicsData(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech)
      : crba(inertia_mech),
        forces(force_mech),
        loops(force_mech),
        M(force_mech.independent_dof(), force_mech.independent_dof()),
        b(static_cast<std::size_t>(force_mech.independent_dof()), S(0.0)) {}
};

// The coordinate parent array of a dense n x n matrix: each coordinate below the previous one.
inline std::vector<int> dense_lambda(int n) {
  std::vector<int> lambda;
  for (int i = 0; i < n; ++i) lambda.push_back(i - 1);
  return lambda;
}

template <class S>
void solve_reduced(const Mechanism<S>& force_mech, const State<S>& state, LoopDynamicsData<S>& data) {
  loop_poses(force_mech, state, data.loops);
  loop_cuts(force_mech, state, data.loops, data.cuts);
  // the generalized-forces pass ran with qdd = 0: its accelerations are the bias motion
  cut_bias(force_mech, state, data.forces.rnea, data.loops, data.cuts);
  spatial::Matrix<S> H = data.crba.H;
  std::vector<S> b = data.forces.b;
  eliminate_loops(force_mech, data.cuts, H, b, data.elimination);
  const std::vector<int>& independent = force_mech.independent_coordinates;
  const int ni = force_mech.independent_dof();
  for (int r = 0; r < ni; ++r) {
    data.b[static_cast<std::size_t>(r)] = b[static_cast<std::size_t>(independent[static_cast<std::size_t>(r)])];
    for (int c = 0; c < ni; ++c)
      data.M(r, c) = H(independent[static_cast<std::size_t>(r)], independent[static_cast<std::size_t>(c)]);
  }
  // qdd_i = M^-1 r
  const std::vector<int> lambda = dense_lambda(ni);
  LtdlData<S> factor(ni);
  ltdl(lambda, data.M, factor);
  data.qdd_independent = data.b;
  ltdl_solve(lambda, factor, data.qdd_independent);
  // the dependent accelerations, loops in closure order
  data.qdd.assign(static_cast<std::size_t>(force_mech.dof), S(0.0));
  for (int k = 0; k < ni; ++k)
    data.qdd[static_cast<std::size_t>(independent[static_cast<std::size_t>(k)])] = data.qdd_independent[static_cast<std::size_t>(k)];
  close_dependent(force_mech, data.cuts, data.elimination.inverse, Bias::with, data.qdd);
  data.det.clear();
  for (const AdjugateInverse<S>& inverse : data.elimination.inverse) data.det.push_back(inverse.det);
}

template <class S>
void forward_dynamics_loops(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech, const State<S>& state,
                            LoopDynamicsData<S>& data) {
  crba(inertia_mech, state, data.crba);
  generalized_forces(force_mech, state, data.forces);
  solve_reduced(force_mech, state, data);
}

}  // namespace dyngen::algorithms
