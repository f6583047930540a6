// Approximated cone (2^N + 1 generatrices) - circle: the bisection with the monotone-length
// modification against an exhaustive scan of all generatrices, on random circles around a guide
// petal whose side faces shorten the outer generatrices.
#include "contact/pairs.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <cstdio>
#include <limits>
#include <random>

namespace dyngen::contact {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

Vec3 on_cone(double base_x, double base_radius, double half_angle, double phi, double s) {
  return Vec3(base_x + s * std::cos(half_angle), (base_radius - s * std::sin(half_angle)) * std::cos(phi),
              (base_radius - s * std::sin(half_angle)) * std::sin(phi));
}

// Active petal of a peripheral ring: generatrices from radius 0.42 m just behind the ring plane,
// leaning inwards at 30 degrees, 70 degrees wide at the base, 24 degrees at the top; the flat side
// faces pass through the base corners (slightly outside the first/last generatrix) and the top
// corners and lean inwards.
ApproximatedConeSpec petal(int levels) {
  ApproximatedConeSpec spec;
  spec.levels = levels;
  spec.base_x = -0.02;
  spec.base_radius = 0.42;
  spec.half_angle = 30 * kDeg;
  spec.direction = 1.0;
  spec.azimuth_begin = -35 * kDeg;
  spec.azimuth_end = 35 * kDeg;
  spec.max_length = 0.25;
  for (const double side : {-1.0, 1.0}) {
    const Vec3 base = on_cone(spec.base_x, spec.base_radius, spec.half_angle, side * 37 * kDeg, 0.0);
    const Vec3 top = on_cone(spec.base_x, spec.base_radius, spec.half_angle, side * 12 * kDeg, spec.max_length);
    const Vec3 inward = base - 0.03 * Vec3(0.0, std::cos(side * 37 * kDeg), std::sin(side * 37 * kDeg));
    spec.side_faces.push_back({base, top, inward});
  }
  return spec;
}

TEST(ApproximatedCone, GeneratedLengthsRiseMonotonicallyAlongTheSideFaces) {
  const ApproximatedCone cone = make_approximated_cone(petal(8));
  ASSERT_EQ(cone.starts.size(), 257u);
  const int middle = 128;
  for (int i = 0; i < middle; ++i) EXPECT_LE(cone.vectors[i].norm(), cone.vectors[i + 1].norm() + 1e-15) << i;
  for (int i = middle; i < 256; ++i) EXPECT_GE(cone.vectors[i].norm() + 1e-15, cone.vectors[i + 1].norm()) << i;
  EXPECT_NEAR(cone.vectors[middle].norm(), 0.25, 1e-12);
  EXPECT_LT(cone.vectors[0].norm(), 0.05);
  EXPECT_GT(cone.vectors[0].norm(), 0.0);
}

TEST(ApproximatedCone, BisectionFindsTheGeneratrixOfAnExhaustiveScan) {
  for (const int levels : {4, 8, 10}) {
    const ApproximatedCone cone = make_approximated_cone(petal(levels));
    const int count = static_cast<int>(cone.starts.size());
    std::mt19937 rng(70 + levels);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int contacts = 0, separated = 0, modified = 0, max_total = 0, behind_starts = 0;
    long total = 0;
    for (int k = 0; k < 10000; ++k) {
      // the other ring's inner circle (R_R = 0.40 m): offset up to 40 mm, tilt up to 10 degrees
      const double tilt = 10 * kDeg * unit(rng), tilt_dir = 2 * std::numbers::pi * unit(rng);
      const Vec3 axis = Eigen::AngleAxisd(tilt, Vec3(0.0, std::cos(tilt_dir), std::sin(tilt_dir))) * Vec3::UnitX();
      const double offset = 0.04 * unit(rng), offset_dir = 2 * std::numbers::pi * unit(rng);
      const Circle circle{Vec3(-0.04 + 0.3 * unit(rng), offset * std::cos(offset_dir), offset * std::sin(offset_dir)),
                          axis, 0.40};
      // valid range (preprint sec. 3: the starts lie on R_R,max behind the ring plane so that they
      // cannot pass the other ring's circle): the circle's plane lies ahead of every start
      double lead = std::numeric_limits<double>::infinity();
      for (int i = 0; i < count; ++i) lead = std::min(lead, axis.dot(circle.center - cone.starts[i]) / axis.x());
      // the closed form over the arc is the minimum over its 2^N + 1 samples, to sampling accuracy
      const double closed_form = plane_lead_over_starts(cone, circle);
      EXPECT_LE(closed_form, lead + 1e-12) << "k=" << k;
      EXPECT_GE(closed_form, lead - 1e-3 / count) << "k=" << k;
      if (std::abs(lead) < 1e-6) continue;
      if (lead < 0) {
        ++behind_starts;
        PairContact c;
        ConeSearch search;
        EXPECT_EQ(approximated_cone_circle(cone, circle, 1.0, c, search), PairOutcome::outside_valid_range);
        EXPECT_LT(c.range_value, 0.0);
        EXPECT_EQ(search.evaluated, 0);
        continue;
      }
      // exhaustive scan: among generatrices crossing the plane within their length, the largest d
      int best = -1;
      double best_d = -1.0;
      for (int i = 0; i < count; ++i) {
        const double rate = axis.dot(cone.vectors[i]);
        const double t = axis.dot(circle.center - cone.starts[i]) / rate;
        if (t < 0 || t > 1) continue;
        const double d = (cone.starts[i] + t * cone.vectors[i] - circle.center).norm();
        if (d > best_d) best_d = d, best = i;
      }
      const bool oracle_contact = best >= 0 && best_d > circle.radius;
      PairContact c;
      ConeSearch search;
      const PairOutcome o = approximated_cone_circle(cone, circle, 1.0, c, search);
      EXPECT_LE(search.bisection_evaluated, levels + 2) << "k=" << k;
      max_total = std::max(max_total, search.evaluated);
      total += search.evaluated;
      // beyond the bisection and its two neighbour checks: the slope search or the walks ran
      if (search.evaluated > search.bisection_evaluated + 2) ++modified;
      if (oracle_contact && best_d - circle.radius < 1e-9) continue;  // tangency
      EXPECT_EQ(o == PairOutcome::contact, oracle_contact) << "k=" << k << " levels " << levels;
      if (o != PairOutcome::contact || !oracle_contact) {
        ++separated;
        continue;
      }
      ++contacts;
      EXPECT_EQ(search.generatrix, best) << "k=" << k << " levels " << levels;
      // the contact is the segment-circle contact of that generatrix
      PairContact direct;
      ASSERT_EQ(segment_circle(Segment{cone.starts[best], cone.vectors[best]}, circle, 1.0, direct), PairOutcome::contact);
      EXPECT_DOUBLE_EQ(c.penetration, direct.penetration);
    }
    EXPECT_GT(contacts, 1000) << levels;
    EXPECT_GT(separated, 2000) << levels;
    EXPECT_GT(modified, 300) << levels;
    EXPECT_GT(behind_starts, 100) << levels;
    EXPECT_LT(behind_starts, 2500) << levels;
    const double mean = double(total) / (10000 - behind_starts);
    EXPECT_LT(mean, 2.0 * levels + 2.0) << levels;
    std::printf("N = %d: %d configurations, %d contacts; generatrices evaluated: mean %.2f, max %d (of %d); "
                "slope search or walks used %d times\n", levels, 10000 - behind_starts, contacts, mean, max_total,
                (1 << levels) + 1, modified);
  }
}

TEST(ApproximatedCone, CoaxialCircleTakesTheMiddleGeneratrixAfterThreeEvaluations) {
  ApproximatedConeSpec spec = petal(8);
  spec.side_faces.clear();
  const ApproximatedCone cone = make_approximated_cone(spec);
  PairContact c;
  ConeSearch search;
  // crossing radius 0.42 - 0.04 tan(30 deg) ~ 0.397 < 0.40: coaxial, no contact, which the arc
  // bound tells before any generatrix is evaluated
  EXPECT_EQ(approximated_cone_circle(cone, Circle{Vec3(-0.02 + 0.04, 0, 0), Vec3::UnitX(), 0.40}, 1.0, c, search),
            PairOutcome::separated);
  EXPECT_EQ(search.evaluated, 0);
  EXPECT_EQ(approximated_cone_circle(cone, Circle{Vec3(0.0, 0, 0), Vec3::UnitX(), 0.40}, 1.0, c, search),
            PairOutcome::contact);
  EXPECT_EQ(search.generatrix, 128);
  EXPECT_EQ(search.bisection_evaluated, 3);
  EXPECT_EQ(search.evaluated, 5);  // and the two neighbours
}

// The valid-range measure for a petal running towards -X and arcs crossing phi = pi: the closed
// form over the arc against the minimum over the 2^N + 1 sampled starts.
TEST(ApproximatedCone, PlaneLeadMatchesTheSampledStartsForBothDirections) {
  std::mt19937 rng(71);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const double direction : {1.0, -1.0}) {
    ApproximatedConeSpec spec = petal(8);
    spec.side_faces.clear();
    spec.direction = direction;
    spec.base_x = -0.02 * direction;
    spec.azimuth_begin = 150 * kDeg;
    spec.azimuth_end = 220 * kDeg;
    const ApproximatedCone cone = make_approximated_cone(spec);
    for (int k = 0; k < 2000; ++k) {
      const double tilt = 30 * kDeg * unit(rng), tilt_dir = 2 * std::numbers::pi * unit(rng);
      const Vec3 axis = (unit(rng) < 0.5 ? 1.0 : -1.0) *
                        (Eigen::AngleAxisd(tilt, Vec3(0.0, std::cos(tilt_dir), std::sin(tilt_dir))) * Vec3::UnitX());
      const Circle circle{Vec3(direction * (0.1 * unit(rng) - 0.05), 0.1 * unit(rng), 0.1 * unit(rng)), axis, 0.4};
      double lead = std::numeric_limits<double>::infinity();
      for (const Vec3& start : cone.starts)
        lead = std::min(lead, direction * axis.dot(circle.center - start) / axis.x());
      const double closed_form = plane_lead_over_starts(cone, circle);
      EXPECT_LE(closed_form, lead + 1e-12) << direction << " " << k;
      EXPECT_GE(closed_form, lead - 1e-5) << direction << " " << k;
    }
  }
}

