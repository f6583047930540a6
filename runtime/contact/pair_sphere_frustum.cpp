// Sphere/point - truncated cone (contact preprint sec. 2, fig. 5a).
#include "contact/meridian.hpp"
#include "contact/pairs.hpp"

#include <algorithm>

namespace dyngen::contact {

// The preprint's constants x_C,min, x_C,max, d_L,min, d_L,max, generalised: the box bounding every
// centre whose foot lies on the generatrix and whose signed depth s behind the wall is in
// [-R_S, depth_margin] (tangent sphere ... centre past the wall).
PreparedFrustum prepare_sphere_frustum(const Frustum& frustum, double sphere_radius, double depth_margin) {
  PreparedFrustum p;
  p.rim1 = frustum.rim1;
  const Vec2 span = frustum.rim2 - frustum.rim1;
  p.length = span.norm();
  p.along = span / p.length;
  // normal to the generatrix towards larger r: (n_CX, n_CL) = (-+sin a_C, cos a_C)
  p.normal = Vec2(-p.along.y(), p.along.x());
  if (p.normal.y() < 0.0) p.normal = -p.normal;
  p.sphere_radius = sphere_radius;
  p.depth_margin = depth_margin;
  const Vec2 corners[4] = {frustum.rim1 - sphere_radius * p.normal, frustum.rim2 - sphere_radius * p.normal,
                           frustum.rim1 + depth_margin * p.normal, frustum.rim2 + depth_margin * p.normal};
  p.range = {corners[0].x(), corners[0].x(), corners[0].y(), corners[0].y()};
  for (const Vec2& c : corners) {
    p.range.x_min = std::min(p.range.x_min, c.x());
    p.range.x_max = std::max(p.range.x_max, c.x());
    p.range.r_min = std::min(p.range.r_min, c.y());
    p.range.r_max = std::max(p.range.r_max, c.y());
  }
  return p;
}

PairOutcome sphere_frustum(const PreparedFrustum& pair, const Vec3& center, PairContact& out) {
  if (center.x() < pair.range.x_min || center.x() > pair.range.x_max) return PairOutcome::separated;
  const Meridian m(center);
  if (!pair.range.contains(m.x, m.r)) return PairOutcome::separated;
  const Vec2 q = m.point() - pair.rim1;
  // foot of the normal from P_S on the generatrix; off the segment the contact belongs to an edge
  const double foot = q.dot(pair.along);
  if (foot < 0.0 || foot > pair.length) return PairOutcome::separated;
  // d_S: signed distance of P_S from the wall along its normal, negative in free space
  const double depth = q.dot(pair.normal);
  // Delta_n = R_S - d_S
  const double penetration = pair.sphere_radius + depth;
  if (penetration <= 0.0 || depth > pair.depth_margin) return PairOutcome::separated;
  if (m.r < kOnAxisRadius) {
    out.range_value = m.r;
    return PairOutcome::outside_valid_range;
  }
  out.penetration = penetration;
  out.normal = m.lift_vector(pair.normal);
  out.point_first = center + pair.sphere_radius * out.normal;
  out.point_second = m.lift_point(pair.rim1 + foot * pair.along);
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
