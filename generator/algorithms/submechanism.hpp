// The part of a mechanism made of the bodies a predicate keeps (closed under taking parents, the
// base kept), renumbered parents before children, with its coordinates, named points, external
// wrench inputs and loops (every loop's bodies must be kept): the looped part of a mechanism with
// open chains hanging from it (forward_dynamics_combined.hpp).
//
//   Submechanism<S> submechanism(const Mechanism<S>& mech, const std::vector<bool>& keep)
//     .mech, .body (sub body -> body), .coordinate (sub coordinate -> coordinate)
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

#include "generator/algorithms/mechanism.hpp"

namespace dyngen::algorithms {

template <class S>
struct Submechanism {
  Mechanism<S> mech;
  std::vector<int> body;        // per sub body: the body of the whole
  std::vector<int> coordinate;  // per sub coordinate: the coordinate of the whole
};

template <class S>
Submechanism<S> submechanism(const Mechanism<S>& whole, const std::vector<bool>& keep) {
  Submechanism<S> part;
  std::vector<int> body_of(static_cast<std::size_t>(whole.body_count), -1), coordinate_of(static_cast<std::size_t>(whole.dof), -1);
  for (int j = 0; j < whole.body_count; ++j) {
    if (j > 0 && !keep[static_cast<std::size_t>(j)]) continue;
    if (j > 0 && body_of[static_cast<std::size_t>(whole.parent[static_cast<std::size_t>(j)])] < 0)
      throw std::invalid_argument("submechanism: a kept body's parent is not kept");
    body_of[static_cast<std::size_t>(j)] = static_cast<int>(part.body.size());
    part.body.push_back(j);
    const int i = whole.coordinate[static_cast<std::size_t>(j)];
    if (i >= 0) {
      coordinate_of[static_cast<std::size_t>(i)] = static_cast<int>(part.coordinate.size());
      part.coordinate.push_back(i);
    }
  }
  Mechanism<S>& m = part.mech;
  m.body_count = static_cast<int>(part.body.size());
  m.dof = static_cast<int>(part.coordinate.size());
  m.moving_base = whole.moving_base;
  m.gravity = whole.gravity;
  for (int j : part.body) {
    const auto u = static_cast<std::size_t>(j);
    m.parent.push_back(j == 0 ? -1 : body_of[static_cast<std::size_t>(whole.parent[u])]);
    m.joint.push_back(whole.joint[u]);
    m.inertia.push_back(whole.inertia[u]);
    m.coordinate.push_back(whole.coordinate[u] < 0 ? -1 : coordinate_of[static_cast<std::size_t>(whole.coordinate[u])]);
    m.external_wrench.push_back(whole.external_wrench[u]);
  }
  for (int i : part.coordinate) {
    const auto u = static_cast<std::size_t>(i);
    m.coordinate_body.push_back(body_of[static_cast<std::size_t>(whole.coordinate_body[u])]);
    const int lambda = whole.lambda[u];
    m.lambda.push_back(lambda < 0 ? -1 : coordinate_of[static_cast<std::size_t>(lambda)]);
    m.q0.push_back(whole.q0[u]);
    m.spring.push_back(whole.spring[u]);
    m.damper.push_back(whole.damper[u]);
    m.actuated.push_back(whole.actuated[u]);
    m.limits.push_back(whole.limits[u]);
    m.independent.push_back(whole.independent[u]);
    if (whole.independent[u]) m.independent_coordinates.push_back(coordinate_of[u]);
  }
  for (const Point<S>& point : whole.points)
    if (body_of[static_cast<std::size_t>(point.body)] >= 0)
      m.points.push_back({body_of[static_cast<std::size_t>(point.body)], point.position});
  const auto remap = [&](std::vector<int> bodies) {
    for (int& b : bodies) b = body_of[static_cast<std::size_t>(b)];
    return bodies;
  };
  for (LoopData<S> loop : whole.loops) {
    loop.root = body_of[static_cast<std::size_t>(loop.root)];
    loop.terminal = body_of[static_cast<std::size_t>(loop.terminal)];
    loop.closing = body_of[static_cast<std::size_t>(loop.closing)];
    loop.dependent = remap(loop.dependent);
    loop.closing_path = remap(loop.closing_path);
    for (int& i : loop.dependent_coordinates) i = coordinate_of[static_cast<std::size_t>(i)];
    loop.terminal_point.body = loop.terminal;
    loop.closing_point.body = loop.closing;
    for (ConstraintRow<S>& row : loop.rows) row.frame = body_of[static_cast<std::size_t>(row.frame)];
    m.loops.push_back(std::move(loop));
  }
  m.loop_order = whole.loop_order;
  return part;
}

}  // namespace dyngen::algorithms
