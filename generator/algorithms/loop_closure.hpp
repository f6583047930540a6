// Closure of a looped mechanism (thesis 2.3-2.4): given the independent coordinates, the dependent
// ones that satisfy every loop's constraints, at position and velocity level.
//
//   void close_analytically(const Mechanism<S>&, State<S>&, int loop, std::vector<S>& margin)
//     The closed form of loop `loop` (mech.loops[loop].closed_form != none): reads q (the dependent
//     coordinates as the guess that picks the branch), writes the loop's dependent coordinates.
//     margin gets the values whose square roots were taken: all >= 0 when the closing point is
//     within reach (a negative one: the chain cannot reach, the coordinates are NaN).
//   ClosureReport close_positions(const Mechanism<S>&, State<S>&, const NewtonOptions&)
//     Every loop in closure order: the closed form where the loop has one, else Newton on Phi with
//     the exact Phi_d (loop_constraints.hpp), each iteration qd_d -= Phi_d^-1 Phi. Never a silent
//     wrong answer: the report names the first loop that failed and why, also when a closed
//     dependent coordinate lies beyond the limits the model gives it (a leg too short).
//   std::vector<S> close_velocities(const Mechanism<S>&, State<S>&)
//     qd = T qd_i: the dependent rates from the independent ones, each loop's from its closing
//     body's motion at the cut (loop_elimination.hpp); returns det Phi_d per loop.
//
// Closed forms (angles are the principal values of atan2, in (-pi, pi]):
//   universal_prismatic  revolute b1 about e1, revolute b2 about h (both through o, b2's origin on
//     b1's axis), prismatic b3 along n carrying the terminal point: with d = x_c - o, the length
//     |w0 + q3 n| = |d| gives
//     q3 = -beta +- sqrt(beta^2 - |w0|^2 + |d|^2), beta = w0 . n; then Rot(e1, q1) Rot(h, q2) v = d
//     is Paden-Kahan's subproblem 2 (Murray, Li & Sastry 1994, sec. 3.2.3): z = Rot(h, q2) v =
//     alpha e1 + beta h +- gamma (e1 x h) from e1 . z = e1 . d, h . z = h . v, |z| = |v|, and each
//     angle from its rotation of one vector onto another (subproblem 1).
//   planar_rr  two revolute joints about the plane normal: the joint between them lies on the
//     circles |B - o1| = l1 and |x_c - B| = l2, B = o1 + (a/D) e +- (h/D) (n x e) with
//     a/D = (l1^2 - l2^2 + D^2) / (2 D^2), (h/D)^2 = l1^2 / D^2 - (a/D)^2, e = x_c - o1 in plane.
//   planar_rp  a revolute joint, then a prismatic one in the plane: the in-plane length
//     |w0 + q2 m| = |e| gives q2 as above, then q1 turns w onto e.
// The sign of each square root is the one the guess has (the branch nearest the guess).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "generator/algorithms/loop_elimination.hpp"
#include "generator/spatial/scalar.hpp"

