// Segment - circle (contact preprint sec. 2, fig. 7, steps 1-8).
#include "contact/pairs.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::contact {

PairOutcome segment_circle(const Segment& segment, const Circle& circle, double reach, PairContact& out) {
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
  // beyond `reach` the crossing is not at this edge (engineering choice, as for segment-segment)
  if (lateral <= 0.0 || lateral > reach) return PairOutcome::separated;
  const double length = L.norm();
  if (std::abs(rate) < kMinCrossingSine * length) {
    out.range_value = std::abs(rate) / length;
    return PairOutcome::outside_valid_range;
  }
  // n_C: unit radius of the circle through P_C
  const Vec3 n_C = radial / d_L;
  // n_S: normal of the plane S through P_C, P_B, P_T, i.e. the circle's tangent at P_C
  const Vec3 n_S = circle.axis.cross(n_C);
  // n_R = L x n_S / |L x n_S|, oriented so that the circle's body is pushed outwards;
  // Delta_n = Delta (n_R . n_C) is the distance from the segment to that tangent
  Vec3 n_R = L.cross(n_S).normalized();
  if (n_R.dot(n_C) < 0.0) n_R = -n_R;
  const double preprint_penetration = lateral * n_R.dot(n_C);
  // Engineering addition: the tangent at the radial projection of P_C is off by O(Delta/R_C) for
  // oblique segments; three Newton steps on the circle angle theta (from that point) minimise
  // f(theta) = |w|^2 - (w.d)^2, w = C(theta) - P_1, the squared distance from the circle to the
  // segment's line, which gives the exact common normal and distance.
  const Vec3 d = L / length;
  double theta = 0.0;
  for (int step = 0; step < 3; ++step) {
    const double c = std::cos(theta), s = std::sin(theta);
    const Vec3 w = circle.center + circle.radius * (c * n_C + s * n_S) - segment.origin;
    const Vec3 w1 = circle.radius * (-s * n_C + c * n_S);
    const Vec3 w2 = -circle.radius * (c * n_C + s * n_S);
    const double wd = w.dot(d), w1d = w1.dot(d);
    // f'/2 and f''/2
    const double f1 = w.dot(w1) - wd * w1d;
    const double f2 = w1.dot(w1) + w.dot(w2) - w1d * w1d - wd * w2.dot(d);
    if (f2 <= 0.0) break;
    theta -= f1 / f2;
  }
  const Vec3 on_circle = circle.center + circle.radius * (std::cos(theta) * n_C + std::sin(theta) * n_S);
  const Vec3 on_segment = segment.origin + std::clamp((on_circle - segment.origin).dot(d), 0.0, length) * d;
  const Vec3 gap = on_segment - on_circle;
  const double distance = gap.norm();
  if (distance > 1e-12 * circle.radius && gap.dot(n_C) > 0.0) {
    out.penetration = distance;
    out.normal = gap / distance;
    out.point_first = on_segment;
    out.point_second = on_circle;
  } else {
    out.penetration = preprint_penetration;
    out.normal = n_R;
    out.point_first = crossing;
    out.point_second = crossing - preprint_penetration * n_R;
  }
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
