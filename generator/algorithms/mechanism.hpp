// Mechanism<S>: the per-body constants of a tree Model over the scalar S (immutable; algorithms
// keep scratch in their own Data structs).
//
//   template <class S, class F> Mechanism<S> make_mechanism(const Model&, F quantity_to_scalar)
//     F maps a dyngen::Quantity to S; for double: [](const Quantity& q) { return q.value; }.
//     Numbers that are plain doubles in the Model (gamma) become S(value).
//   Mechanism<double> make_numeric_mechanism(const Model&)
//
// Bodies keep the Model's numbering (0 = base, parents before children); coordinate i belongs to
// body coordinate_body[i]; lambda[i] is the coordinate parent array (nearest ancestor coordinate,
// -1 at the base) used by the mass matrix sparsity and LTDL (Featherstone 2008, sec. 6.5).
//
// Loops (thesis ch. I, 2.3-2.5): the cut tree is the tree above; each loop's cut joint becomes m
// scalar constraint rows (loop_constraints.hpp), each a dot product of directions fixed in bodies:
//   position     Phi = c . (x_t - x_c): c fixed in body `frame`, x_t, x_c the cut points
//   orientation  Phi = c . a: a fixed in the terminal body, c in the closing body
// spherical: c = the root's x, y, z; universal: + (closing axis . terminal axis); revolute: +
// two normals of the closing axis . terminal axis; prismatic: two normals of the closing axis
// (fixed in the closing body, the slide stays free) for position and for the terminal axis, and
// the rotation about the axis locked by the references; planar: two in-plane directions of the
// root (a prismatic cut: the in-plane normal of its axis and the in-plane turn).
#pragma once

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "generator/algorithms/joint.hpp"
#include "generator/model/model.hpp"
#include "generator/spatial/spatial.hpp"

namespace dyngen::algorithms {

using spatial::RigidInertia;

template <class S>
struct Point {
  int body = 0;
  Vec3<S> position;  // in the body frame
};

enum class RowKind { position, orientation };

template <class S>
struct ConstraintRow {
  RowKind kind = RowKind::position;
  int frame = 0;  // body c is fixed in: position rows the root or the closing body, orientation the closing body
  Vec3<S> c;      // direction, axes of body `frame`
  Vec3<S> a;      // orientation rows: direction fixed in the terminal body, its axes
};

template <class S>
struct LoopData {
  int root = 0, terminal = 0, closing = 0;
  std::vector<int> dependent;              // bodies root -> terminal
  std::vector<int> dependent_coordinates;  // their coordinates, same order (Phi_d's columns)
  std::vector<int> closing_path;           // bodies below the root down to the closing body, root side first
  Point<S> terminal_point, closing_point;
  std::vector<ConstraintRow<S>> rows;      // m rows, m = dependent_coordinates.size()
  ClosedForm closed_form = ClosedForm::none;  // the closed-form closure used, or none (Newton)
  bool planar = false;
  Vec3<S> plane_normal;                    // planar loops: n, root axes
  // rows 0-2 are the root's x, y, z position rows: the cut holds its two points together
  // (spherical, universal and revolute cuts of spatial loops)
  bool coincident_points = false;
};

template <class S>
struct Mechanism {
  int body_count = 0;
  int dof = 0;
  bool moving_base = false;
  Vec3<S> gravity;                        // base axes
  std::vector<int> parent;                // per body; -1 for the base
  std::vector<Joint<S>> joint;            // per body (base: fixed, unused)
  std::vector<RigidInertia<S>> inertia;   // per body, about its origin, body axes
  std::vector<int> coordinate;            // per body: joint coordinate index or -1
  std::vector<bool> external_wrench;      // per body: takes an external wrench input
  std::vector<int> coordinate_body;       // per coordinate: its body
  std::vector<int> lambda;                // per coordinate: parent coordinate or -1
  std::vector<S> q0, spring, damper;      // per coordinate: -k (q - q0) - c qd
  std::vector<bool> actuated;             // per coordinate: adds tau
  std::vector<std::array<double, 2>> limits;  // per coordinate: [lower, upper], +-infinity when not given
  std::vector<Point<S>> points;           // Model::points, same order
  std::vector<LoopData<S>> loops;          // Model::loops, same order
  std::vector<int> loop_order;             // Model::loop_order
  std::vector<bool> independent;           // per coordinate
  std::vector<int> independent_coordinates;  // the independent coordinates in q order