namespace dyngen::algorithms {

namespace detail {

template <class S>
Vec3<S> axis_of(const Mat3<S>& gamma, int k) {
  // gamma^T e_k: the joint axis in the parent's axes
  return Vec3<S>(gamma(k, 0), gamma(k, 1), gamma(k, 2));
}

// v rotated by the angle whose cosine and sine are given about the unit axis a (Rodrigues).
template <class S>
Vec3<S> rotate(const Vec3<S>& a, const S& c, const S& s, const Vec3<S>& v) {
  return c * v + s * spatial::cross(a, v) + (S(1.0) - c) * dot(a, v) * a;
}

// The angle about unit axis a turning u onto v (both normal to a up to a common component along a).
template <class S>
S angle_about(const Vec3<S>& a, const Vec3<S>& u, const Vec3<S>& v) {
  using std::atan2;
  // atan2(a . (u x v), u . v - (a . u)(a . v))
  return atan2(dot(a, spatial::cross(u, v)), dot(u, v) - dot(a, u) * dot(a, v));
}

// The loop's closing point in its root's axes at the current q.
template <class S>
Vec3<S> closing_point_in_root(const Mechanism<S>& mech, const State<S>& state, const LoopData<S>& loop) {
  if (loop.closing == loop.root) return loop.closing_point.position;
  RelativePoses<S> poses;
  poses.R.resize(static_cast<std::size_t>(mech.body_count));
  poses.p.resize(poses.R.size());
  poses.known.assign(poses.R.size(), false);
  pose_below(mech, state, loop.root, loop.closing, poses);
  return point_in_root(poses, loop.root, loop.closing_point);
}

template <class S>
S& coordinate_of(const Mechanism<S>& mech, State<S>& state, int body) {
  return state.q[static_cast<std::size_t>(mech.coordinate[static_cast<std::size_t>(body)])];
}

template <class S>
void close_universal_prismatic(const Mechanism<S>& mech, State<S>& state, const LoopData<S>& loop, std::vector<S>& margin) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  using spatial::sign;
  const int b1 = loop.dependent[0], b2 = loop.dependent[1], b3 = loop.dependent[2];
  const Joint<S>& j1 = mech.joint[static_cast<std::size_t>(b1)];
  const Joint<S>& j2 = mech.joint[static_cast<std::size_t>(b2)];
  const Joint<S>& j3 = mech.joint[static_cast<std::size_t>(b3)];
  // in b2's axes the terminal point is w0 + q3 n
  const Vec3<S> n = axis_of(j3.gamma, j3.axis);
  const Vec3<S> w0 = j3.rho + spatial::transpose_times(j3.gamma, loop.terminal_point.position);
  // d in b1's joint frame from the axes' common point o (b2's origin, on b1's axis, so q1 does not
  // move it): d1 = gamma1 (x_c - rho1) - rho2
  const Vec3<S> d1 = j1.gamma * (closing_point_in_root(mech, state, loop) - j1.rho) - j2.rho;
  // q3 = -beta + sigma sqrt(beta^2 - |w0|^2 + |d|^2)
  const S beta = dot(w0, n);
  const S reach = beta * beta - dot(w0, w0) + dot(d1, d1);
  S& q3 = coordinate_of(mech, state, b3);
  q3 = -beta + sign(q3 + beta) * sqrt(reach);
  // v' = gamma2^T (w0 + q3 n): the terminal point in b1's axes at q2 = 0
  const Vec3<S> v = spatial::transpose_times(j2.gamma, w0 + q3 * n);
  Vec3<S> e1;
  e1[j1.axis] = S(1.0);
  const Vec3<S> h = axis_of(j2.gamma, j2.axis);
  // z = alpha e1 + beta h + gamma (e1 x h): e1 . z = e1 . d1, h . z = h . v, |z| = |v|
  const S c12 = dot(e1, h);
  const S inv_sin2 = S(1.0) / (S(1.0) - c12 * c12);
  const S alpha = (dot(e1, d1) - c12 * dot(h, v)) * inv_sin2;
  const S beta2 = (dot(h, v) - c12 * dot(e1, d1)) * inv_sin2;
  const S spread = dot(v, v) - alpha * alpha - beta2 * beta2 - S(2.0) * alpha * beta2 * c12;
  const Vec3<S> e1xh = spatial::cross(e1, h);
  // the guess's side: (e1 x h) . Rot(h, q2) v
  S& q2 = coordinate_of(mech, state, b2);
  const S side = cos(q2) * dot(e1xh, v) + sin(q2) * (c12 * dot(h, v) - dot(e1, v));
  const S gamma = sign(side) * sqrt(spread * inv_sin2);
  const Vec3<S> z = alpha * e1 + beta2 * h + gamma * e1xh;
  q2 = angle_about(h, v, z);
  coordinate_of(mech, state, b1) = angle_about(e1, z, d1);
  margin.push_back(reach);
  margin.push_back(spread);
}

// The in-plane part of v.
template <class S>
Vec3<S> in_plane(const Vec3<S>& n, const Vec3<S>& v) {
  return v - dot(n, v) * n;
}

template <class S>
void close_planar_rr(const Mechanism<S>& mech, State<S>& state, const LoopData<S>& loop, std::vector<S>& margin) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  using spatial::sign;
  const int b1 = loop.dependent[0], b2 = loop.dependent[1];
  const Joint<S>& j1 = mech.joint[static_cast<std::size_t>(b1)];
  const Joint<S>& j2 = mech.joint[static_cast<std::size_t>(b2)];
  // root axes at q = 0: a1, a2 the joint axes (along n), r1 from o1 to b2's origin, r2 from there to the terminal point
  const Vec3<S> a1 = axis_of(j1.gamma, j1.axis);
  const Vec3<S> a2 = spatial::transpose_times(j1.gamma, axis_of(j2.gamma, j2.axis));
  const Vec3<S> r1 = in_plane(a1, spatial::transpose_times(j1.gamma, j2.rho));
  const Vec3<S> r2 = in_plane(a1, spatial::transpose_times(j1.gamma, spatial::transpose_times(j2.gamma, loop.terminal_point.position)));
  const Vec3<S> e = in_plane(a1, closing_point_in_root(mech, state, loop) - j1.rho);
  const S l1_sq = dot(r1, r1), inv_D_sq = S(1.0) / dot(e, e);
  // a/D = (l1^2 - l2^2 + D^2) / (2 D^2),  (h/D)^2 = l1^2 / D^2 - (a/D)^2
  const S along = S(0.5) * (l1_sq - dot(r2, r2)) * inv_D_sq + S(0.5);
  const S across_sq = l1_sq * inv_D_sq - along * along;
  const Vec3<S> normal = spatial::cross(a1, e);
  S& q1 = coordinate_of(mech, state, b1);
  // the guess's side of e: (n x e) . Rot(a1, q1) r1
  const S side = cos(q1) * dot(normal, r1) + sin(q1) * dot(normal, spatial::cross(a1, r1));
  const Vec3<S> b = along * e + sign(side) * sqrt(across_sq) * normal;
  q1 = angle_about(a1, r1, b);
  // Rot(a1, q1) r2 from cos q1 = r1 . b / l1^2, sin q1 = a1 . (r1 x b) / l1^2
  const S inv_l1_sq = S(1.0) / l1_sq;
  const Vec3<S> coupler = rotate(a1, dot(r1, b) * inv_l1_sq, dot(a1, spatial::cross(r1, b)) * inv_l1_sq, r2);
  coordinate_of(mech, state, b2) = angle_about(a2, coupler, e - b);
  margin.push_back(across_sq);
}

