// A kernel printed in parts (emit_cpp.hpp) called from an emitted source file with each part built
// for a target of its own: a target_clones clone or a pack width (target_builds.hpp). Flattening
// the whole kernel into one build would make compile time grow faster than its size; each part
// flattened on its own keeps it linear.
#pragma once

#include <string>

#include "engine/emit_cpp.hpp"

namespace dyngen::codegen {

// Per part, `<kernel>_<build>_part<k>(arrays..., carry)` carrying `attributes` and calling part k
// of the header; then `<kernel>_<build>(arrays...)` calling them in turn. `type` is the scalar of
// the arrays, or "T" for templates over it. In namespace `ns`'s header's terms.
std::string parts_build(const std::string& ns, const engine::Kernel& kernel, const std::string& build,
                        const std::string& attributes, const std::string& type);

}  // namespace dyngen::codegen
