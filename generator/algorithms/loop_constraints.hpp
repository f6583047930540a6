// The constraint equations of each loop's cut joint (thesis ch. I, 2.3; spec algorithms.md,
// "Kinematic loops"): the residual Phi(q), its Jacobian Phi_q, and the acceleration bias gamma of
// Phi_q qdd + gamma = 0. Rows are the dot products of mechanism.hpp (position: c . (x_t - x_c),
// orientation: c . a), so every quantity is a scalar and may be computed in any axes; the root's
// axes are used, which the motion of the root and its ancestors does not enter.
//
//   void loop_poses(const Mechanism<S>&, const State<S>&, LoopConstraintData<S>&)
//     input q. For each loop: the poses relative to its root of the bodies on its two branches, its
//     cut points x_t, x_c and its rows' directions, all in root axes.
//   void loop_residual(mech, data)    data.residual[l]: Phi of loop l (m values)
//   void loop_jacobian(mech, data)    data.jacobian[l]: Phi_q of loop l (m x dof; zero outside the
//                                     coordinates of its two branches)
//   void loop_bias(mech, state, rnea, data)
//     rnea: rnea_forward_pass with JointAcceleration::zero at the same q, qd (absolute velocities
//     and accelerations of every body, body axes). data.gamma[l]: the m values of Phi_q's time
//     derivative times qd at a closed state, so that Phi_dd = Phi_q qdd + gamma.
//
// Jacobian columns (Featherstone 2008, sec. 4.2, with the joint axis s and origin o of the body
// in root axes): a revolute joint moves a point x with s x (x - o) and turns with s; a prismatic
// joint moves every point with s. The terminal branch enters with + at x_t, the closing branch
// with - at x_c for rows whose c is fixed in the root, at x_t for rows whose c turns with the
// closing body (d/dt c . (x_t - x_c) = c . (v_t - v_x), v_x the closing body's velocity at x_t),
// so Phi_q is exact also away from closure (Newton).
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "generator/algorithms/rnea.hpp"
#include "generator/spatial/matrix.hpp"

namespace dyngen::algorithms {

// Poses relative to one root body: p_root = R_j p_body + p_j for the bodies below the root that a
// loop needs (known[j]).
template <class S>
struct RelativePoses {
  std::vector<Mat3<S>> R;
  std::vector<Vec3<S>> p;
  std::vector<bool> known;
};

// Root-axes quantities of one loop at the current q.
template <class S>
struct LoopFrames {
  Vec3<S> x_t, x_c;              // terminal and closing cut points
  std::vector<Vec3<S>> c;        // per row: c
  std::vector<Vec3<S>> a;        // per row: a (orientation rows; zero for position rows)
};

template <class S>
struct LoopConstraintData {
  std::map<int, RelativePoses<S>> poses;  // by root body
  std::vector<LoopFrames<S>> frames;
  std::vector<std::vector<S>> residual;
  std::vector<spatial::Matrix<S>> jacobian;
  std::vector<std::vector<S>> gamma;