template <class S>
void close_planar_rp(const Mechanism<S>& mech, State<S>& state, const LoopData<S>& loop, std::vector<S>& margin) {
  using std::sqrt;
  using spatial::sign;
  const int b1 = loop.dependent[0], b2 = loop.dependent[1];
  const Joint<S>& j1 = mech.joint[static_cast<std::size_t>(b1)];
  const Joint<S>& j2 = mech.joint[static_cast<std::size_t>(b2)];
  const Vec3<S> a1 = axis_of(j1.gamma, j1.axis);
  // root axes at q1 = 0: the terminal point is o1 + w0 + q2 m in the plane
  const Vec3<S> m = spatial::transpose_times(j1.gamma, axis_of(j2.gamma, j2.axis));
  const Vec3<S> w0 = in_plane(a1, spatial::transpose_times(
                                      j1.gamma, j2.rho + spatial::transpose_times(j2.gamma, loop.terminal_point.position)));
  const Vec3<S> e = in_plane(a1, closing_point_in_root(mech, state, loop) - j1.rho);
  // q2 = -beta + sigma sqrt(beta^2 - |w0|^2 + |e|^2), beta = w0 . m
  const S beta = dot(w0, m);
  const S reach = beta * beta - dot(w0, w0) + dot(e, e);
  S& q2 = coordinate_of(mech, state, b2);
  q2 = -beta + sign(q2 + beta) * sqrt(reach);
  coordinate_of(mech, state, b1) = angle_about(a1, w0 + q2 * m, e);
  margin.push_back(reach);
}

}  // namespace detail

