// Tree topology of a mechanism: spanning tree from the base with Boost.Graph (parent cycles,
// unreachable bodies, bodies listed with two parents), numbering parents before children, and the
// ancestor query RB(i, j) of the seed (algorithms.md).
#pragma once

#include <string>
#include <vector>

#include "model/model.hpp"

namespace dyngen {

// RB(i, j): body j lies on the path from the base to body i (j == i and j == 0 included).
bool supports(const Model& model, int i, int j);

// Bodies on the path from body i up to (excluding) its ancestor `stop`, i first. Requires stop to
// be an ancestor of i (supports(model, i, stop)).
std::vector<int> path_up_to(const Model& model, int i, int stop);

namespace model_detail {

struct TopologyIssue {
  enum class Kind { unknown_parent, duplicate_name, undeclared_loop, parent_cycle, unreachable };
  Kind kind;
  int entry;  // index of the offending body entry of the file
  std::string message;
};

struct TreeAnalysis {
  std::vector<int> parent;  // per entry: parent entry, -1 for the base, -2 when unresolved
  std::vector<int> order;   // entries reachable from the base, parents before children, stable in file order
  std::vector<int> depth;   // per entry: tree depth (base 0), -1 when unreachable
  std::vector<TopologyIssue> issues;
};

// Analyses the tree given by each entry's name and parent name (entries with empty names are
// skipped: their name was already reported invalid).
TreeAnalysis analyse_tree(const std::string& base, const std::vector<std::string>& names,
                          const std::vector<std::string>& parents);

}  // namespace model_detail
}  // namespace dyngen
