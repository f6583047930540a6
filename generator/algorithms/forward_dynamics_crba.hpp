// Forward dynamics by the CRBA route (seed part 1: the closed form A qdd = b for a tree;
// Featherstone 2008, sec. 6.1 and 6.5): H(q) by CRBA, b by the generalized forces, qdd = H^{-1} b
// by the tree-sparse LTDL factorization.
//
//   std::vector<S> forward_dynamics_crba(const Mechanism<S>&, const State<S>&)
//     inputs: as generalized_forces.  output: qdd per coordinate.
//   std::vector<S> forward_dynamics_crba(inertia_mech, force_mech, state)
//     H on inertia_mech, b on force_mech: two exact rewrites of one mechanism (frames slid,
//     parameters grouped) have the same H(q) and b, and each half may be cheapest in another one.
#pragma once

#include <vector>

#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"

namespace dyngen::algorithms {

template <class S>
std::vector<S> forward_dynamics_crba(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech,
                                     const State<S>& state) {
  CrbaData<S> crba_data(inertia_mech);
  crba(inertia_mech, state, crba_data);
  GeneralizedForcesData<S> forces(force_mech);
  generalized_forces(force_mech, state, forces);
  // qdd = H^{-1} b
  return ltdl_solve_system(inertia_mech, crba_data.H, forces.b);
}

template <class S>
std::vector<S> forward_dynamics_crba(const Mechanism<S>& mech, const State<S>& state) {
  return forward_dynamics_crba(mech, mech, state);
}

}  // namespace dyngen::algorithms
