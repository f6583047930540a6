// Random kernel inputs for tests: every array a kernel documents, drawn from ranges that keep
// the bundled mechanisms well away from numerical trouble.
#pragma once

#include <map>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "engine/emit_cpp.hpp"

namespace dyngen::test {

inline std::map<std::string, std::vector<double>> random_inputs(
    const std::vector<engine::ArrayDoc>& arrays, const std::vector<double>& p, std::mt19937_64& rng) {
  std::map<std::string, std::vector<double>> inputs;
  for (const auto& a : arrays) {
    const double range = a.name == "q" ? std::numbers::pi : a.name == "wrench" ? 10.0 : 2.0;
    std::uniform_real_distribution<double> u(-range, range);
    std::vector<double> values(static_cast<std::size_t>(a.size));
    for (double& v : values) v = u(rng);
    inputs[a.name] = a.name == "p" ? p : values;
  }
  return inputs;
}

// |got − expected| relative to the largest magnitude in the expected array (at least 1).
inline double relative_error(const std::vector<double>& got, const std::vector<double>& expected) {
  double scale = 1.0, worst = 0.0;
  for (double e : expected) scale = std::max(scale, std::abs(e));
  for (std::size_t i = 0; i < expected.size(); ++i) {
    worst = std::max(worst, std::abs(got.at(i) - expected[i]) / scale);
  }
  return worst;
}

}  // namespace dyngen::test
