// Mechanical energy and momentum of the mechanism, with the power its dampers dissipate: the
// terms of a simulation's energy balance and of the momentum checks of the whole system
// (Featherstone 2008, sec. 2.13-2.14: a body's spatial momentum h = I v and kinetic energy
// T = 1/2 v . I v, summed over the bodies; the joints' springs and dampers of seed part 1).
//
//   S damper_power(const Mechanism<S>&, const State<S>&)     P = -sum_i c_i qd_i^2
//   void energy_momentum(const Mechanism<S>&, const State<S>&, EnergyMomentumData<S>&)
//     inputs: q, qd; for a moving base w0 and v0 (the base's angular velocity and origin velocity,
//             base axes), so that velocities are absolute.
//     outputs: data.kinetic       T = sum_j 1/2 [v_O; w]_j . I_j [v_O; w]_j (body axes, about its origin O_j)
//              data.potential     V = sum_i 1/2 k_i (q_i - q0_i)^2 - sum_j m_j g . c_j (c_j: centre of
//                                 mass in base axes; gravity measured from the base origin)
//              data.damper_power  P = -sum_i c_i qd_i^2 (<= 0: the power the dampers take out)
//              data.momentum      [p; L]: linear momentum and angular momentum about the base
//                                 origin, base axes
// For a looped mechanism the state must be closed; the cut joints store no energy.
#pragma once

#include <cstddef>

#include "generator/algorithms/kinematics.hpp"

namespace dyngen::algorithms {

template <class S>
struct EnergyMomentumData {
  KinematicsData<S> kinematics;
  S kinetic, potential, damper_power;
  Vec6<S> momentum;

  explicit EnergyMomentumData(const Mechanism<S>& mech) : kinematics(mech) {}
};

// P = -sum_i c_i qd_i^2: the power of the joints' dampers alone (a simulation integrates it).
template <class S>
S damper_power(const Mechanism<S>& mech, const State<S>& state) {
  S P = S(0.0);
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    P = P - mech.damper[u] * state.qd[u] * state.qd[u];
  }
  return P;
}

template <class S>
void energy_momentum(const Mechanism<S>& mech, const State<S>& state, EnergyMomentumData<S>& data) {
  kinematics(mech, state, data.kinematics);
  const KinematicsData<S>& k = data.kinematics;
  data.kinetic = S(0.0);
  data.potential = S(0.0);
  data.momentum = Vec6<S>{};
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const RigidInertia<S>& I = mech.inertia[u];
    // body axes: v_O = R^T v, w = R^T w;  h = I [v_O; w] = [m v_O - h x w; h x v_O + I_O w] (about O)
    const Vec6<S> velocity{transpose_times(k.R[u], k.v[u]), transpose_times(k.R[u], k.w[u])};
    const Vec6<S> h = I * velocity;
    // T_j = 1/2 [v_O; w] . h
    data.kinetic = data.kinetic + S(0.5) * dot(velocity, h);
    // into base axes, the angular part moved from O_j to the base origin: L += R h_ang + p_j x (R h_lin)
    const Vec3<S> linear = k.R[u] * h.lin;
    data.momentum.lin += linear;
    data.momentum.ang += k.R[u] * h.ang + cross(k.p[u], linear);
    // -m g . c with m c = p_j m + R_j h_j (h_j = m times the centre of mass, body axes)
    data.potential = data.potential - dot(mech.gravity, k.p[u] * I.m + k.R[u] * I.h);
  }
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const S stretch = state.q[u] - mech.q0[u];
    data.potential = data.potential + S(0.5) * mech.spring[u] * stretch * stretch;
  }
  data.damper_power = damper_power(mech, state);
}

}  // namespace dyngen::algorithms
