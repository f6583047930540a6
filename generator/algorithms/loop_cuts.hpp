// Each loop at its cut (thesis 2.3-2.4; spec algorithms.md, "Kinematic loops"): the constraint
// rows at velocity level in the loop's cut frame (origin at the terminal cut point x_t), and the
// map from the closing body's motion to that frame, through which the loop acts on the rest of
// the mechanism (loop_elimination.hpp).
//
// With V_t and V_c the motions relative to the root of the terminal and the closing body ([v; w]
// at the cut origin, cut axes), the loop's rows are C (V_t - V_c) = 0, C (m x 6):
//   - a loop whose cut holds its two points together (spherical, universal and revolute cuts of
//     spatial loops, LoopData::coincident_points) takes the terminal body's axes as cut axes and
//     those axes as its three position rows, [e_r; 0]: the root's x, y, z rows rotated by R_t^T,
//     the same constraints, with det Phi_d unchanged. The dependent joints' motion subspaces,
//     carried down the branch into these axes (Featherstone 2008, sec. 2.9: X m), make Phi_d
//     sparse (a hexapod leg's: two entries and a one);
//   - every other row is loop_constraints.hpp's carried to the cut frame: a position row with
//     direction c at its point x_r, [c; delta x c] (delta = x_r - x_t), an orientation row
//     [0; a x c]; a loop without coincident points keeps the root's axes (planar loops' rows are
//     fixed there).
// Then
//   Phi_d = C J_t,        J_t = [motion of the terminal body per unit rate of each dependent joint],
//   Phi_o qd_o = -C X V_c, V_c = Psi qd_o,
// Psi the closing body's motion per unit rate of each joint on its path from the root, in the
// closing frame (root axes, referred to the closing body's origin O_c; revolute [s x (O_c - o); s],
// prismatic [s; 0]), X the Plucker transform from the closing frame to the cut frame (E = R^T for
// the cut axes R in root axes, r = x_t - O_c). The acceleration bias of the coincident rows is
// e_r . (a_t - a_c) at the cut point, terminal axes (their relative position and velocity vanish
// there at closure); of the others it is loop_constraints.hpp's gamma, a row's own value in any
// axes.
//
//   void loop_cuts(const Mechanism<S>&, const State<S>&, const LoopConstraintData<S>& frames, cuts)
//     frames: loop_poses run at the state's q. cuts[l]: X, C, D = Phi_d, path coordinates, psi.
//   void cut_bias(mech, state, rnea, frames, cuts)
//     rnea: rnea_forward_pass with JointAcceleration::zero at the state. cuts[l].gamma: the m values
//     with Phi_d qdd_d + Phi_o qdd_o + gamma = 0 in the rows of C.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/loop_constraints.hpp"

