// The bundled tree models (models/*.yaml) loaded with the project's loader, for running every
// algorithm test over them as well as over random trees.
#pragma once

#include <string>
#include <vector>

#include "generator/model/loader.hpp"

namespace dyngen::test {

inline const std::vector<std::string>& bundled_tree_model_names() {
  static const std::vector<std::string> names = {"chain6",  "chain12",       "chain30",
                                                 "puma560", "branched_tree", "probe_cone_tree"};
  return names;
}

inline Model load_bundled_model(const std::string& name) {
  return load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
}

}  // namespace dyngen::test
