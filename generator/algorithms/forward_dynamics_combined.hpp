// Forward dynamics of a looped mechanism with open chains rooted on its looped part, by the
// combined algorithm of the thesis (sec. 2.5; spec algorithms.md): CRBA and coordinate
// partitioning for the looped part, ABA for the open chains. The looped part L is every body of a
// loop (its root, dependent branch, closing path) and their ancestors; an open chain is a subtree
// hanging from a body r of L with no body of L in it. ABA's first two passes reduce each open chain
// to an articulated body at r, f = IA a_r + pA (Featherstone 2008, sec. 7.2); with psi_a the
// motion of r per unit rate of a coordinate a on r's path (r's axes), a_r = a_r0 + sum psi_a qdd_a,
// so L's equations gain
//   H_ab += psi_a^T IA psi_b,   b_a -= psi_a^T (IA a_r0 + pA),
// the reduced equations of L give its qdd, and ABA's third pass from a_r gives the open chains'.
//
//   void forward_dynamics_combined(const Mechanism<S>& force_mech, const State<S>&, CombinedDynamicsData<S>&)
//     the data made for (inertia_mech, force_mech), two exact rewrites of one mechanism, as in
//     forward_dynamics_loops.hpp: data.qdd (every coordinate), data.qdd_independent, and
//     data.part.det per loop.
//   bool has_open_chains(const Mechanism<S>&)
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/submechanism.hpp"

namespace dyngen::algorithms {

// Per body: in the looped part (the base included).
template <class S>
std::vector<bool> looped_part(const Mechanism<S>& mech) {
  std::vector<bool> looped(static_cast<std::size_t>(mech.body_count), false);
  const auto mark = [&](int j) {
    for (; j > 0 && !looped[static_cast<std::size_t>(j)]; j = mech.parent[static_cast<std::size_t>(j)])
      looped[static_cast<std::size_t>(j)] = true;
  };
  looped[0] = true;
  for (const LoopData<S>& loop : mech.loops) {
    mark(loop.terminal);
    mark(loop.closing);
    mark(loop.root);
  }
  return looped;
}

// The bodies of L with an open chain hanging from them, in numbering order.
template <class S>
std::vector<int> open_chain_roots(const Mechanism<S>& mech, const std::vector<bool>& looped) {
  std::vector<int> roots;
  for (int j = 1; j < mech.body_count; ++j) {
    const int p = mech.parent[static_cast<std::size_t>(j)];
    if (!looped[static_cast<std::size_t>(j)] && looped[static_cast<std::size_t>(p)] &&
        (roots.empty() || roots.back() != p) && std::find(roots.begin(), roots.end(), p) == roots.end())
      roots.push_back(p);
  }
  return roots;
}

template <class S>
bool has_open_chains(const Mechanism<S>& mech) {
  return !mech.loops.empty() && !open_chain_roots(mech, looped_part(mech)).empty();
}

template <class S>
struct CombinedDynamicsData {
  std::vector<bool> looped;
  Submechanism<S> inertia_part, force_part;
  AbaData<S> aba;            // the open chains, on the whole force mechanism
  LoopDynamicsData<S> part;  // the looped part
  std::vector<S> qdd, qdd_independent;

