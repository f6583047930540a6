// Segment - segment (contact preprint sec. 3, fig. 13).
#include "contact/pairs.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::contact {

// The preprint intersects L_A with the plane S_NA (through L_P, normal to the plane S_PA that
// contains L_P and is parallel to L_A) and L_P with S_NP; the two parameters are the feet of the
// common perpendicular, obtained here from the 2x2 normal equations of |O_A + t_A L_A - O_P - t_P L_P|^2.
PairOutcome segment_segment(const Segment& active, const Segment& passive, const Vec3& approach, double reach,
                            PairContact& out) {
  const Vec3& LA = active.vector;
  const Vec3& LP = passive.vector;
  const Vec3 w = active.origin - passive.origin;
  const double a = LA.dot(LA);
  const double b = LA.dot(LP);
  const double c = LP.dot(LP);
  const double d = LA.dot(w);
  const double e = LP.dot(w);
  // a c - b^2 = |L_A x L_P|^2
  const double denominator = a * c - b * b;
  if (denominator <= kMinSegmentSine * kMinSegmentSine * a * c) {
    if (denominator <= 0.0) return PairOutcome::separated;
    // parallel segments have no isolated common perpendicular: invalid only when they overlap
    // within `reach` of each other; s0, s1: the passive ends as parameters along L_A
    const double s0 = -d / a;
    const double s1 = s0 + b / a;
    const double gap = (w + s0 * LA).norm();
    if (std::max(std::min(s0, s1), 0.0) > std::min(std::max(s0, s1), 1.0) || gap > reach) return PairOutcome::separated;
    out.range_value = std::sqrt(denominator / (a * c));
    return PairOutcome::outside_valid_range;
  }
  // t_CA, t_CP: feet of the common perpendicular on L_A and L_P
  const double t_A = (b * e - c * d) / denominator;
  const double t_P = (a * e - b * d) / denominator;
  if (t_A < 0.0 || t_A > 1.0 || t_P < 0.0 || t_P > 1.0) return PairOutcome::separated;
  const Vec3 C_A = active.origin + t_A * LA;
  const Vec3 C_P = passive.origin + t_P * LP;
  const Vec3 gap = C_A - C_P;
  // the active face has not yet gone through the passive one
  if (gap.dot(approach) < 0.0) return PairOutcome::separated;
  const double distance = gap.norm();
  // edges farther apart than `reach` are not in contact (engineering choice: the preprint has no
  // cut-off and relies on testing only edges that can meet)
  if (distance < kMinSegmentGap || distance > reach) return PairOutcome::separated;
  // Delta_n = |C_P C_A|, n_R = C_P C_A / Delta_n
  out.penetration = distance;
  out.normal = gap / distance;
  out.point_first = C_A;
  out.point_second = C_P;
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