template <class S>
void close_analytically(const Mechanism<S>& mech, State<S>& state, int l, std::vector<S>& margin) {
  const LoopData<S>& loop = mech.loops[static_cast<std::size_t>(l)];
  switch (loop.closed_form) {
    case ClosedForm::universal_prismatic: detail::close_universal_prismatic(mech, state, loop, margin); break;
    case ClosedForm::planar_rr: detail::close_planar_rr(mech, state, loop, margin); break;
    case ClosedForm::planar_rp: detail::close_planar_rp(mech, state, loop, margin); break;
    case ClosedForm::none: break;
  }
}

struct NewtonOptions {
  double tolerance = 1e-13;  // on max |Phi| (m for position rows, dimensionless for orientation rows)
  int max_iterations = 50;
};

enum class ClosureStatus { closed, unreachable, beyond_limits, singular, not_converged, not_finite };

struct ClosureReport {
  ClosureStatus status = ClosureStatus::closed;
  int loop = -1;              // the first loop that failed
  int coordinate = -1;        // beyond_limits: the coordinate
  int iterations = 0;         // Newton iterations of that loop (or the most any loop took)
  double max_residual = 0.0;  // max |Phi| over every loop at the returned q
  std::string message;        // empty when closed
};

inline const char* closure_status_name(ClosureStatus status) {
  switch (status) {
    case ClosureStatus::closed: return "closed";
    case ClosureStatus::unreachable: return "unreachable";
    case ClosureStatus::beyond_limits: return "beyond_limits";
    case ClosureStatus::singular: return "singular";
    case ClosureStatus::not_converged: return "not_converged";
    case ClosureStatus::not_finite: return "not_finite";
  }
  return "?";
}

// |det D| against the product of its column lengths (Hadamard's bound): 1 for orthogonal columns,
// 0 for a singular D.
template <class S>
double hadamard_ratio(const spatial::Matrix<S>& D, const S& det) {
  using std::abs;
  using std::sqrt;
  double bound = 1.0;
  for (int c = 0; c < D.cols; ++c) {
    double length_sq = 0.0;
    for (int r = 0; r < D.rows; ++r) length_sq += static_cast<double>(D(r, c) * D(r, c));
    bound *= std::sqrt(length_sq);
  }
  return bound > 0.0 ? std::abs(static_cast<double>(det)) / bound : 0.0;
}

constexpr double kSingularRatio = 1e-9;

// The Phi_d block of loop l.
template <class S>
spatial::Matrix<S> dependent_block(const LoopData<S>& loop, const spatial::Matrix<S>& J) {
  const int m = J.rows;
  spatial::Matrix<S> D(m, m);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < m; ++c) D(r, c) = J(r, loop.dependent_coordinates[static_cast<std::size_t>(c)]);
  return D;
}

// max |Phi| of every loop at the state's q.
template <class S>
double max_closure_residual(const Mechanism<S>& mech, const State<S>& state) {
  LoopConstraintData<S> data(mech);
  loop_poses(mech, state, data);
  loop_residual(mech, data);
  double worst = 0.0;
  for (const auto& phi : data.residual)
    for (const S& value : phi) worst = std::isfinite(static_cast<double>(value)) ? std::max(worst, std::abs(static_cast<double>(value))) : INFINITY;
  return worst;
}

