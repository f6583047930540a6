// `dyngen compare --scaling chain:A..B`: operation counts and generation times of each route against
// n for the reference chain family (model/chain_family.hpp), beside Featherstone's formulas, and
// the crossover n from which on ABA is cheaper than the CRBA route.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compare/featherstone.hpp"
#include "compare/op_tally.hpp"

namespace dyngen::compare {

// The routes of the scaling series, in column order: kernel names of codegen::build_kernels plus
// "forward_dynamics_naive".
const std::vector<std::string>& scaling_routes();

struct ScalingPoint {
  int n = 0;
  std::vector<OpTally> count;    // per scaling_routes() entry
  std::vector<double> seconds;   // generation time, same order
};

struct ScalingSeries {
  std::vector<ScalingPoint> points;
  std::optional<int> crossover;              // from the counts (totals)
  std::optional<int> featherstone_crossover; // from the formulas (m + a)
};

// n_from >= 1, n_to >= n_from.
ScalingSeries chain_scaling(int n_from, int n_to);

// Index of `route` in scaling_routes(); throws std::out_of_range for an unknown name.
std::size_t scaling_column(const std::string& route);

}  // namespace dyngen::compare
