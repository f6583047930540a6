// Sphere/point - boundary circle between coaxial surfaces (contact preprint sec. 2, fig. 5b, 6b).
#include "contact/meridian.hpp"
#include "contact/pairs.hpp"

namespace dyngen::contact {

// Pre-check box: the centre lies within R_S of the edge point (x_CB, R_CB) of the meridian plane.
PreparedBoundaryCircle prepare_sphere_boundary_circle(const BoundaryCircle& edge, double sphere_radius) {
  PreparedBoundaryCircle p;
  p.edge = edge;
  p.sphere_radius = sphere_radius;
  p.range = {edge.x - sphere_radius, edge.x + sphere_radius, edge.radius - sphere_radius, edge.radius + sphere_radius};
  return p;
}

PairOutcome sphere_boundary_circle(const PreparedBoundaryCircle& pair, const Vec3& center, PairContact& out) {
  if (center.x() < pair.range.x_min || center.x() > pair.range.x_max) return PairOutcome::separated;
  const Meridian m(center);
  if (!pair.range.contains(m.x, m.r)) return PairOutcome::separated;
  const BoundaryCircle& e = pair.edge;
  // (d_BX, -d_BL): from the edge point to the sphere centre
  const Vec2 q = m.point() - Vec2(e.x, e.radius);
  // the closest point is the edge itself only inside the wedge of the two adjacent surfaces
  if (q.dot(e.along_before) > 0.0 || q.dot(e.along_after) > 0.0) return PairOutcome::separated;
  // d_B = sqrt(d_BL^2 + d_BX^2)
  const double distance = q.norm();
  // Delta_n = R_S - d_B
  const double penetration = pair.sphere_radius - distance;
  if (penetration <= 0.0) return PairOutcome::separated;
  if (m.r < kOnAxisRadius || distance == 0.0) {
    out.range_value = distance;
    return PairOutcome::outside_valid_range;
  }
  // n_R from the centre towards the edge: (n_X, n_L) = -(d_BX, -d_BL) / d_B
  out.penetration = penetration;
  out.normal = m.lift_vector(-q / distance);
  out.point_first = center + pair.sphere_radius * out.normal;
  out.point_second = m.lift_point(Vec2(e.x, e.radius));
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
