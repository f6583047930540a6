// Forward dynamics by the CRBA route (seed part 1: the closed form A qdd = b for a tree;
// Featherstone 2008, sec. 6.1 and 6.5): H(q) by CRBA, b by the generalized forces, qdd = H^{-1} b
// by the tree-sparse LTDL factorization.
//
//   std::vector<S> forward_dynamics_crba(const Mechanism<S>&, const State<S>&)
//     inputs: as generalized_forces.  output: qdd per coordinate.
#pragma once

#include <vector>

#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/ltdl.hpp"

namespace dyngen::algorithms {

template <class S>
std::vector<S> forward_dynamics_crba(const Mechanism<S>& mech, const State<S>& state) {
  CrbaData<S> crba_data(mech);
  crba(mech, state, crba_data);
  GeneralizedForcesData<S> forces(mech);
  generalized_forces(mech, state, forces);
  // qdd = H^{-1} b
  return ltdl_solve_system(mech, crba_data.H, forces.b);
}

}  // namespace dyngen::algorithms
