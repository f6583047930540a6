// Inverse dynamics of a looped (parallel) mechanism (thesis 2.3-2.4): the actuation that gives the
// independent coordinates the accelerations qdd_i. With qdd = T qdd_i + g (coordinate partitioning)
// the cut tree's joints must transmit tau_RNEA = H qdd - b_0 (rnea.hpp); the constraint forces
// Phi_q^T lambda do no work on motions qd = T qd_i (Phi_q T = 0), so projecting on them
//   T^T (tau_RNEA - Q_passive) = T^T B tau_a,   Q_passive = -k (q - q0) - c qd,
// where B selects the actuated coordinates (which may be dependent ones: hexapod legs). Outputs
//   tau_independent = T^T (tau_RNEA - Q_passive)   the actuation as generalized forces on the
//                                                    independent coordinates (n_i)
//   actuator_forces = (T^T B)^-1 tau_independent    when the mechanism has as many actuators as
//                                                    independent coordinates (the leg forces)
// the square solve by static_pivot_solve.hpp with pivots chosen at a reference configuration.
//
//   void inverse_dynamics_loops(const Mechanism<S>&, const State<S>&, const std::vector<Pivot>&, data)
//     inputs: a closed state (q, qd), state.qdd_independent, base motion, external wrenches;
//     pivots for T^T B (empty: chosen on this T^T B, numeric scalars only).
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "generator/algorithms/coordinate_partitioning.hpp"
#include "generator/algorithms/static_pivot_solve.hpp"

namespace dyngen::algorithms {

template <class S>
struct LoopInverseDynamicsData {
  RneaData<S> bias;  // qdd = 0: the acceleration bias of the loops
  LoopConstraintData<S> loops;
  PartitionData<S> partition;
  RneaData<S> rnea;  // at the full qdd
  std::vector<S> qdd, tau_independent, actuator_forces;
  spatial::Matrix<S> actuation;  // T^T B

  explicit LoopInverseDynamicsData(const Mechanism<S>& mech)
      : bias(mech), loops(mech), partition(mech), rnea(mech) {}
};

// The actuated coordinates, in q order.
template <class S>
std::vector<int> actuated_coordinates(const Mechanism<S>& mech) {
  std::vector<int> list;
  for (int i = 0; i < mech.dof; ++i)
    if (mech.actuated[static_cast<std::size_t>(i)]) list.push_back(i);
  return list;
}

// T^T B is square: the actuator forces are determined.
template <class S>
bool actuators_determined(const Mechanism<S>& mech) {
  return static_cast<int>(actuated_coordinates(mech).size()) == mech.independent_dof();
}

template <class S>
void inverse_dynamics_loops(const Mechanism<S>& mech, const State<S>& state, std::vector<Pivot> pivots,
                            LoopInverseDynamicsData<S>& data) {
  rnea_forward_pass(mech, state, JointAcceleration::zero, data.bias);
  loop_poses(mech, state, data.loops);
  loop_jacobian(mech, data.loops);
  loop_bias(mech, state, data.bias, data.loops);
  partition(mech, data.loops, true, data.partition);
  const spatial::Matrix<S>& T = data.partition.T;
  const int n = mech.dof, ni = mech.independent_dof();
  // qdd = T qdd_i + g
  State<S> full = state;
  for (int i = 0; i < n; ++i) {
    S sum = data.partition.g[static_cast<std::size_t>(i)];
    for (int k = 0; k < ni; ++k) sum = sum + T(i, k) * state.qdd_independent[static_cast<std::size_t>(k)];
    full.qdd[static_cast<std::size_t>(i)] = sum;
  }
  data.qdd = full.qdd;
  rnea(mech, full, data.rnea);
  // f = tau_RNEA - Q_passive, Q_passive = -k (q - q0) - c qd
  std::vector<S> f(static_cast<std::size_t>(n), S(0.0));
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    f[u] = data.rnea.tau[u] + mech.spring[u] * (state.q[u] - mech.q0[u]) + mech.damper[u] * state.qd[u];
  }
  data.tau_independent.assign(static_cast<std::size_t>(ni), S(0.0));
  for (int k = 0; k < ni; ++k)
    for (int i = 0; i < n; ++i)
      data.tau_independent[static_cast<std::size_t>(k)] = data.tau_independent[static_cast<std::size_t>(k)] + T(i, k) * f[static_cast<std::size_t>(i)];
  if (!actuators_determined(mech)) return;
  const std::vector<int> actuated = actuated_coordinates(mech);
  data.actuation = spatial::Matrix<S>(ni, ni);
  for (int k = 0; k < ni; ++k)
    for (int a = 0; a < ni; ++a) data.actuation(k, a) = T(actuated[static_cast<std::size_t>(a)], k);
  if constexpr (std::is_floating_point_v<S>) {
    if (pivots.empty()) pivots = complete_pivoting_order(data.actuation);
  }
  data.actuator_forces = static_pivot_solve(data.actuation, data.tau_independent, pivots);
}

}  // namespace dyngen::algorithms