  explicit LoopConstraintData(const Mechanism<S>& mech)
      : frames(mech.loops.size()), residual(mech.loops.size()), jacobian(mech.loops.size()), gamma(mech.loops.size()) {}
};

namespace detail {

template <class S>
void pose_below(const Mechanism<S>& mech, const State<S>& state, int root, int j, RelativePoses<S>& poses) {
  const auto u = static_cast<std::size_t>(j);
  if (poses.known[u]) return;
  const int parent = mech.parent[u];
  if (parent != root) pose_below(mech, state, root, parent, poses);
  const auto p = static_cast<std::size_t>(parent);
  const Transform<S> X = joint_transform(mech, state, j);
  if (parent == root) {
    // R_j = E^T, p_j = r
    poses.R[u] = spatial::transpose(X.E);
    poses.p[u] = X.r;
  } else {
    // R_j = R_p E^T, p_j = p_p + R_p r
    poses.R[u] = poses.R[p] * spatial::transpose(X.E);
    poses.p[u] = poses.p[p] + poses.R[p] * X.r;
  }
  poses.known[u] = true;
}

// Body j's rotation to root axes (the identity for the root itself).
template <class S>
Vec3<S> to_root(const RelativePoses<S>& poses, int root, int j, const Vec3<S>& v) {
  return j == root ? v : poses.R[static_cast<std::size_t>(j)] * v;
}

template <class S>
Vec3<S> point_in_root(const RelativePoses<S>& poses, int root, const Point<S>& point) {
  if (point.body == root) return point.position;
  const auto u = static_cast<std::size_t>(point.body);
  return poses.p[u] + poses.R[u] * point.position;
}

// The joint of body j as it moves point x: [velocity of x; angular velocity] per unit rate, root axes.
template <class S>
Vec6<S> joint_column(const Mechanism<S>& mech, const RelativePoses<S>& poses, int j, const Vec3<S>& x) {
  const auto u = static_cast<std::size_t>(j);
  const Joint<S>& joint = mech.joint[u];
  Vec3<S> s;
  for (int i = 0; i < 3; ++i) s[i] = poses.R[u](i, joint.axis);
  if (joint.type == JointType::prismatic) return {s, Vec3<S>{}};
  // v = s x (x - o), w = s
  return {spatial::cross(s, x - poses.p[u]), s};
}

}  // namespace detail

template <class S>
void loop_poses(const Mechanism<S>& mech, const State<S>& state, LoopConstraintData<S>& data) {
  // poses of an earlier q are stale
  for (auto& [root, poses] : data.poses) poses.known.assign(poses.known.size(), false);
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const LoopData<S>& loop = mech.loops[l];
    auto [entry, added] = data.poses.try_emplace(loop.root);
    RelativePoses<S>& poses = entry->second;
    if (added) {
      poses.R.resize(static_cast<std::size_t>(mech.body_count));
      poses.p.resize(poses.R.size());
      poses.known.assign(poses.R.size(), false);
    }
    detail::pose_below(mech, state, loop.root, loop.terminal, poses);
    if (loop.closing != loop.root) detail::pose_below(mech, state, loop.root, loop.closing, poses);
    LoopFrames<S>& frames = data.frames[l];
    frames.x_t = detail::point_in_root(poses, loop.root, loop.terminal_point);
    frames.x_c = detail::point_in_root(poses, loop.root, loop.closing_point);
    frames.c.clear();
    frames.a.clear();
    for (const ConstraintRow<S>& row : loop.rows) {
      frames.c.push_back(detail::to_root(poses, loop.root, row.frame, row.c));
      frames.a.push_back(row.kind == RowKind::orientation ? detail::to_root(poses, loop.root, loop.terminal, row.a)
                                                          : Vec3<S>{});
    }
  }
}

template <class S>
void loop_residual(const Mechanism<S>& mech, LoopConstraintData<S>& data) {
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const LoopFrames<S>& f = data.frames[l];
    std::vector<S>& phi = data.residual[l];
    phi.clear();
    for (std::size_t r = 0; r < mech.loops[l].rows.size(); ++r)
      // position: c . (x_t - x_c); orientation: c . a
      phi.push_back(mech.loops[l].rows[r].kind == RowKind::position ? dot(f.c[r], f.x_t - f.x_c) : dot(f.c[r], f.a[r]));
  }
}

template <class S>
void loop_jacobian(const Mechanism<S>& mech, LoopConstraintData<S>& data) {
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const LoopData<S>& loop = mech.loops[l];
    const LoopFrames<S>& f = data.frames[l];
    const RelativePoses<S>& poses = data.poses.at(loop.root);
    spatial::Matrix<S>& J = data.jacobian[l];
    J = spatial::Matrix<S>(static_cast<int>(loop.rows.size()), mech.dof);
    const auto fill = [&](int j, bool terminal_branch) {
      const int i = mech.coordinate[static_cast<std::size_t>(j)];
      const Vec6<S> at_terminal = detail::joint_column(mech, poses, j, f.x_t);
      const Vec6<S> at_closing = terminal_branch ? at_terminal : detail::joint_column(mech, poses, j, f.x_c);
      for (std::size_t r = 0; r < loop.rows.size(); ++r) {
        const ConstraintRow<S>& row = loop.rows[r];
        // position: c . v(x); orientation: (a x c) . w
        const S entry = row.kind == RowKind::orientation ? dot(spatial::cross(f.a[r], f.c[r]), at_terminal.ang)
                        : row.frame == loop.closing      ? dot(f.c[r], at_terminal.lin)
                                                         : dot(f.c[r], at_closing.lin);
        J(static_cast<int>(r), i) = terminal_branch ? entry : -entry;
      }
    };
    for (int j : loop.dependent) fill(j, true);
    for (int j : loop.closing_path) fill(j, false);
  }
}

