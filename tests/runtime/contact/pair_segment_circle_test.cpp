// Segment - circle against a brute-force oracle: the segment sampled densely for its crossing of the
// circle's plane (decision), both curves sampled for their minimum distance and its direction
// (penetration and normal), to sampling accuracy.
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;
using testing::kPi;

Vec3 random_unit(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return Vec3(n(rng), n(rng), n(rng)).normalized();
}

TEST(SegmentCircle, AgreesWithSampledCurves) {
  std::mt19937 rng(51);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int contacts = 0, separated = 0, off_segment = 0, end_nearest = 0;
  for (int k = 0; k < 10000; ++k) {
    // circle: centre near (0.2, 0, 0), axis within 15 degrees of X, radius 0.3 m
    const Vec3 tilt = random_unit(rng).cross(Vec3::UnitX()).normalized();
    const Vec3 axis = Eigen::AngleAxisd(0.26 * unit(rng), tilt) * Vec3::UnitX();
    const Circle circle{Vec3(0.2, 0.02 * unit(rng), -0.02 * unit(rng)), axis, 0.3};
    const Vec3 e1 = axis.unitOrthogonal(), e2 = axis.cross(e1);
    // segment of 0.1 m crossing the plane near the circle at 20..90 degrees to it
    const double psi = 2 * kPi * unit(rng);
    const Vec3 radial = std::cos(psi) * e1 + std::sin(psi) * e2;
    const Vec3 crossing = circle.center + (circle.radius - 0.008 + 0.016 * unit(rng)) * radial;
    Vec3 direction = random_unit(rng);
    const double elevation = 0.35 + (kPi / 2 - 0.35) * unit(rng);
    direction = (std::cos(elevation) * (direction - direction.dot(axis) * axis).normalized() +
                 std::sin(elevation) * axis);
    const double t0 = -0.1 + 1.2 * unit(rng);
    const Segment segment{crossing - t0 * 0.1 * direction, 0.1 * direction};

    // decision by sampling: sign change of the plane distance along the segment
    const auto point = [&](double t) { return Vec3(segment.origin + t * segment.vector); };
    const auto height = [&](double t) { return axis.dot(point(t) - circle.center); };
    double t_cross = -1.0;
    constexpr int samples = 4000;
    for (int i = 0; i < samples; ++i) {
      const double ta = double(i) / samples, tb = double(i + 1) / samples;
      if ((height(ta) <= 0) != (height(tb) <= 0)) {
        t_cross = ta + (tb - ta) * height(ta) / (height(ta) - height(tb));
        break;
      }
    }
    PairContact c;
    const PairOutcome o = segment_circle(segment, circle, 1.0, c);
    if (t_cross < 0) {
      if (std::abs(t0) > 1e-3 && std::abs(t0 - 1) > 1e-3) {
        EXPECT_EQ(o, PairOutcome::separated) << "k=" << k;
      }
      ++off_segment;
      continue;
    }
    const double lateral = (point(t_cross) - circle.center).norm() - circle.radius;
    if (std::abs(lateral) < 1e-6) continue;
    if (lateral < 0) {
      EXPECT_EQ(o, PairOutcome::separated) << "k=" << k;
      ++separated;
      continue;
    }
    EXPECT_EQ(o, PairOutcome::contact) << "k=" << k;
    if (o != PairOutcome::contact) continue;
    ++contacts;
    const auto on_circle = [&](double phi) {
      return Vec3(circle.center + circle.radius * (std::cos(phi) * e1 + std::sin(phi) * e2));
    };
    const auto best = grid_minimum([&](double t, double phi) { return (point(t) - on_circle(phi)).squaredNorm(); },
                                   0.0, 1.0, -kPi, kPi, true);
    // the penetration is the common-normal distance: compare where the nearest points are interior
    if (best.u < 1e-7 || best.u > 1 - 1e-7) {
      ++end_nearest;
      continue;
    }
    const Vec3 gap = point(best.u) - on_circle(best.v);
    const double distance = gap.norm();
    Vec3 normal = gap / distance;
    if (normal.dot(radial) < 0) normal = -normal;
    EXPECT_NEAR(c.penetration, distance, 1e-8) << "k=" << k;
    EXPECT_LT((c.normal - normal).norm(), 1e-6 + 1e-7 / distance) << "k=" << k;
    EXPECT_LT((c.point_first - point(best.u)).norm(), 1e-6) << "k=" << k;
    EXPECT_LT((c.point_second - on_circle(best.v)).norm(), 1e-6) << "k=" << k;
  }
  EXPECT_GT(contacts, 2500);
  EXPECT_GT(separated, 2500);
  EXPECT_GT(off_segment, 500);
  EXPECT_LT(end_nearest, contacts / 4);
}

