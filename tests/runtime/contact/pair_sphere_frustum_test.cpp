// Sphere/point - truncated cone against a brute-force oracle: the frustum surface sampled densely,
// penetration = R_S - (signed) distance of the centre from the nearest sample.
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;
using testing::kPi;
using testing::revolve;

struct Tally {
  int contact = 0;
  int separated = 0;
  int on_rim = 0;
};

// Receiving-cone segment: radius 0.40 m at x = 0 narrowing to 0.10 m at x = 0.30 m (free space inside).
Tally check_random_configurations(double sphere_radius, unsigned seed) {
  const Frustum frustum{{0.0, 0.40}, {0.30, 0.10}};
  const double max_penetration = 0.005;
  const PreparedFrustum pair = prepare_sphere_frustum(frustum, sphere_radius, 4 * max_penetration);
  const Vec2 span = frustum.rim2 - frustum.rim1;
  // meridian normal towards larger r, built independently of the pair's constants
  const Vec2 outward = Vec2(span.y(), -span.x()).normalized() * (span.x() > 0 ? -1.0 : 1.0);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Tally tally;
  for (int k = 0; k < 10000; ++k) {
    const double s = -0.15 + 1.3 * unit(rng);
    const double depth = -(sphere_radius + 0.01) + (sphere_radius + 0.02) * unit(rng);
    const double phi = -kPi + 2 * kPi * unit(rng);
    const Vec2 m = frustum.rim1 + s * span + depth * outward;
    const Vec3 center = revolve(m.x(), m.y(), phi);

    const auto surface = [&](double u, double v) {
      const Vec2 w = frustum.rim1 + u * span;
      return revolve(w.x(), w.y(), v);
    };
    const auto best = grid_minimum([&](double u, double v) { return (surface(u, v) - center).squaredNorm(); }, 0.0,
                                   1.0, -kPi, kPi, true);
    const Vec3 p = surface(best.u, best.v);
    const double distance = std::sqrt(best.value);
    // inside the material when the centre's radius exceeds the wall's at the same abscissa
    const double wall_r = frustum.rim1.y() + (center.x() - frustum.rim1.x()) * span.y() / span.x();
    const bool in_material = std::hypot(center.y(), center.z()) > wall_r;
    const double oracle = sphere_radius + (in_material ? distance : -distance);
    if (std::abs(oracle) < 1e-6) continue;  // tangency

    PairContact c;
    const PairOutcome o = sphere_frustum(pair, center, c);
    const bool rim = best.u < 1e-9 || best.u > 1.0 - 1e-9;
    if (rim) {
      // the nearest point is an edge: that contact belongs to the boundary-circle pair
      EXPECT_NE(o, PairOutcome::contact) << "k=" << k;
      ++tally.on_rim;
      continue;
    }
    if (oracle <= 0.0) {
      EXPECT_EQ(o, PairOutcome::separated) << "k=" << k << " oracle " << oracle;
      ++tally.separated;
      continue;
    }
    EXPECT_EQ(o, PairOutcome::contact) << "k=" << k << " oracle " << oracle;
    if (o != PairOutcome::contact) continue;
    ++tally.contact;
    EXPECT_NEAR(c.penetration, oracle, 1e-8);
    const Vec3 normal = in_material ? (center - p).normalized() : (p - center).normalized();
    // sampling accuracy: the nearest sample is located to ~1e-8 m, the normal to that over the distance
    if (distance > 1e-6) {
      EXPECT_LT((c.normal - normal).norm(), 1e-6 + 1e-7 / distance) << "k=" << k;
    }
    EXPECT_LT((c.point_second - p).norm(), 1e-6) << "k=" << k << " u " << best.u << " v " << best.v << " d " << distance
                                                 << " centre " << center.transpose() << " oracle " << oracle;
    EXPECT_LT((c.point_first - (center + sphere_radius * c.normal)).norm(), 1e-12);
  }
  return tally;
}

TEST(SphereFrustum, AgreesWithSampledSurfaceForSpheres) {
  const Tally t = check_random_configurations(0.05, 11);
  EXPECT_GT(t.contact, 1500);
  EXPECT_GT(t.separated, 1000);
  EXPECT_GT(t.on_rim, 500);
}

TEST(SphereFrustum, AgreesWithSampledSurfaceForPoints) {
  const Tally t = check_random_configurations(0.0, 12);
  EXPECT_GT(t.contact, 1500);
  EXPECT_GT(t.separated, 1500);
}

TEST(SphereFrustum, RangePreCheckRejectsFarCentres) {
  const PreparedFrustum pair = prepare_sphere_frustum(Frustum{{0.0, 0.40}, {0.30, 0.10}}, 0.05, 0.02);
  PairContact c;
  EXPECT_EQ(sphere_frustum(pair, Vec3(-0.5, 0.1, 0.0), c), PairOutcome::separated);
  EXPECT_EQ(sphere_frustum(pair, Vec3(0.1, 0.0, 0.0), c), PairOutcome::separated);
  EXPECT_FALSE(pair.range.contains(1.0, 0.2));
}

}  // namespace
}  // namespace dyngen::contact
