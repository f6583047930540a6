// Batch forms of emitted kernels: the same kernel template instantiated with T = a pack of W states,
// so each instruction runs on W states at once (SIMD), every lane rounding as the scalar kernel.
//   pack_support   the pack type dyngen_pack<S, W> (a GCC vector extension in GCC and clang: one
//                  SSE2, AVX2 or AVX-512 instruction per operation, whichever the caller is
//                  compiled for; a plain array elsewhere), the lane-wise dyngen_sin_cos_array over
//                  packs, and the moves between packs and states stored one after another
//   emit_batch     per kernel, `name_batch<P>(n, arrays...)`: the kernel over n states
// Printed once per header, after emit_support, in the kernels' namespace.
#pragma once

#include <string>

#include "emit_cpp.hpp"

namespace dyngen::engine {

// Whether every instruction of the kernel has a lane-wise form over packs: arithmetic and the sines
// and cosines of input elements (square roots, signs, atan2 and sines of computed values do not).
bool lane_wise(const Kernel& kernel);

// `trig`: the kernels read sines and cosines of inputs (emit_support printed dyngen_sin_cos).
std::string pack_support(bool trig);

// The kernel over n states, W at a time: `template <class P, class S[, class Kernel]> inline void
// <name>_batch(int n, const S* in..., S* out...[, Kernel kernel])` with P = dyngen_pack<S, W>;
// `kernel` runs one pack (the kernel template itself when not given). Each array holds the n
// states' arrays one after another, as n calls of the kernel read and write them.
std::string emit_batch(const Kernel& kernel, const std::string& name);

}  // namespace dyngen::engine