TEST(SegmentCircle, SegmentAlongThePlaneIsOutsideTheValidRange) {
  const Circle circle{Vec3::Zero(), Vec3::UnitX(), 0.3};
  // crosses the plane at radius 0.31 m at 0.03 degrees to it
  const Segment s{Vec3(-0.5e-4, 0.31, -0.1), Vec3(1e-4, 0.0, 0.2)};
  PairContact c;
  EXPECT_EQ(segment_circle(s, circle, 1.0, c), PairOutcome::outside_valid_range);
  EXPECT_LT(c.range_value, kMinCrossingSine);
}

TEST(SegmentCircle, CrossingFartherOutThanTheReachIsNotAtThisEdge) {
  const Circle circle{Vec3::Zero(), Vec3::UnitX(), 0.3};
  const Segment s{Vec3(-0.05, 0.33, 0.0), Vec3(0.1, 0.0, 0.0)};
  PairContact c;
  EXPECT_EQ(segment_circle(s, circle, 0.02, c), PairOutcome::separated);
  ASSERT_EQ(segment_circle(s, circle, 0.04, c), PairOutcome::contact);
  EXPECT_NEAR(c.penetration, 0.03, 1e-12);
  EXPECT_LT((c.normal - Vec3::UnitY()).norm(), 1e-12);
}

// The broad phase's bound: farther_from_circle is never true for a point within `distance` of the
// circle (its nearest point by sampling), and a segment whose midpoint is farther than its half
// length plus the reach from the circle has no contact with it.
TEST(SegmentCircle, FartherFromCircleBoundsTheDistance) {
  std::mt19937 rng(52);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int far = 0, near = 0;
  for (int k = 0; k < 5000; ++k) {
    const Circle circle{Vec3(0.1 * unit(rng), 0.0, 0.0), random_unit(rng), 0.05 + 0.5 * unit(rng)};
    const Vec3 p = circle.center + (0.8 * unit(rng)) * random_unit(rng);
    const double distance = 0.3 * unit(rng);
    const Vec3 e1 = circle.axis.unitOrthogonal(), e2 = circle.axis.cross(e1);
    // sampled at 4096 angles: above the true distance by at most R (1 - cos(pi / 4096)) < 2e-7
    double sampled = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 4096; ++i) {
      const double phi = 2 * kPi * i / 4096;
      sampled = std::min(sampled, (circle.center + circle.radius * (std::cos(phi) * e1 + std::sin(phi) * e2) - p).norm());
    }
    if (farther_from_circle(p, circle, distance)) {
      ++far;
      EXPECT_GT(sampled, distance) << "k = " << k;
      // a segment about p of half length distance - reach, in any direction
      const double reach = 0.005 + 0.01 * unit(rng);
      const Vec3 half = std::max(distance - reach, 0.0) * random_unit(rng);
      PairContact c;
      EXPECT_EQ(segment_circle(Segment{p - half, 2 * half}, circle, reach, c), PairOutcome::separated) << "k = " << k;
    } else {
      ++near;
      // conservative by at most the corner of the slab |h| <= distance and the annulus
      // |rho - R| <= distance: sqrt(2) distance
      EXPECT_LE(sampled, std::sqrt(2.0) * distance + 1e-6) << "k = " << k;
    }
  }
  EXPECT_GT(far, 1200);
  EXPECT_GT(near, 500);
}

}  // namespace
}  // namespace dyngen::contact
