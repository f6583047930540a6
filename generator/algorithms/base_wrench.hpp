// Force and moment the mechanism exerts on its base (seed part 1, "force and moment acting on the
// base of the mechanism"): once qdd is known, a forward pass gives every body's absolute
// acceleration and inertial + external forces, a backward pass accumulates the joint reactions
// towards the base.
//
//   void base_wrench(const Mechanism<S>&, const State<S>&, BaseWrenchData<S>&)
//     inputs: q, qd, qdd, base motion, gravity, external wrenches.
//     output: data.wrench = [F; M] on the base at the base origin, base axes:
//             -sum over the base's children c of X_c^T f_c.
#pragma once

#include "generator/algorithms/rnea.hpp"

namespace dyngen::algorithms {

template <class S>
struct BaseWrenchData {
  RneaData<S> rnea;
  Vec6<S> wrench;

  explicit BaseWrenchData(const Mechanism<S>& mech) : rnea(mech) {}
};

template <class S>
void base_wrench(const Mechanism<S>& mech, const State<S>& state, BaseWrenchData<S>& data) {
  rnea_forward_pass(mech, state, JointAcceleration::from_state, data.rnea);
  rnea_backward_pass(mech, data.rnea);
  // The joints transmit f_0 = sum X_c^T f_c from the base to the mechanism; the reaction acts on the base.
  data.wrench = -data.rnea.f[0];
}

}  // namespace dyngen::algorithms
