// Generalized forces b of the closed-form equations M qdd = b (seed part 1, "vector b of
// generalized forces"; Featherstone 2008, sec. 6.1: C = ID(q, qd, 0)).
//
//   void generalized_forces(const Mechanism<S>&, const State<S>&, GeneralizedForcesData<S>&)
//     inputs: q, qd, tau (actuated joints), base transport motion w0, e0, a0, gravity, external
//     wrenches.  output: data.b[i] = Q_i - S_i^T f_j with Q_i = -k (q - q0) - c qd + tau and f_j
//     the joint wrenches of the motion with qdd = 0 started from the initial acceleration
//     a_0 = [a0 - g; e0] (the transport motion's inertial forces land in b).
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/rnea.hpp"

namespace dyngen::algorithms {

template <class S>
struct GeneralizedForcesData {
  RneaData<S> rnea;
  std::vector<S> b;

  explicit GeneralizedForcesData(const Mechanism<S>& mech)
      : rnea(mech), b(static_cast<std::size_t>(mech.dof), S(0.0)) {}
};

template <class S>
void generalized_forces(const Mechanism<S>& mech, const State<S>& state, GeneralizedForcesData<S>& data) {
  rnea_forward_pass(mech, state, JointAcceleration::zero, data.rnea);
  rnea_backward_pass(mech, data.rnea);
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    // b_i = Q_i - S_i^T f_j
    data.b[u] = joint_active_force(mech, state, i) - data.rnea.tau[u];
  }
}

}  // namespace dyngen::algorithms
