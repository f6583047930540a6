// Sphere/point - cylinder (contact preprint sec. 2, fig. 6a).
#include "contact/meridian.hpp"
#include "contact/pairs.hpp"

namespace dyngen::contact {

// x_C,min/x_C,max: the wall's abscissae; d_L,min = R_CB - R_S (tangent), up to R_CB + margin.
PreparedCylinder prepare_sphere_cylinder(const Cylinder& cylinder, double sphere_radius, double depth_margin) {
  PreparedCylinder p;
  p.cylinder = cylinder;
  p.sphere_radius = sphere_radius;
  p.depth_margin = depth_margin;
  p.range = {cylinder.x_begin, cylinder.x_end, cylinder.radius - sphere_radius, cylinder.radius + depth_margin};
  return p;
}

PairOutcome sphere_cylinder(const PreparedCylinder& pair, const Vec3& center, PairContact& out) {
  if (center.x() < pair.range.x_min || center.x() > pair.range.x_max) return PairOutcome::separated;
  const Meridian m(center);
  if (!pair.range.contains(m.x, m.r)) return PairOutcome::separated;
  // Delta_n = d_L - d_L,min = d_L - (R_CB - R_S)
  const double penetration = m.r - (pair.cylinder.radius - pair.sphere_radius);
  if (penetration <= 0.0) return PairOutcome::separated;
  if (m.r < kOnAxisRadius) {
    out.range_value = m.r;
    return PairOutcome::outside_valid_range;
  }
  // n_R = (0, y_S / d_L, z_S / d_L)
  out.penetration = penetration;
  out.normal = m.lift_vector(Vec2(0.0, 1.0));
  out.point_first = center + pair.sphere_radius * out.normal;
  out.point_second = m.lift_point(Vec2(m.x, pair.cylinder.radius));
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
