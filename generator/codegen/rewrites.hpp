// The exact rewrites of a mechanism tried for every kernel: body frames slid along their joint
// axes (frame_sliding.hpp), inertial parameters grouped across joints (inertial_grouping.hpp) and
// leaves symmetric about their axis in frames that do not turn with q (symmetric_leaves.hpp).
// Each keeps the joint dynamics; neither is always cheaper (with parameters kept as inputs the
// rewritten constants are computed in the kernel), so a kernel is built under each (the CRBA
// route also with H and b under different ones, and the best once more with factoring) and the
// build with the fewest operations is kept, the mechanism as given winning ties.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codegen/options.hpp"
#include "engine/expr.hpp"
#include "generator/algorithms/frame_sliding.hpp"
#include "generator/algorithms/inertial_grouping.hpp"
#include "generator/algorithms/symmetric_leaves.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

struct Rewrite {
  std::vector<algorithms::FrameSlide> slides;  // empty: frames as given
  bool group_parameters = false;
  bool unturned_leaves = false;  // symmetric_leaves.hpp

  // Applied slides first (the plan was made on the inertias as given), then grouping with the
  // base's share dropped or kept, then the symmetric leaves' frames left unturned.
  void apply(algorithms::Mechanism<engine::Expr>& mech, algorithms::BaseGrouping base) const;
  // What the kernel summary says about it; empty for the mechanism as given.
  std::string note() const;
};

// The mechanism as given first, then those `options` enable; sliding only when the model's
// plan moves some frame; each of these also with unturned leaves when the model has a symmetric
// leaf.
std::vector<Rewrite> rewrites(const Model& model, const GenerateOptions& options);

// The rewrites a kernel is built under, as indices into the candidate list: one for the whole
// mechanism (inertia == forces), or, for the CRBA route, one for H and one for b.
struct RewriteChoice {
  std::size_t inertia = 0;
  std::size_t forces = 0;
};

// Every candidate alone; for the CRBA route also the rewrite cheapest for H alone with the one
// cheapest for b alone, when they differ: two exact rewrites of a mechanism have the same H(q)
// and b, so each half may take its own.
std::vector<RewriteChoice> rewrite_choices(std::size_t candidates);
std::vector<RewriteChoice> crba_route_choices(std::size_t candidates, std::size_t cheapest_inertia,
                                              std::size_t cheapest_forces);

// One way to build a kernel: the rewrites, and whether the flattener factors a·b + a·c
// (engine::Options::factoring).
struct BuildVariant {
  RewriteChoice choice;
  bool factoring = false;

  // `options` with this variant's factoring.
  engine::Options engine_options(engine::Options options) const;
  // The mechanism for H: `mech` rewritten in place under choice.inertia; returned, the mechanism
  // for the CRBA route's b: a copy of `mech` as given rewritten under choice.forces.
  algorithms::Mechanism<engine::Expr> apply(const std::vector<Rewrite>& candidates, algorithms::Mechanism<engine::Expr>& mech,
                                            algorithms::BaseGrouping base) const;
};

// The cheapest variant found and which call of `cost` built it.
struct CheapestBuild {
  BuildVariant variant;
  std::size_t call = 0;
};

// Builds through `cost` (which returns the operation count) under each of `choices` with
// `factoring`, then, when that is off, the cheapest choice once more with it on: factoring saves
// in some kernels (mass matrices, point kinematics) and costs in others (ABA). Ties keep the
// earlier build.
CheapestBuild cheapest_build(const std::vector<RewriteChoice>& choices, bool factoring,
                             const std::function<std::uint64_t(const BuildVariant&)>& cost);

// What the kernel summary says about a choice; empty for the mechanism as given.
std::string note(const std::vector<Rewrite>& candidates, RewriteChoice choice);

}  // namespace dyngen::codegen