// Before the bisection: a plane the petal's bounding sphere lies short of (seen along the petal)
// cannot be crossed by a generatrix, so the pair is separated without evaluating one; a plane behind
// the starts, however far, is still outside the valid range.
TEST(ApproximatedCone, APetalShortOfThePlaneIsSeparatedWithoutAnEvaluation) {
  const ApproximatedCone cone = make_approximated_cone(petal(8));
  for (const double tip : {0.0, 0.3, 2.0}) {
    PairContact c;
    ConeSearch search;
    const Vec3 axis = Eigen::AngleAxisd(0.2, Vec3::UnitZ()) * Vec3::UnitX();
    const PairOutcome o = approximated_cone_circle(cone, Circle{Vec3(0.25 + tip, 0.02, 0), axis, 0.40}, 1.0, c, search);
    EXPECT_EQ(o, PairOutcome::separated) << tip;
    if (tip > 0.1) {
      EXPECT_EQ(search.evaluated, 0) << tip;  // beyond the sphere about the petal
    }
  }
  PairContact c;
  ConeSearch search;
  EXPECT_EQ(approximated_cone_circle(cone, Circle{Vec3(-2.0, 0, 0), Vec3::UnitX(), 0.40}, 1.0, c, search),
            PairOutcome::outside_valid_range);
  EXPECT_EQ(search.evaluated, 0);
}