  int independent_dof() const { return static_cast<int>(independent_coordinates.size()); }
};

namespace detail {

using Direction = std::array<double, 3>;

inline Direction unit(Direction v) {
  const double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  return {v[0] / n, v[1] / n, v[2] / n};
}

inline Direction cross(const Direction& a, const Direction& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Two unit directions normal to v and to each other: v x e_i for the axis e_i least along v, then
// v x that (deterministic, exact for axis-aligned v).
inline std::array<Direction, 2> normals(const Direction& v) {
  int least = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(v[i]) < std::abs(v[least])) least = i;
  Direction e{0.0, 0.0, 0.0};
  e[least] = 1.0;
  const Direction u = unit(cross(v, e));
  return {u, unit(cross(unit(v), u))};
}

// Rotation from body `body`'s axes to the root's at q = 0 (every joint frame is its body frame
// there): the product of gamma^T along the path, row-major.
inline std::array<Direction, 3> root_from_body_at_zero(const Model& model, int root, int body) {
  std::array<Direction, 3> R{Direction{1, 0, 0}, Direction{0, 1, 0}, Direction{0, 0, 1}};
  for (int j = body; j != root; j = model.bodies[j].parent) {
    const Mat3d& g = model.bodies[j].joint.gamma;
    std::array<Direction, 3> next{};
    // R <- gamma^T R
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) next[r][c] = g[0][r] * R[0][c] + g[1][r] * R[1][c] + g[2][r] * R[2][c];
    R = next;
  }
  return R;
}

inline Direction transpose_times(const std::array<Direction, 3>& R, const Direction& v) {
  return {R[0][0] * v[0] + R[1][0] * v[1] + R[2][0] * v[2], R[0][1] * v[0] + R[1][1] * v[1] + R[2][1] * v[2],
          R[0][2] * v[0] + R[1][2] * v[1] + R[2][2] * v[2]};
}

// The constraint rows of a loop's cut (see the header comment).
template <class S>
std::vector<ConstraintRow<S>> constraint_rows(const Model& model, const Loop& loop) {
  const auto s = [](const Direction& d) { return Vec3<S>(S(d[0]), S(d[1]), S(d[2])); };
  std::vector<ConstraintRow<S>> rows;
  const auto position = [&](int frame, const Direction& c) { rows.push_back({RowKind::position, frame, s(c), {}}); };
  const auto orientation = [&](const Direction& c, const Direction& a) {
    rows.push_back({RowKind::orientation, loop.closes_on, s(c), s(a)});
  };
  if (loop.planar) {
    const Direction n = loop.plane_normal;
    if (loop.cut == CutType::prismatic) {
      // n in the closing body's axes: the same at every q, the loop turning about n only
      const Direction n_closing = transpose_times(root_from_body_at_zero(model, loop.root, loop.closes_on), n);
      const Direction across = unit(cross(n_closing, *loop.closing_axis));
      position(loop.closes_on, across);
      orientation(across, *loop.terminal_axis);
    } else {
      for (const Direction& c : normals(n)) position(loop.root, c);
    }
    return rows;
  }
  if (loop.cut == CutType::prismatic) {
    const auto across = normals(*loop.closing_axis);
    for (const Direction& c : across) position(loop.closes_on, c);
    for (const Direction& c : across) orientation(c, *loop.terminal_axis);
    orientation(unit(cross(*loop.closing_axis, *loop.closing_reference)), *loop.terminal_reference);
    return rows;
  }
  for (int k = 0; k < 3; ++k) {
    Direction e{0.0, 0.0, 0.0};
    e[k] = 1.0;
    position(loop.root, e);
  }
  if (loop.cut == CutType::universal) orientation(*loop.closing_axis, *loop.terminal_axis);
  if (loop.cut == CutType::revolute)
    for (const Direction& c : normals(*loop.closing_axis)) orientation(c, *loop.terminal_axis);
  return rows;
}

}  // namespace detail