template <class S>
ClosureReport close_positions(const Mechanism<S>& mech, State<S>& state, const NewtonOptions& options = {}) {
  ClosureReport report;
  const auto fail = [&](ClosureStatus status, int l, const std::string& why) {
    report.status = status;
    report.loop = l;
    report.message = why;
  };
  for (int l : mech.loop_order) {
    const LoopData<S>& loop = mech.loops[static_cast<std::size_t>(l)];
    if (loop.closed_form != ClosedForm::none) {
      std::vector<S> margin;
      close_analytically(mech, state, l, margin);
      for (const S& value : margin)
        if (!(value >= S(0.0))) {
          fail(ClosureStatus::unreachable, l, "the dependent branch cannot reach the closing point");
          break;
        }
    } else {
      for (int iteration = 0;; ++iteration) {
        LoopConstraintData<S> data(mech);
        loop_poses(mech, state, data);
        loop_residual(mech, data);
        loop_jacobian(mech, data);
        const std::vector<S>& phi = data.residual[static_cast<std::size_t>(l)];
        double size = 0.0;
        for (const S& value : phi) size = std::max(size, std::abs(static_cast<double>(value)));
        report.iterations = std::max(report.iterations, iteration);
        if (!std::isfinite(size)) {
          fail(ClosureStatus::not_finite, l, "the residual is not finite");
          break;
        }
        if (size <= options.tolerance) break;
        if (iteration == options.max_iterations) {
          fail(ClosureStatus::not_converged, l,
               "Newton did not converge in " + std::to_string(options.max_iterations) + " iterations (max |Phi| " +
                   std::to_string(size) + ")");
          break;
        }
        const spatial::Matrix<S> D = dependent_block(loop, data.jacobian[static_cast<std::size_t>(l)]);
        const AdjugateInverse<S> inverse = adjugate_inverse(D);
        if (hadamard_ratio(D, inverse.det) < kSingularRatio) {
          fail(ClosureStatus::singular, l, "the dependent Jacobian Phi_d is singular");
          break;
        }
        // q_d -= Phi_d^-1 Phi
        for (std::size_t c = 0; c < loop.dependent_coordinates.size(); ++c) {
          S step = S(0.0);
          for (std::size_t r = 0; r < phi.size(); ++r) step = step + inverse.inverse(static_cast<int>(c), static_cast<int>(r)) * phi[r];
          state.q[static_cast<std::size_t>(loop.dependent_coordinates[c])] -= step;
        }
      }
    }
    for (int i : loop.dependent_coordinates) {
      const double q = static_cast<double>(state.q[static_cast<std::size_t>(i)]);
      const auto& [lower, upper] = mech.limits[static_cast<std::size_t>(i)];
      if (report.status == ClosureStatus::closed && (q < lower || q > upper)) {
        fail(ClosureStatus::beyond_limits, l,
             "closed at " + std::to_string(q) + ", beyond the limits [" + std::to_string(lower) + ", " +
                 std::to_string(upper) + "]");
        report.coordinate = i;
      }
    }
    if (report.status != ClosureStatus::closed) break;
  }
  report.max_residual = max_closure_residual(mech, state);
  if (report.status == ClosureStatus::closed && !std::isfinite(report.max_residual))
    fail(ClosureStatus::not_finite, -1, "a closed coordinate is not finite");
  return report;
}

template <class S>
std::vector<S> close_velocities(const Mechanism<S>& mech, State<S>& state) {
  LoopConstraintData<S> frames(mech);
  loop_poses(mech, state, frames);
  std::vector<LoopCut<S>> cuts;
  loop_cuts(mech, state, frames, cuts);
  std::vector<AdjugateInverse<S>> inverse;
  std::vector<S> det;
  for (const LoopCut<S>& cut : cuts) {
    inverse.push_back(adjugate_inverse(cut.D));
    det.push_back(inverse.back().det);
  }
  close_dependent(mech, cuts, inverse, Bias::without, state.qd);
  return det;
}

}  // namespace dyngen::algorithms