// The arc bound of the broad phase (crossings_inside_circle) against every generatrix line's d on
// random circles around petals running both ways, arcs on either side of phi = pi included: never
// true where some d reaches R_R (the search's outcome is then unchanged), and true for nearly every
// circle whose largest d falls short of R_R by more than a millimetre (circles offset up to 60 mm
// and tilted up to 10 degrees, as a docking ring before contact).
TEST(ApproximatedCone, ArcBoundHoldsEveryGeneratrixAndRejectsCirclesClearOfThePetal) {
  std::mt19937 rng(72);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const double direction : {1.0, -1.0}) {
    for (const double azimuth : {0.0, 180 * kDeg}) {
      ApproximatedConeSpec spec = petal(6);
      spec.side_faces.clear();
      spec.direction = direction;
      spec.base_x = -0.02 * direction;
      spec.azimuth_begin += azimuth;
      spec.azimuth_end += azimuth;
      const ApproximatedCone cone = make_approximated_cone(spec);
      int clear = 0, clear_rejected = 0, rejected = 0;
      for (int k = 0; k < 4000; ++k) {
        const double tilt = 10 * kDeg * unit(rng), tilt_dir = 2 * std::numbers::pi * unit(rng);
        const Vec3 axis = (unit(rng) < 0.5 ? 1.0 : -1.0) *
                          (Eigen::AngleAxisd(tilt, Vec3(0.0, std::cos(tilt_dir), std::sin(tilt_dir))) * Vec3::UnitX());
        const double offset = 0.06 * unit(rng), offset_dir = 2 * std::numbers::pi * unit(rng);
        const Circle circle{Vec3(direction * (0.3 * unit(rng) - 0.04), offset * std::cos(offset_dir),
                                 offset * std::sin(offset_dir)),
                            axis, 0.38 + 0.04 * unit(rng)};
        double largest = 0.0;
        for (std::size_t i = 0; i < cone.starts.size(); ++i) {
          GeneratrixCrossing g;
          if (generatrix_crossing(cone.starts[i], cone.vectors[i], circle, g))
            largest = std::max(largest, std::sqrt(g.distance_squared));
        }
        const bool inside = crossings_inside_circle(cone, circle);
        rejected += inside;
        if (inside) {
          EXPECT_LT(largest, circle.radius) << direction << " " << azimuth << " " << k;
        }
        if (largest < circle.radius - 1e-3) {
          ++clear;
          clear_rejected += inside;
        }
      }
      std::printf("direction %+.0f, arc at %3.0f deg: %d of 4000 circles rejected; of the %d clear by 1 mm, %d\n",
                  direction, azimuth / kDeg, rejected, clear, clear_rejected);
      EXPECT_GT(clear, 1000);
      EXPECT_GE(clear_rejected, 0.99 * clear);
    }
  }
}

TEST(ApproximatedCone, APlaneContainingTheConeAxisIsOutsideTheValidRange) {
  const ApproximatedCone cone = make_approximated_cone(petal(6));
  PairContact c;
  ConeSearch search;
  EXPECT_EQ(approximated_cone_circle(cone, Circle{Vec3(0.1, 0, 0), Vec3::UnitY(), 0.40}, 1.0, c, search),
            PairOutcome::outside_valid_range);
  EXPECT_EQ(c.range_value, 0.0);
}

TEST(ApproximatedCone, RejectsAGeneratrixStartingOutsideItsSideFaces) {
  ApproximatedConeSpec spec = petal(6);
  spec.azimuth_begin = -45 * kDeg;
  EXPECT_THROW(make_approximated_cone(spec), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::contact
