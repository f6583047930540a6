// Brute-force oracles for the contact tests: dense sampling of a two-parameter family (a surface
// against a point, or two curves against each other) with repeated local grid refinement around
// the best sample. It shares no code or formula with the closed-form pair tests.
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace dyngen::contact::testing {

using Vec3 = Eigen::Vector3d;

struct SampledMinimum {
  double u = 0.0;
  double v = 0.0;
  double value = 0.0;
};

// Minimises f(u, v) over [u0, u1] x [v0, v1]: a coarse grid, then windows of (2 fine + 1)^2 samples
// centred on the best sample; a window shrinks (to two of its cells) only when its best sample is
// inside it, otherwise it moves on, until it has shrunk `levels` times.
// With `periodic_v` (an azimuth) the refinement may cross v0/v1 instead of being clamped.
template <class F>
SampledMinimum grid_minimum(F&& f, double u0, double u1, double v0, double v1, bool periodic_v, int coarse = 32,
                            int fine = 5, int levels = 14) {
  SampledMinimum best{u0, v0, f(u0, v0)};
  for (int i = 0; i <= coarse; ++i)
    for (int j = 0; j <= coarse; ++j) {
      const double u = u0 + (u1 - u0) * i / coarse, v = v0 + (v1 - v0) * j / coarse;
      const double value = f(u, v);
      if (value < best.value) best = {u, v, value};
    }
  double du = (u1 - u0) / coarse, dv = (v1 - v0) / coarse;
  int shrinks = 0;
  for (int step = 0; shrinks < levels && step < 40 * levels; ++step) {
    const SampledMinimum centre = best;
    int best_i = 0, best_j = 0;
    for (int i = -fine; i <= fine; ++i)
      for (int j = -fine; j <= fine; ++j) {
        const double u = std::clamp(centre.u + du * i / fine, u0, u1);
        const double v = periodic_v ? centre.v + dv * j / fine : std::clamp(centre.v + dv * j / fine, v0, v1);
        const double value = f(u, v);
        if (value < best.value) {
          best = {u, v, value};
          best_i = i;
          best_j = j;
        }
      }
    // a best sample on the window's border means the minimum may lie beyond it: move, keep the size
    const bool border = std::abs(best_i) == fine || std::abs(best_j) == fine;
    if (!border) {
      du *= 2.0 / fine;
      dv *= 2.0 / fine;
      ++shrinks;
    }
  }
  return best;
}

// Point of a surface of revolution about X from its meridian point (x, r) and azimuth phi.
inline Vec3 revolve(double x, double r, double phi) { return {x, r * std::cos(phi), r * std::sin(phi)}; }

inline constexpr double kPi = std::numbers::pi;

}  // namespace dyngen::contact::testing
