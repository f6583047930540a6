// The exact rewrites of a mechanism tried for every kernel: body frames slid along their joint
// axes (frame_sliding.hpp) and inertial parameters grouped across joints (inertial_grouping.hpp).
// Each keeps the joint dynamics; neither is always cheaper (with parameters kept as inputs the
// rewritten constants are computed in the kernel), so a kernel is built under each and the one
// with the fewest operations is kept, the mechanism as given winning ties.
#pragma once

#include <string>
#include <vector>

#include "codegen/options.hpp"
#include "engine/expr.hpp"
#include "generator/algorithms/frame_sliding.hpp"
#include "generator/algorithms/inertial_grouping.hpp"
#include "generator/model/model.hpp"

namespace dyngen::codegen {

struct Rewrite {
  std::vector<algorithms::FrameSlide> slides;  // empty: frames as given
  bool group_parameters = false;

  // Applied slides first (the plan was made on the inertias as given), then grouping with the
  // base's share dropped or kept.
  void apply(algorithms::Mechanism<engine::Expr>& mech, algorithms::BaseGrouping base) const;
  // What the kernel summary says about it; empty for the mechanism as given.
  std::string note() const;
};

// The mechanism as given first, then those `options` enable; sliding only when the model's
// plan moves some frame.
std::vector<Rewrite> rewrites(const Model& model, const GenerateOptions& options);

}  // namespace dyngen::codegen
