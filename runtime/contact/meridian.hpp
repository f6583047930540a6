// The meridian half-plane (x, r) of a point in PU axes and the lift of meridian vectors back to 3D
// (preprint sec. 2: n_Y = n_L y_S / d_L, n_Z = n_L z_S / d_L).
#pragma once

#include "contact/primitives.hpp"

#include <cmath>

namespace dyngen::contact {

// A point's abscissa x and distance r = d_L from X_PU; lifts meridian vectors through its radial
// direction (0, y/r, z/r), valid for r > 0.
struct Meridian {
  double x = 0.0;
  double r = 0.0;
  double y = 0.0;
  double z = 0.0;

  explicit Meridian(const Vec3& p) : x(p.x()), r(std::sqrt(p.y() * p.y() + p.z() * p.z())), y(p.y()), z(p.z()) {}
  Vec2 point() const { return {x, r}; }
  // (a_x, a_r) -> (a_x, a_r y/r, a_r z/r)
  Vec3 lift_vector(const Vec2& a) const { return {a.x(), a.y() * y / r, a.y() * z / r}; }
  Vec3 lift_point(const Vec2& p) const { return {p.x(), p.y() * y / r, p.y() * z / r}; }
};

// Radii below this are "on the axis": the radial direction, hence the normal, is undefined.
inline constexpr double kOnAxisRadius = 1e-12;

}  // namespace dyngen::contact
