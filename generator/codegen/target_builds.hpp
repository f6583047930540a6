// How the C entry points get built for the CPU they run on: the preprocessor text the emitted
// sources (<name>_kernels.cpp, <name>_batch.cpp) start with.
//   contraction_pragma  clang's setting for the whole file, before the kernels are included:
//                       a * b + c is never contracted into a fused multiply-add unless `fma`
//                       (GCC's setting is in each build's attributes below)
//   scalar_clones       DYNGEN_<ns>_CLONES: with GCC on x86-64 Linux, an x86-64-v4 clone (32 vector
//                       registers against 16: fewer spills in long straight-line code) and an
//                       x86-64-v3 clone (AVX2's three-operand forms: no register copies) beside the
//                       default build, picked by the loader (target_clones); a kernel printed in
//                       parts is cloned part by part
//   pack_builds         one build per pack width, the widest the CPU runs (or DYNGEN_MAX_BATCH_WIDTH's
//                       cap) chosen on the first call by pack_width(): 64-byte packs (8 doubles,
//                       16 floats) with AVX-512, 32-byte with AVX2, 16-byte (SSE2, the x86-64
//                       baseline; the only one elsewhere);
//                       DYNGEN_<ns>_NOT_INLINED keeps a part of a kernel out of its caller
// Without `fma` every build rounds as the default one: results are bit-identical on every machine
// and in every lane of every pack. With it, the builds with fused multiply-adds round a * b + c
// once (the default x86-64 build has none and does not change).
#pragma once

#include <string>
#include <vector>

namespace dyngen::codegen {

std::string contraction_pragma(bool fma);
std::string scalar_clones(const std::string& ns, bool fma);
std::string pack_builds(const std::string& ns, bool fma);
// For an anonymous namespace after pack_builds: pack_width(), the doubles per pack of the widest
// build this CPU runs, at most the environment's DYNGEN_MAX_BATCH_WIDTH.
std::string pack_width(const std::string& ns);

// The builds of pack_builds, widest first: its macro suffix, function-name suffix and pack bytes.
struct PackBuild {
  std::string macro;   // DYNGEN_<ns>_<macro>
  std::string suffix;  // <kernel>_<suffix>
  int bytes;           // pack size: bytes / sizeof(scalar) lanes
  bool x86_64_only;    // built under DYNGEN_<ns>_X86_64 only
};
const std::vector<PackBuild>& pack_build_list();

}  // namespace dyngen::codegen
