// Segment - segment against a brute-force oracle: both segments sampled densely, the minimum
// distance, its direction and the side it points to.
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;

Vec3 random_unit(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return Vec3(n(rng), n(rng), n(rng)).normalized();
}

TEST(SegmentSegment, AgreesWithSampledSegments) {
  std::mt19937 rng(61);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int contacts = 0, behind = 0, off = 0;
  for (int k = 0; k < 10000; ++k) {
    const Segment passive{Vec3(0.3 * unit(rng), 0.5 * unit(rng), 0.5 * unit(rng)), 0.2 * random_unit(rng)};
    Vec3 direction = random_unit(rng);
    // keep crossing directions at least ~10 degrees from parallel
    if (direction.cross(passive.vector.normalized()).norm() < 0.17) continue;
    const Vec3 common = passive.vector.cross(direction).normalized();
    const double t_P = -0.1 + 1.2 * unit(rng), t_A = -0.1 + 1.2 * unit(rng);
    const double offset = -0.01 + 0.02 * unit(rng);
    const Vec3 foot = passive.origin + t_P * passive.vector + offset * common;
    const Segment active{foot - t_A * 0.15 * direction, 0.15 * direction};

    const auto pa = [&](double t) { return Vec3(active.origin + t * active.vector); };
    const auto pp = [&](double t) { return Vec3(passive.origin + t * passive.vector); };
    const auto best = grid_minimum([&](double a, double p) { return (pa(a) - pp(p)).squaredNorm(); }, 0.0, 1.0, 0.0,
                                   1.0, false);
    const Vec3 gap = pa(best.u) - pp(best.v);
    const double distance = gap.norm();
    if (distance < 1e-6) continue;
    PairContact c;
    const PairOutcome o = segment_segment(active, passive, Vec3::UnitX(), 0.02, c);
    const bool interior = best.u > 1e-7 && best.u < 1 - 1e-7 && best.v > 1e-7 && best.v < 1 - 1e-7;
    if (!interior) {
      // the nearest points include an end: no common perpendicular between the segments
      if (std::min({std::abs(t_A), std::abs(t_A - 1), std::abs(t_P), std::abs(t_P - 1)}) > 1e-4) {
        EXPECT_EQ(o, PairOutcome::separated) << "k=" << k;
      }
      ++off;
      continue;
    }
    if (std::abs(gap.x()) < 1e-9) continue;
    if (gap.x() < 0) {
      EXPECT_EQ(o, PairOutcome::separated) << "k=" << k;
      ++behind;
      continue;
    }
    EXPECT_EQ(o, PairOutcome::contact) << "k=" << k;
    if (o != PairOutcome::contact) continue;
    ++contacts;
    EXPECT_NEAR(c.penetration, distance, 1e-9);
    EXPECT_LT((c.normal - gap / distance).norm(), 1e-6 + 1e-8 / distance) << "k=" << k;
    EXPECT_LT((c.point_first - pa(best.u)).norm(), 1e-6);
    EXPECT_LT((c.point_second - pp(best.v)).norm(), 1e-6);
  }
  EXPECT_GT(contacts, 2000);
  EXPECT_GT(behind, 2000);
  EXPECT_GT(off, 2000);
}

TEST(SegmentSegment, EdgesFartherApartThanTheReachAreNotInContact) {
  const Segment passive{Vec3(0.0, -0.1, 0.0), Vec3(0.0, 0.2, 0.0)};
  const Segment active{Vec3(0.03, 0.0, -0.1), Vec3(0.0, 0.0, 0.2)};
  PairContact c;
  EXPECT_EQ(segment_segment(active, passive, Vec3::UnitX(), 0.02, c), PairOutcome::separated);
  EXPECT_EQ(segment_segment(active, passive, Vec3::UnitX(), 0.04, c), PairOutcome::contact);
  EXPECT_NEAR(c.penetration, 0.03, 1e-15);
}

TEST(SegmentSegment, OverlappingParallelSegmentsAreOutsideTheValidRange) {
  const Segment passive{Vec3::Zero(), Vec3(0.0, 0.2, 0.0)};
  const Segment active{Vec3(0.001, 0.05, 0.0), Vec3(0.0, 0.2, 1e-6)};
  PairContact c;
  EXPECT_EQ(segment_segment(active, passive, Vec3::UnitX(), 0.01, c), PairOutcome::outside_valid_range);
  const Segment far{Vec3(0.5, 0.05, 0.0), Vec3(0.0, 0.2, 1e-6)};
  EXPECT_EQ(segment_segment(far, passive, Vec3::UnitX(), 0.01, c), PairOutcome::separated);
}

}  // namespace
}  // namespace dyngen::contact