template <class S, class F>
Mechanism<S> make_mechanism(const Model& model, F quantity_to_scalar) {
  const auto vec = [&](const Vec3Q& v) {
    return Vec3<S>(quantity_to_scalar(v[0]), quantity_to_scalar(v[1]), quantity_to_scalar(v[2]));
  };
  Mechanism<S> mech;
  mech.body_count = model.body_count();
  mech.dof = model.dof();
  mech.moving_base = model.moving_base;
  mech.gravity = vec(model.gravity);
  mech.coordinate_body.assign(static_cast<std::size_t>(mech.dof), -1);
  for (int j = 0; j < mech.body_count; ++j) {
    const Body& body = model.bodies[static_cast<std::size_t>(j)];
    if (j > 0 && (body.parent < 0 || body.parent >= j))
      throw std::invalid_argument("body " + body.name + ": parent must precede the body");
    mech.parent.push_back(j == 0 ? -1 : body.parent);
    Joint<S> joint;
    joint.type = j == 0 ? JointType::fixed : body.joint.type;
    joint.axis = body.joint.axis;
    joint.rho = vec(body.joint.rho);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        const double g = body.joint.gamma[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        joint.gamma(r, c) = S(g);
        if (g != (r == c ? 1.0 : 0.0)) joint.gamma_identity = false;
      }
    mech.joint.push_back(joint);
    RigidInertia<S> I;
    I.m = quantity_to_scalar(body.inertia.mass);
    // h = m c
    I.h = I.m * vec(body.inertia.com);
    const auto& t = body.inertia.tensor_origin;
    const S xx = quantity_to_scalar(t[0]), yy = quantity_to_scalar(t[1]), zz = quantity_to_scalar(t[2]);
    const S xy = quantity_to_scalar(t[3]), xz = quantity_to_scalar(t[4]), yz = quantity_to_scalar(t[5]);
    I.I(0, 0) = xx;
    I.I(1, 1) = yy;
    I.I(2, 2) = zz;
    I.I(0, 1) = xy;
    I.I(1, 0) = xy;
    I.I(0, 2) = xz;
    I.I(2, 0) = xz;
    I.I(1, 2) = yz;
    I.I(2, 1) = yz;
    mech.inertia.push_back(I);
    const int i = joint.has_coordinate() ? body.coordinate : -1;
    if (joint.has_coordinate() && (i < 0 || i >= mech.dof))
      throw std::invalid_argument("body " + body.name + ": joint coordinate index out of range");
    mech.coordinate.push_back(i);
    mech.external_wrench.push_back(body.external_wrench);
    if (i >= 0) mech.coordinate_body[static_cast<std::size_t>(i)] = j;
  }
  for (int i = 0; i < mech.dof; ++i) {
    const int j = mech.coordinate_body[static_cast<std::size_t>(i)];
    if (j < 0) throw std::invalid_argument("coordinate " + std::to_string(i) + " has no joint");
    int ancestor = mech.parent[static_cast<std::size_t>(j)];
    while (ancestor > 0 && mech.coordinate[static_cast<std::size_t>(ancestor)] < 0)
      ancestor = mech.parent[static_cast<std::size_t>(ancestor)];
    const int lambda = ancestor > 0 ? mech.coordinate[static_cast<std::size_t>(ancestor)] : -1;
    if (lambda >= i)
      throw std::invalid_argument("coordinates must be numbered parents before children");
    mech.lambda.push_back(lambda);
    const dyngen::Joint& joint_data = model.bodies[static_cast<std::size_t>(j)].joint;
    mech.q0.push_back(quantity_to_scalar(joint_data.q0));
    mech.spring.push_back(quantity_to_scalar(joint_data.spring));
    mech.damper.push_back(quantity_to_scalar(joint_data.damper));
    mech.actuated.push_back(joint_data.actuated);
    mech.limits.push_back(joint_data.limits.value_or(
        std::array<double, 2>{-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()}));
  }
  for (const NamedPoint& point : model.points) mech.points.push_back({point.body, vec(point.position)});
  mech.independent.assign(static_cast<std::size_t>(mech.dof), true);
  for (const Loop& loop : model.loops) {
    LoopData<S> data;
    data.root = loop.root;
    data.terminal = loop.dependent.back();
    data.closing = loop.closes_on;
    data.dependent = loop.dependent;
    for (int b : loop.dependent) {
      const int i = mech.coordinate[static_cast<std::size_t>(b)];
      data.dependent_coordinates.push_back(i);
      mech.independent[static_cast<std::size_t>(i)] = false;
    }
    for (int b = loop.closes_on; b != loop.root; b = mech.parent[static_cast<std::size_t>(b)])
      data.closing_path.insert(data.closing_path.begin(), b);
    data.terminal_point = {data.terminal, vec(loop.terminal_point)};
    data.closing_point = {data.closing, vec(loop.closing_point)};
    data.rows = detail::constraint_rows<S>(model, loop);
    data.closed_form = loop.closes_analytically() ? loop.closed_form : ClosedForm::none;
    data.planar = loop.planar;
    if (loop.planar) data.plane_normal = Vec3<S>(S(loop.plane_normal[0]), S(loop.plane_normal[1]), S(loop.plane_normal[2]));
    data.coincident_points = !loop.planar && loop.cut != CutType::prismatic;
    mech.loops.push_back(std::move(data));
  }
  for (int i = 0; i < mech.dof; ++i)
    if (mech.independent[static_cast<std::size_t>(i)]) mech.independent_coordinates.push_back(i);
  mech.loop_order = model.loop_order;
  if (mech.loop_order.size() != mech.loops.size())
    throw std::invalid_argument("the model's loop closure order does not list every loop");
  return mech;
}


// The bodies whose parent is body j, in numbering order (all after j).
template <class S>
std::vector<int> children(const Mechanism<S>& mech, int j) {
  std::vector<int> found;
  for (int c = j + 1; c < mech.body_count; ++c) {
    if (mech.parent[static_cast<std::size_t>(c)] == j) found.push_back(c);
  }
  return found;
}

inline Mechanism<double> make_numeric_mechanism(const Model& model) {
  return make_mechanism<double>(model, [](const Quantity& q) { return q.value; });
}

}  // namespace dyngen::algorithms
