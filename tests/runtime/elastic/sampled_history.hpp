// Histories of the seed's two-link example sampled every 0.01 s, for the convergence tests of both
// methods: the angles of both links and their tip deflections, and the largest differences of two.
#pragma once

#include "elastic/manipulator_state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace dyngen::elastic::test {

// angle.link1, angle.link2, tip_deflection.link1, tip_deflection.link2
using Sample = std::array<double, 4>;

// `advance` steps a solver once and returns its state; called horizon / step times
template <class Advance>
std::vector<Sample> sampled_history(double step, double horizon, Advance&& advance) {
  const long steps = std::lround(horizon / step), every = std::lround(0.01 / step);
  std::vector<Sample> samples;
  for (long i = 1; i <= steps; ++i) {
    const ManipulatorState state = advance();
    if (i % every != 0) continue;
    samples.push_back({state.links[0].angle, state.links[1].angle, tip_deflection(state.links[0]),
                       tip_deflection(state.links[1])});
  }
  return samples;
}

inline Sample largest_differences(const std::vector<Sample>& a, const std::vector<Sample>& b) {
  Sample largest{};
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (int c = 0; c < 4; ++c) largest[c] = std::max(largest[c], std::abs(a[i][c] - b[i][c]));
  }
  return largest;
}

}  // namespace dyngen::elastic::test
