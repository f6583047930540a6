// Inverse dynamics of a looped (parallel) mechanism (thesis 2.3-2.4): the actuation that gives the
// independent coordinates the accelerations qdd_i. The dependent accelerations follow from each
// loop's closing body (loop_elimination.hpp, qdd = T qdd_i + g); the cut tree's joints must then
// transmit tau_RNEA = H qdd - b_0 (rnea.hpp). The constraint forces Phi_q^T lambda do no work on
// motions qd = T qd_i (Phi_q T = 0), so projecting on them
//   T^T (tau_RNEA - Q_passive) = T^T B tau_a,   Q_passive = -k (q - q0) - c qd,
// where B selects the actuated coordinates (which may be dependent ones: hexapod legs); T^T f is
// each loop's f_d taken as a force at its cut onto its closing body (project_on_independent).
// Outputs
//   tau_independent = T^T (tau_RNEA - Q_passive)   the actuation as generalized forces on the
//                                                    independent coordinates (n_i)
//   actuator_forces = (T^T B)^-1 tau_independent    when the mechanism has as many actuators as
//                                                    independent coordinates (the leg forces)
// the square solve by static_pivot_solve.hpp with pivots chosen at a reference configuration.
//
//   void inverse_dynamics_loops(const Mechanism<S>&, const State<S>&, const std::vector<Pivot>&, data)
//     inputs: a closed state (q, qd), state.qdd_independent, base motion, external wrenches;
//     pivots for T^T B (empty: chosen on this T^T B, numeric scalars only). data.det: det Phi_d
//     per loop.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "generator/algorithms/loop_elimination.hpp"
#include "generator/algorithms/static_pivot_solve.hpp"

namespace dyngen::algorithms {

template <class S>
struct LoopInverseDynamicsData {
  RneaData<S> bias;  // at qdd_i, qdd_d = 0: the loops' acceleration bias with their paths' qdd_i terms
  LoopConstraintData<S> loops;
  std::vector<LoopCut<S>> cuts;
  std::vector<AdjugateInverse<S>> inverse;  // per loop: Phi_d^-1 in the rows of its cut
  RneaData<S> rnea;  // at the full qdd
  std::vector<S> qdd, tau_independent, actuator_forces, det;
  spatial::Matrix<S> actuation;  // T^T B

  explicit LoopInverseDynamicsData(const Mechanism<S>& mech) : bias(mech), loops(mech), rnea(mech) {}
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
  const int n = mech.dof, ni = mech.independent_dof();
  // The bias pass runs at the given independent accelerations, every dependent one zero: each cut's
  // gamma then holds its closing path's independent terms Phi_o qdd_o as well (the root's motion
  // cancels in a_t - a_c at closure), so a closing body (a hexapod's ring) is accelerated once, in
  // the pass the RNEA below repeats, not once more through each loop's Psi and X (2381 -> 2160
  // operations for the hexapod).
  const auto set_independent = [&](std::vector<S>& qdd) {
    for (int k = 0; k < ni; ++k)
      qdd[static_cast<std::size_t>(mech.independent_coordinates[static_cast<std::size_t>(k)])] =
          state.qdd_independent[static_cast<std::size_t>(k)];
  };
  State<S> partial = state;
  partial.qdd.assign(static_cast<std::size_t>(n), S(0.0));
  set_independent(partial.qdd);
  rnea_forward_pass(mech, partial, JointAcceleration::from_state, data.bias);
  loop_poses(mech, state, data.loops);
  loop_cuts(mech, state, data.loops, data.cuts);
  cut_bias(mech, state, data.bias, data.loops, data.cuts);
  data.inverse.clear();
  data.det.clear();
  for (const LoopCut<S>& cut : data.cuts) {
    data.inverse.push_back(adjugate_inverse(cut.D));
    data.det.push_back(data.inverse.back().det);
  }
  // qdd_d = G qdd_o - D^-1 gamma over the path terms gamma lacks: the dependent coordinates of
  // loops closed before (the independent rates read as zero here)
  State<S> full = state;
  full.qdd.assign(static_cast<std::size_t>(n), S(0.0));
  close_dependent(mech, data.cuts, data.inverse, Bias::with, full.qdd);
  set_independent(full.qdd);
  data.qdd = full.qdd;
  rnea(mech, full, data.rnea);
  // f = tau_RNEA - Q_passive, Q_passive = -k (q - q0) - c qd
  std::vector<S> f(static_cast<std::size_t>(n), S(0.0));
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    f[u] = data.rnea.tau[u] + mech.spring[u] * (state.q[u] - mech.q0[u]) + mech.damper[u] * state.qd[u];
  }
  data.tau_independent = project_on_independent(mech, data.cuts, data.inverse, f);
  if (!actuators_determined(mech)) return;
  // T^T B: column a is T^T e_a
  const std::vector<int> actuated = actuated_coordinates(mech);
  data.actuation = spatial::Matrix<S>(ni, ni);
  for (int a = 0; a < ni; ++a) {
    std::vector<S> unit(static_cast<std::size_t>(n), S(0.0));
    unit[static_cast<std::size_t>(actuated[static_cast<std::size_t>(a)])] = S(1.0);
    const std::vector<S> column = project_on_independent(mech, data.cuts, data.inverse, unit);
    for (int k = 0; k < ni; ++k) data.actuation(k, a) = column[static_cast<std::size_t>(k)];
  }
  if constexpr (std::is_floating_point_v<S>) {
    if (pivots.empty()) pivots = complete_pivoting_order(data.actuation);
  }
  data.actuator_forces = static_pivot_solve(data.actuation, data.tau_independent, pivots);
}

}  // namespace dyngen::algorithms