namespace dyngen::algorithms {

template <class S>
struct LoopCut {
  Transform<S> X;               // closing frame -> cut frame
  std::vector<Vec6<S>> C;       // the m rows
  spatial::Matrix<S> D;         // Phi_d in those rows, columns in the order of the dependent coordinates
  std::vector<int> path;        // coordinates on the closing body's path from the root, root side first
  std::vector<Vec6<S>> psi;     // per path coordinate: motion of the closing body, closing frame
  std::vector<S> gamma;         // acceleration bias in the rows of C
};

template <class S>
void loop_cuts(const Mechanism<S>& mech, const State<S>& state, const LoopConstraintData<S>& frames,
               std::vector<LoopCut<S>>& cuts) {
  cuts.resize(mech.loops.size());
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const LoopData<S>& loop = mech.loops[l];
    const RelativePoses<S>& poses = frames.poses.at(loop.root);
    const LoopFrames<S>& f = frames.frames[l];
    // the cut axes: the terminal body's where the cut holds two points together, else the root's
    const Mat3<S> R = loop.coincident_points ? poses.R[static_cast<std::size_t>(loop.terminal)] : Mat3<S>::identity();
    const Vec3<S> origin = loop.closing == loop.root ? Vec3<S>{} : poses.p[static_cast<std::size_t>(loop.closing)];
    LoopCut<S>& cut = cuts[l];
    cut.X.E = spatial::transpose(R);
    cut.X.r = f.x_t - origin;
    cut.C.clear();
    for (std::size_t r = 0; r < loop.rows.size(); ++r) {
      const ConstraintRow<S>& row = loop.rows[r];
      Vec6<S> C;
      if (loop.coincident_points && r < 3) {
        C.lin[static_cast<int>(r)] = S(1.0);
      } else if (row.kind == RowKind::position) {
        // [c; delta x c] with delta from the cut origin to the row's point, cut axes
        const Vec3<S> c = spatial::transpose_times(R, f.c[r]);
        const Vec3<S> delta = spatial::transpose_times(R, (row.frame == loop.closing ? f.x_t : f.x_c) - f.x_t);
        C = {c, spatial::cross(delta, c)};
      } else {
        // [0; a x c]
        C.ang = spatial::transpose_times(R, spatial::cross(f.a[r], f.c[r]));
      }
      cut.C.push_back(C);
    }
    // Phi_d = C J_t: each dependent joint's motion at the cut origin, cut axes; in the terminal
    // body's axes S_j carried down the branch (v + w x x_t at the end), in the root's the joint's
    // column at x_t (loop_constraints.hpp)
    const int m = static_cast<int>(loop.dependent.size());
    cut.D = spatial::Matrix<S>(m, m);
    for (int k = 0; k < m; ++k) {
      const int j = loop.dependent[static_cast<std::size_t>(k)];
      Vec6<S> s;
      if (loop.coincident_points) {
        s = spatial::along(mech.joint[static_cast<std::size_t>(j)].motion_axis(), S(1.0));
        for (std::size_t below = static_cast<std::size_t>(k) + 1; below < loop.dependent.size(); ++below)
          s = spatial::apply_motion(joint_transform(mech, state, loop.dependent[below]), s);
        s.lin += spatial::cross(s.ang, loop.terminal_point.position);
      } else {
        s = detail::joint_column(mech, poses, j, f.x_t);
      }
      for (int r = 0; r < m; ++r) cut.D(r, k) = spatial::dot(cut.C[static_cast<std::size_t>(r)], s);
    }
    cut.path.clear();
    cut.psi.clear();
    for (int j : loop.closing_path) {
      const auto u = static_cast<std::size_t>(j);
      if (mech.coordinate[u] < 0) continue;
      const Joint<S>& joint = mech.joint[u];
      Vec3<S> s;
      for (int i = 0; i < 3; ++i) s[i] = poses.R[u](i, joint.axis);
      cut.path.push_back(mech.coordinate[u]);
      // revolute [s x (O_c - o); s], prismatic [s; 0]
      cut.psi.push_back(joint.type == JointType::prismatic ? Vec6<S>{s, Vec3<S>{}}
                                                           : Vec6<S>{spatial::cross(s, origin - poses.p[u]), s});
    }
  }
}

template <class S>
void cut_bias(const Mechanism<S>& mech, const State<S>& state, const RneaData<S>& rnea,
              const LoopConstraintData<S>& frames, std::vector<LoopCut<S>>& cuts) {
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const LoopData<S>& loop = mech.loops[l];
    const RelativePoses<S>& poses = frames.poses.at(loop.root);
    std::vector<S>& gamma = cuts[l].gamma;
    gamma.clear();
    std::size_t first_other = 0;
    if (loop.coincident_points) {
      const auto t = static_cast<std::size_t>(loop.terminal), c = static_cast<std::size_t>(loop.closing);
      // a_t - a_c at the cut point, terminal axes: each body's a_O + U x (Khalil & Kleinfinger 1987)
      const Vec3<S> a_t = rnea.a[t].lin + rnea.U[t] * loop.terminal_point.position;
      const Vec3<S> a_c_own = rnea.a[c].lin + rnea.U[c] * loop.closing_point.position;
      const Vec3<S> a_c = spatial::transpose_times(
          poses.R[t], loop.closing == loop.root ? a_c_own : poses.R[c] * a_c_own);
      for (int r = 0; r < 3; ++r) gamma.push_back(a_t[r] - a_c[r]);
      first_other = 3;
    }
    if (first_other == loop.rows.size()) continue;
    const detail::RowBias<S> bias(mech, state, rnea, frames, l);
    for (std::size_t r = first_other; r < loop.rows.size(); ++r) gamma.push_back(bias(r));
  }
}

}  // namespace dyngen::algorithms
