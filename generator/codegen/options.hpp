// What `dyngen generate` is asked for.
#pragma once

#include <string>
#include <vector>

#include "engine/context.hpp"

namespace dyngen::codegen {

// crba: CRBA + LTDL (trees), CRBA + coordinate partitioning (loops); aba: trees only; combined:
// loops with open chains, CRBA for the looped part and ABA for the chains.
enum class ForwardRoute { automatic, crba, aba, combined };

struct GenerateOptions {
  // Model parameters kept as kernel inputs (array `p`); empty = all folded. `all_parameters`
  // keeps every parameter of the model.
  std::vector<std::string> runtime_parameters;
  bool all_parameters = false;
  ForwardRoute forward = ForwardRoute::automatic;
  // Each kernel also built with inertial parameters grouped across joints (inertial_grouping.hpp)
  // and with body frames slid along their joint axes (frame_sliding.hpp), alone and together; the
  // version needing the fewest operations is emitted (rewrites.hpp).
  bool group_inertial_parameters = true;
  bool slide_frames = true;
  // Each of those also with revolute leaves symmetric about their axis in frames that do not
  // turn with q (symmetric_leaves.hpp), when the model has one.
  bool unturn_symmetric_leaves = true;
  engine::Options engine;
};

// How the files are written.
struct EmitOptions {
  // The C++ header alone: no C entry points.
  bool header_only = false;
  // The C entry points let the compiler contract a * b + c into fused multiply-adds where the target
  // has them (target_builds.hpp): faster, rounded once instead of twice, no longer bit-identical
  // across machines and to the templates compiled without contraction.
  bool fma = false;
};

}  // namespace dyngen::codegen
