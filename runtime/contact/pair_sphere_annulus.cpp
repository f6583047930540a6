// Sphere/point - plane fragment x = x_P, r in [r_min, r_max] (contact preprint sec. 2, fig. 6b).
#include "contact/meridian.hpp"
#include "contact/pairs.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::contact {

// x_C,min: the centre's abscissa at tangency, x_P - side * R_S; d_L,min, d_L,max: the radii.
PreparedAnnulus prepare_sphere_annulus(const Annulus& annulus, double sphere_radius, double depth_margin) {
  PreparedAnnulus p;
  p.annulus = annulus;
  p.sphere_radius = sphere_radius;
  p.depth_margin = depth_margin;
  const double tangent = annulus.x - annulus.material_side * sphere_radius;
  const double deepest = annulus.x + annulus.material_side * depth_margin;
  p.range = {std::min(tangent, deepest), std::max(tangent, deepest), annulus.r_min, annulus.r_max};
  return p;
}

PairOutcome sphere_annulus(const PreparedAnnulus& pair, const Vec3& center, PairContact& out) {
  const Annulus& a = pair.annulus;
  if (center.x() < pair.range.x_min || center.x() > pair.range.x_max) return PairOutcome::separated;
  const double r = std::sqrt(center.y() * center.y() + center.z() * center.z());
  if (!pair.range.contains(center.x(), r)) return PairOutcome::separated;
  // Delta_n = x_S - x_C,min for material on the +X side, mirrored otherwise
  const double penetration = pair.sphere_radius + a.material_side * (center.x() - a.x);
  if (penetration <= 0.0) return PairOutcome::separated;
  // n_R = (+-1, 0, 0)
  out.penetration = penetration;
  out.normal = Vec3(a.material_side, 0.0, 0.0);
  out.point_first = center + pair.sphere_radius * out.normal;
  out.point_second = Vec3(a.x, center.y(), center.z());
  return PairOutcome::contact;
}

}  // namespace dyngen::contact
