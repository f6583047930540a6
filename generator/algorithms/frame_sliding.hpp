// Sliding body frames along their joint axes: the freedom the Denavit-Hartenberg conventions use
// to put frame origins on common normals (Khalil & Kleinfinger 1986), found automatically, so the
// kernels meet fewer non-zero offsets and products of inertia.
//
//   std::vector<FrameSlide> plan_frame_slides(const Mechanism<double>& mech, SlideTies ties)
//   void slide_frames(Mechanism<S>& mech, const std::vector<FrameSlide>& plan)
//
// Why it is exact: the origin of body j's frame may sit anywhere on its joint axis e_k. A revolute
// joint turns the body about that axis and a prismatic one moves it along it, so the moved origin
// O' = O + d e_k is again carried by the joint as before (the prismatic coordinate keeps its zero,
// the constant d riding in the joint frame's origin). Joint coordinates, M(q), b, qdd and tau are
// unchanged; only quantities referred to the origin change, and they are re-expressed:
//   own joint frame origin   rho_j' = rho_j + d gamma_j^T e_k         (parent axes)
//   children's origins       rho_c' = rho_c - d e_k                   (body axes)
//   named points, cut points r' = r - d e_k
//   inertia about O'         h' = h - m s,
//                            I_O' = I_O + (m |s|^2 - 2 h.s) 1 + h s^T + s h^T - m s s^T,  s = d e_k
//                            (parallel axes from O to O' without passing through the centre of mass,
//                            so massless bodies need no special case).
// The base does not move (the base wrench is referred to its origin), and neither does a body with
// an external wrench input (that wrench is given about its origin).
//
// The plan: bodies parents first, each choosing d to zero one component of its own offset rho_j
// or of a child's offset along e_k, or leaving d = 0, whichever leaves the fewest non-zero
// offset components (counted twice: each is used in every transform of the body) and inertia
// entries about the origin. The count is only a proxy for the kernels' operations, and it often
// ties (trading a component of one offset for one of another); SlideTies::keep_frame then leaves
// the frame where it is, SlideTies::slide takes the first tying slide (own offset components, then
// children's), which can empty a child's offset (PUMA's wrist centre shared by three frames).
// Callers build kernels under both plans and keep the cheaper.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"

namespace dyngen::algorithms {

enum class SlideTies { keep_frame, slide };

struct FrameSlide {
  enum class Zeroes { nothing, own_offset, child_offset };
  Zeroes zeroes = Zeroes::nothing;
  int index = -1;  // own_offset: component of rho_j (parent axes); child_offset: the child body