  CombinedDynamicsData(const Mechanism<S>& inertia_mech, const Mechanism<S>& force_mech)
      : looped(looped_part(force_mech)),
        inertia_part(submechanism(inertia_mech, looped)),
        force_part(submechanism(force_mech, looped)),
        aba(force_mech),
        part(inertia_part.mech, force_part.mech) {}
};

template <class S>
void forward_dynamics_combined(const Mechanism<S>& force_mech, const State<S>& state, CombinedDynamicsData<S>& data) {
  const Mechanism<S>& part = data.force_part.mech;
  // the looped part's state
  State<S> part_state(part);
  for (int i = 0; i < part.dof; ++i) {
    const auto whole = static_cast<std::size_t>(data.force_part.coordinate[static_cast<std::size_t>(i)]);
    part_state.q[static_cast<std::size_t>(i)] = state.q[whole];
    part_state.qd[static_cast<std::size_t>(i)] = state.qd[whole];
    part_state.tau[static_cast<std::size_t>(i)] = state.tau[whole];
  }
  part_state.w0 = state.w0;
  part_state.e0 = state.e0;
  part_state.a0 = state.a0;
  for (int j = 0; j < part.body_count; ++j)
    part_state.f_ext[static_cast<std::size_t>(j)] = state.f_ext[static_cast<std::size_t>(data.force_part.body[static_cast<std::size_t>(j)])];
  crba(data.inertia_part.mech, part_state, data.part.crba);
  generalized_forces(part, part_state, data.part.forces);
  const RneaData<S>& rnea = data.part.forces.rnea;
  // each open chain as an articulated body at its root
  struct Root {
    int whole, sub;
    std::vector<bool> chain;
    std::vector<std::pair<int, Vec6<S>>> psi;  // (part coordinate, motion of the root per unit rate)
  };
  std::vector<Root> roots;
  for (int r : open_chain_roots(force_mech, data.looped)) {
    Root root{r, static_cast<int>(std::find(data.force_part.body.begin(), data.force_part.body.end(), r) -
                                  data.force_part.body.begin()),
              strict_subtree(force_mech, r), {}};
    for (int j = 0; j < force_mech.body_count; ++j)
      if (data.looped[static_cast<std::size_t>(j)]) root.chain[static_cast<std::size_t>(j)] = false;
    aba_forward_pass(force_mech, state, r, rnea.w[static_cast<std::size_t>(root.sub)], root.chain, data.aba);
    aba_backward_pass(force_mech, state, r, root.chain, data.aba);
    // psi_a = X_{r<-a} S_a for the coordinates a on the root's path, carried down to the root
    std::vector<int> path;
    for (int j = root.sub; j > 0; j = part.parent[static_cast<std::size_t>(j)]) path.insert(path.begin(), j);
    for (std::size_t k = 0; k < path.size(); ++k) {
      const int a = path[k];
      const int i = part.coordinate[static_cast<std::size_t>(a)];
      if (i < 0) continue;
      Vec6<S> psi = spatial::along(part.joint[static_cast<std::size_t>(a)].motion_axis(), S(1.0));
      for (std::size_t below = k + 1; below < path.size(); ++below)
        psi = spatial::apply_motion(rnea.X[static_cast<std::size_t>(path[below])], psi);
      root.psi.push_back({i, psi});
    }
    const Mat6<S>& IA = data.aba.IA[static_cast<std::size_t>(r)];
    // f = IA a_r0 + pA: what the chain needs of its root at qdd = 0
    const Vec6<S> f0 = IA * rnea.a[static_cast<std::size_t>(root.sub)] + data.aba.pA[static_cast<std::size_t>(r)];
    for (const auto& [i, psi_i] : root.psi) {
      // b_a -= psi_a^T (IA a_r0 + pA)
      data.part.forces.b[static_cast<std::size_t>(i)] = data.part.forces.b[static_cast<std::size_t>(i)] - spatial::dot(psi_i, f0);
      const Vec6<S> IA_psi = IA * psi_i;
      for (const auto& [k, psi_k] : root.psi)
        // H_ik += psi_i^T IA psi_k
        data.part.crba.H(k, i) = data.part.crba.H(k, i) + spatial::dot(psi_k, IA_psi);
    }
    roots.push_back(std::move(root));
  }
  solve_reduced(part, part_state, data.part);
  // the open chains from their roots' accelerations a_r = a_r0 + sum psi_a qdd_a
  for (const Root& root : roots) {
    Vec6<S> a = rnea.a[static_cast<std::size_t>(root.sub)];
    for (const auto& [i, psi] : root.psi) a += data.part.qdd[static_cast<std::size_t>(i)] * psi;
    aba_acceleration_pass(force_mech, RootMotion<S>{root.whole, rnea.w[static_cast<std::size_t>(root.sub)], a}, root.chain,
                          data.aba);
  }
  data.qdd = data.aba.qdd;
  for (int i = 0; i < part.dof; ++i)
    data.qdd[static_cast<std::size_t>(data.force_part.coordinate[static_cast<std::size_t>(i)])] = data.part.qdd[static_cast<std::size_t>(i)];
  data.qdd_independent.clear();
  for (int i : force_mech.independent_coordinates) data.qdd_independent.push_back(data.qdd[static_cast<std::size_t>(i)]);
}

}  // namespace dyngen::algorithms
