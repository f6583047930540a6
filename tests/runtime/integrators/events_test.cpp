// Event detection and location: the crossing predicate by direction, and the safeguarded
// Anderson-Bjorck root finder against known roots, on functions that stall plain false position.
#include "integrators/events.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::integrators {
namespace {

TEST(Events, CrossingsByDirection) {
  EXPECT_TRUE(crosses(Crossing::rising, -1.0, 0.5));
  EXPECT_TRUE(crosses(Crossing::rising, -1.0, 0.0));
  EXPECT_FALSE(crosses(Crossing::rising, 1.0, -0.5));
  EXPECT_FALSE(crosses(Crossing::rising, 0.0, 0.5));  // starting on the surface is not a crossing
  EXPECT_TRUE(crosses(Crossing::falling, 1.0, -0.5));
  EXPECT_TRUE(crosses(Crossing::falling, 1.0, 0.0));
  EXPECT_FALSE(crosses(Crossing::falling, -1.0, 0.5));
  EXPECT_FALSE(crosses(Crossing::falling, 0.0, -0.5));
  EXPECT_TRUE(crosses(Crossing::either, -1.0, 0.5));
  EXPECT_TRUE(crosses(Crossing::either, 1.0, -0.5));
  EXPECT_FALSE(crosses(Crossing::either, 1.0, 0.5));
  EXPECT_FALSE(crosses(Crossing::either, -1.0, -0.5));
}

struct RootCase {
  const char* name;
  std::function<double(double)> g;
  double root;
};

TEST(Events, LocatesKnownRootsToTheTolerance) {
  const std::vector<RootCase> cases{
      {"cosine", [](double t) { return std::cos(t); }, M_PI / 2},
      {"falling parabola", [](double t) { return 10.0 - 4.905 * t * t; }, std::sqrt(10.0 / 4.905)},
      // flat near the root and steep at one end: plain false position keeps one end for ever
      {"ninth power", [](double t) { return std::pow(t - 1.3, 9) + 1e-3 * (t - 1.3); }, 1.3},
      {"exponential", [](double t) { return std::exp(5 * t) - 20.0; }, std::log(20.0) / 5},
      {"kink", [](double t) { return t < 0.7 ? -1e-8 : t - 0.7 + 1e-3; }, 0.7},
  };
  for (const RootCase& c : cases) {
    for (double tolerance : {1e-12, 1e-9}) {
      int evaluations = 0;
      const auto counted = [&](double t) {
        ++evaluations;
        return c.g(t);
      };
      const double a = c.root - 0.37, b = c.root + 0.21;
      const double t = locate_crossing(counted, a, c.g(a), b, c.g(b), tolerance);
      EXPECT_NEAR(t, c.root, tolerance) << c.name;
      // bisections alone would need log2((b - a) / tolerance); the safeguard costs at most 3 times that
      EXPECT_LE(evaluations, 3 * std::ceil(std::log2((b - a) / tolerance))) << c.name;
      // the returned end is past the crossing
      EXPECT_TRUE(c.g(t) == 0 || std::signbit(c.g(t)) == std::signbit(c.g(b))) << c.name;
    }
  }
}

TEST(Events, FalsePositionIsFastOnSmoothRoots) {
  // a step of 0.01 s bracketing a smooth crossing, as the driver sees it
  for (const auto& g : std::vector<std::function<double(double)>>{[](double t) { return std::cos(t); },
                                                                  [](double t) { return 10.0 - 4.905 * t * t; },
                                                                  [](double t) { return std::exp(5 * t) - 20.0; }}) {
    int evaluations = 0;
    const auto counted = [&](double t) {
      ++evaluations;
      return g(t);
    };
    double a = 0.0;
    while (!crosses(Crossing::either, g(a), g(a + 0.01))) a += 0.01;
    locate_crossing(counted, a, g(a), a + 0.01, g(a + 0.01), 1e-12);
    EXPECT_LE(evaluations, 8);
  }
}

}  // namespace
}  // namespace dyngen::integrators