  bool operator==(const FrameSlide&) const = default;
};

template <class S>
void slide_frames(Mechanism<S>& mech, const std::vector<FrameSlide>& plan) {
  for (int j = 1; j < mech.body_count && static_cast<std::size_t>(j) < plan.size(); ++j) {
    const FrameSlide& slide = plan[static_cast<std::size_t>(j)];
    if (slide.zeroes == FrameSlide::Zeroes::nothing) continue;
    Joint<S>& joint = mech.joint[static_cast<std::size_t>(j)];
    const int k = joint.axis;
    // d from the component to be zeroed: rho_j,i + d gamma_ki = 0, or rho_c,k - d = 0
    const S d = slide.zeroes == FrameSlide::Zeroes::own_offset
                    ? -joint.rho[slide.index] / joint.gamma(k, slide.index)
                    : mech.joint[static_cast<std::size_t>(slide.index)].rho[k];
    for (int i = 0; i < 3; ++i) joint.rho[i] = joint.rho[i] + d * joint.gamma(k, i);
    for (int c = j + 1; c < mech.body_count; ++c) {
      if (mech.parent[static_cast<std::size_t>(c)] != j) continue;
      mech.joint[static_cast<std::size_t>(c)].rho[k] = mech.joint[static_cast<std::size_t>(c)].rho[k] - d;
    }
    // the zeroed component exactly, not as a difference that rounds
    if (slide.zeroes == FrameSlide::Zeroes::own_offset)
      joint.rho[slide.index] = S(0.0);
    else
      mech.joint[static_cast<std::size_t>(slide.index)].rho[k] = S(0.0);
    for (Point<S>& point : mech.points)
      if (point.body == j) point.position[k] = point.position[k] - d;
    for (LoopData<S>& loop : mech.loops)
      for (Point<S>* point : {&loop.terminal_point, &loop.closing_point})
        if (point->body == j) point->position[k] = point->position[k] - d;
    // with s = d e_k: (m |s|^2 - 2 h.s) 1 - m s s^T adds m d^2 - 2 d h_k to the diagonal entries
    // other than (k, k); h s^T + s h^T adds d h_i to (i, k) and (k, i), and at (k, k) its 2 d h_k
    // cancels the rest: the moment about the axis does not change
    RigidInertia<S>& inertia = mech.inertia[static_cast<std::size_t>(j)];
    const S h_k = inertia.h[k];
    const S diagonal = inertia.m * d * d - S(2.0) * d * h_k;
    for (int i = 0; i < 3; ++i) {
      if (i == k) continue;
      inertia.I(i, i) = inertia.I(i, i) + diagonal;
      inertia.I(i, k) = inertia.I(i, k) + d * inertia.h[i];
      inertia.I(k, i) = inertia.I(i, k);
    }
    inertia.h[k] = h_k - inertia.m * d;
  }
}

namespace frame_sliding_detail {

inline int nonzeros(const Vec3<double>& v, double scale) {
  int n = 0;
  for (int i = 0; i < 3; ++i) n += std::abs(v[i]) > 1e-12 * scale ? 1 : 0;
  return n;
}

// What a choice for body j leaves to the kernels: its own and its children's offsets (relative
// to `length`, the mechanism's largest offset), its first moment and inertia entries.
inline int cost(const Mechanism<double>& mech, int j, double length) {
  const auto u = static_cast<std::size_t>(j);
  int offsets = nonzeros(mech.joint[u].rho, length);
  for (int c : children(mech, j)) offsets += nonzeros(mech.joint[static_cast<std::size_t>(c)].rho, length);
  const RigidInertia<double>& inertia = mech.inertia[u];
  double moment = 1.0;
  for (int r = 0; r < 3; ++r) moment = std::max(moment, std::abs(inertia.I(r, r)));
  int entries = nonzeros(inertia.h, std::max(1.0, inertia.m * length));
  for (int r = 0; r < 3; ++r)
    for (int c = r; c < 3; ++c) entries += std::abs(inertia.I(r, c)) > 1e-12 * moment ? 1 : 0;
  return 2 * offsets + entries;
}

}  // namespace frame_sliding_detail

inline std::vector<FrameSlide> plan_frame_slides(const Mechanism<double>& original, SlideTies ties) {
  using Zeroes = FrameSlide::Zeroes;
  std::vector<FrameSlide> plan(static_cast<std::size_t>(original.body_count));
  Mechanism<double> mech = original;  // slid as planned so far
  double length = 1.0;
  for (const Joint<double>& joint : mech.joint)
    for (int i = 0; i < 3; ++i) length = std::max(length, std::abs(joint.rho[i]));
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const Joint<double>& joint = mech.joint[u];
    if (!joint.has_coordinate() || mech.external_wrench[u]) continue;
    std::vector<FrameSlide> choices;
    for (int i = 0; i < 3; ++i)
      if (std::abs(joint.gamma(joint.axis, i)) > 1e-9 && joint.rho[i] != 0.0) choices.push_back({Zeroes::own_offset, i});
    for (int c : children(mech, j))
      if (mech.joint[static_cast<std::size_t>(c)].rho[joint.axis] != 0.0) choices.push_back({Zeroes::child_offset, c});
    int best_cost = frame_sliding_detail::cost(mech, j, length);
    Mechanism<double> best = mech;
    bool slid = false;
    for (const FrameSlide& choice : choices) {
      std::vector<FrameSlide> only(u + 1);
      only[u] = choice;
      Mechanism<double> trial = mech;
      slide_frames(trial, only);
      const int trial_cost = frame_sliding_detail::cost(trial, j, length);
      if (trial_cost < best_cost || (trial_cost == best_cost && ties == SlideTies::slide && !slid)) {
        slid = true;
        best_cost = trial_cost;
        best = std::move(trial);
        plan[u] = choice;
      }
    }
    mech = std::move(best);
  }
  return plan;
}

}  // namespace dyngen::algorithms
