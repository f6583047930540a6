// Segment - circle (contact preprint sec. 2, fig. 7, steps 1-8).
#include "contact/pairs.hpp"

#include <cmath>

namespace dyngen::contact {

PairOutcome segment_circle(const Segment& segment, const Circle& circle, PairContact& out) {
  const Vec3& L = segment.vector;
  // plane of the circle: A x + B y + C z + D = 0 with (A, B, C) = P_T - P_B (here the unit axis)
  const double rate = circle.axis.dot(L);
  const double offset = circle.axis.dot(circle.center - segment.origin);
  // t_C = -(A x_1 + B y_1 + C z_1 + D) / (A l + B m + C n), crossing within [0, 1] only
  if (rate == 0.0) return PairOutcome::separated;
  const double t = offset / rate;
  if (t < 0.0 || t > 1.0) return PairOutcome::separated;
  const Vec3 crossing = segment.origin + t * L;
  const Vec3 radial = crossing - circle.center;
  const double d_L = radial.norm();
  // Delta = d_L - R_C: the crossing lies in the material outside the circle
  const double lateral = d_L - circle.radius;
  if (lateral <= 0.0) return PairOutcome::separated;
  const double length = L.norm();
  if (std::abs(rate) < kMinCrossingSine * length) {
    out.range_value = std::abs(rate) / length;
    return PairOutcome::outside_valid_range;
  }
  // n_C: unit radius of the circle through P_C
  const Vec3 n_C = radial / d_L;
  // n_S: normal of the plane S through P_C, P_B, P_T, i.e. the circle's tangent at P_C
  const Vec3 n_S = circle.axis.cross(n_C);
  // n_R = L x n_S / |L x n_S|, oriented so that the circle's body is pushed outwards
  Vec3 n_R = L.cross(n_S).normalized();
  double cosine = n_R.dot(n_C);
  if (cosine < 0.0) {
    n_R = -n_R;
    cosine = -cosine;
  }
  // Delta_n = Delta (n_R . n_C)
  out.penetration = lateral * cosine;
  out.normal = n_R;
  out.point_first = crossing;
  out.point_second = crossing - out.penetration * n_R;
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