namespace detail {

// The acceleration bias of one loop's rows (see loop_bias), its per-loop quantities computed once.
template <class S>
class RowBias {
 public:
  RowBias(const Mechanism<S>& mech, const State<S>& state, const RneaData<S>& rnea, const LoopConstraintData<S>& data,
          std::size_t l)
      : rnea_(rnea), loop_(mech.loops[l]), f_(data.frames[l]), poses_(data.poses.at(loop_.root)) {
    const auto t = static_cast<std::size_t>(loop_.terminal), c = static_cast<std::size_t>(loop_.closing);
    // absolute angular velocities and accelerations of the two bodies, root axes
    w_t_ = root_axes(loop_.terminal, rnea.w[t]);
    w_c_ = root_axes(loop_.closing, rnea.w[c]);
    e_t_ = root_axes(loop_.terminal, rnea.a[t].ang);
    e_c_ = root_axes(loop_.closing, rnea.a[c].ang);
    terminal_acceleration_ = point_acceleration(loop_.terminal, f_.x_t);
    // velocity of x_t on the terminal body relative to the closing body's point there
    bool slides = false;
    for (const ConstraintRow<S>& row : loop_.rows) slides = slides || (row.kind == RowKind::position && row.frame == loop_.closing);
    if (slides) {
      for (int j : loop_.dependent)
        relative_velocity_ += joint_rate(mech, state.qd, j) * joint_column(mech, poses_, j, f_.x_t).lin;
      for (int j : loop_.closing_path)
        relative_velocity_ -= joint_rate(mech, state.qd, j) * joint_column(mech, poses_, j, f_.x_t).lin;
    }
  }

  S operator()(std::size_t r) const {
    const ConstraintRow<S>& row = loop_.rows[r];
    const Vec3<S>& cr = f_.c[r];
    if (row.kind == RowKind::orientation) {
      const Vec3<S>& ar = f_.a[r];
      // d2/dt2 (c . a) at qdd = 0: (e_t - e_c) . (a x c) + (w_t - w_c) . ((w_t x a) x c + a x (w_c x c))
      return dot(e_t_ - e_c_, spatial::cross(ar, cr)) +
             dot(w_t_ - w_c_, spatial::cross(spatial::cross(w_t_, ar), cr) + spatial::cross(ar, spatial::cross(w_c_, cr)));
    }
    if (row.frame == loop_.closing)
      // c fixed in the closing body: c . (a_t - a_x) + 2 (w_c x c) . (v_t - v_x)
      return dot(cr, terminal_acceleration_ - point_acceleration(loop_.closing, f_.x_t)) +
             S(2.0) * dot(spatial::cross(w_c_, cr), relative_velocity_);
    // c fixed in the root, cut points and their velocities coinciding: c . (a_t - a_c)
    return dot(cr, terminal_acceleration_ - point_acceleration(loop_.closing, f_.x_c));
  }

 private:
  Vec3<S> root_axes(int j, const Vec3<S>& v) const { return to_root(poses_, loop_.root, j, v); }

  // acceleration of body j's point at x (root axes): a_O + U (x - O), body axes (Khalil & Kleinfinger 1987)
  Vec3<S> point_acceleration(int j, const Vec3<S>& x) const {
    const auto u = static_cast<std::size_t>(j);
    const Vec3<S> r = j == loop_.root ? x : spatial::transpose_times(poses_.R[u], x - poses_.p[u]);
    return root_axes(j, rnea_.a[u].lin + rnea_.U[u] * r);
  }

  const RneaData<S>& rnea_;
  const LoopData<S>& loop_;
  const LoopFrames<S>& f_;
  const RelativePoses<S>& poses_;
  Vec3<S> w_t_, w_c_, e_t_, e_c_, terminal_acceleration_, relative_velocity_;
};

}  // namespace detail

template <class S>
void loop_bias(const Mechanism<S>& mech, const State<S>& state, const RneaData<S>& rnea, LoopConstraintData<S>& data) {
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const detail::RowBias<S> bias(mech, state, rnea, data, l);
    std::vector<S>& gamma = data.gamma[l];
    gamma.clear();
    for (std::size_t r = 0; r < mech.loops[l].rows.size(); ++r) gamma.push_back(bias(r));
  }
}

}  // namespace dyngen::algorithms
