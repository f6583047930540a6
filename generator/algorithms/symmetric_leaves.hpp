// Revolute leaves symmetric about their joint axis kept in frames that do not turn with q: a
// manipulator's flange or a rotor is then computed in its joint frame, without the rotation by q
// into the body and back.
//
//   std::vector<int> symmetric_leaves(const Mechanism<S>& mech)
//   void keep_symmetric_leaves_unturned(Mechanism<S>& mech)   frame_turns = false on each of them
//
// Why it is exact: body j's frame may be any frame fixed in the body; taking the joint frame
// turned by -q about the axis e_k instead changes body-axes coordinates by the rotation a(q) about
// e_k. A body whose inertia about its origin is unchanged by every such rotation (h_m = h_n = 0,
// I_mm = I_nn, I_mn = I_km = I_kn = 0 for (k, m, n) cyclic) has the same inertia in the unturned
// frame, and its angular velocity, acceleration and joint axis there follow the same joint
// formulas; what it transmits to its parent and its joint force S^T f do not depend on the frame.
// The body must be a leaf (a child's joint frame would turn with q), its named points must lie on
// the axis (they keep their coordinates), an external wrench given in the turned axes is
// re-expressed (state.hpp, external_wrench), and it must not carry a loop's cut (the constraint
// directions fixed in it would turn).
//
// The conditions are checked structurally (known_zero): for double exact zeros, for the engine's
// Expr expressions that are zero for every value of the runtime parameters.
#pragma once

#include <vector>

#include "generator/algorithms/mechanism.hpp"

namespace dyngen::algorithms {

inline bool known_zero(double x) { return x == 0.0; }

template <class S>
std::vector<int> symmetric_leaves(const Mechanism<S>& mech) {
  std::vector<int> leaves;
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const Joint<S>& joint = mech.joint[u];
    if (joint.type != JointType::revolute || !children(mech, j).empty()) continue;
    const int k = joint.axis, m = (k + 1) % 3, n = (k + 2) % 3;
    const RigidInertia<S>& I = mech.inertia[u];
    bool symmetric = known_zero(I.h[m]) && known_zero(I.h[n]) && known_zero(I.I(m, m) - I.I(n, n)) &&
                     known_zero(I.I(m, n)) && known_zero(I.I(k, m)) && known_zero(I.I(k, n));
    for (const Point<S>& point : mech.points)
      if (point.body == j) symmetric = symmetric && known_zero(point.position[m]) && known_zero(point.position[n]);
    for (const LoopData<S>& loop : mech.loops) symmetric = symmetric && loop.terminal != j && loop.closing != j;
    if (symmetric) leaves.push_back(j);
  }
  return leaves;
}

template <class S>
void keep_symmetric_leaves_unturned(Mechanism<S>& mech) {
  for (int j : symmetric_leaves(mech)) mech.joint[static_cast<std::size_t>(j)].frame_turns = false;
}

}  // namespace dyngen::algorithms
