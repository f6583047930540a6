// Geometric primitives of docking-unit guide surfaces (contact preprint, sec. 1 items 2-3, sec. 2-3).
//
// Frame convention (all pair tests work in passive-unit axes PU, preprint sec. 1): X_PU is the
// unit's longitudinal axis and the active unit approaches the passive one moving towards +X_PU.
// Passive coaxial surfaces (frustum, cylinder, boundary circle, annulus) are surfaces of revolution
// about X_PU and are described in the half-plane (x, r), r = sqrt(y^2 + z^2) ("d_L" in the
// preprint). Every surface separates free space from material; a contact normal always gives the
// direction of the force acting on the body that owns the *second* primitive of a pair
// (for active-passive pairs: the force on the passive unit, preprint's n_R).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <vector>

namespace dyngen::contact {

using Vec2 = Eigen::Vector2d;  // (x, r) in the meridian half-plane of a coaxial surface
using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

// Sphere of radius R_S about a characteristic point; radius 0 is a characteristic point.
struct Sphere {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;
};

// Directed segment P1 + t L, t in [0, 1] (preprint sec. 2, "отрезок прямой").
struct Segment {
  Vec3 origin = Vec3::Zero();
  Vec3 vector = Vec3::Zero();
};

// Circle of radius R_C about center P_B in the plane normal to `axis` (unit). Material lies
// outside the radius in the circle's plane (the circle is the inner edge of a plate or cone).
struct Circle {
  Vec3 center = Vec3::Zero();
  Vec3 axis = Vec3::Zero();
  double radius = 0.0;
};

// Truncated cone coaxial with X_PU: generatrix from rim (x1, r1) to rim (x2, r2), x1 != x2.
// Material lies on the side of larger r (the receiving cone's wall, a stop's guide face).
struct Frustum {
  Vec2 rim1 = Vec2::Zero();
  Vec2 rim2 = Vec2::Zero();
};

// Cylinder coaxial with X_PU of radius R_CB between abscissae x_begin < x_end; material outside.
struct Cylinder {
  double radius = 0.0;
  double x_begin = 0.0;
  double x_end = 0.0;
};

// Plane fragment x = x_P, r in [r_min, r_max]; material on the side material_side * X_PU (+1 or -1).
struct Annulus {
  double x = 0.0;
  double r_min = 0.0;
  double r_max = 0.0;
  double material_side = 1.0;
};

// Convex edge circle (x_CB, R_CB) joining two coaxial surfaces (preprint fig. 5b, 6b). The unit
// meridian directions `along_before`, `along_after` point from the edge along each adjacent
// surface; a sphere touches the edge itself only while its centre c satisfies
// (c - edge).along <= 0 for both (otherwise its closest point lies on one of the surfaces).
struct BoundaryCircle {
  double x = 0.0;
  double radius = 0.0;
  Vec2 along_before = Vec2::Zero();
  Vec2 along_after = Vec2::Zero();
};

// Conical surface approximated by 2^N + 1 generatrix segments (preprint sec. 3, fig. 12b) in its
// owner's frame. Generatrix i starts on the base circle and has vector L_i; the lengths vary
// monotonically where the generatrices end on the flat side faces of the petal. The starts lie on
// the arc x = base_x, (y, z) = base_radius (cos phi, sin phi), phi in [azimuth_begin, azimuth_end],
// and the generatrices run towards `direction` * X; the search's valid range is stated on that arc.
struct ApproximatedCone {
  int levels = 0;  // N
  std::vector<Vec3> starts;
  std::vector<Vec3> vectors;
  double base_x = 0.0;
  double base_radius = 0.0;
  double azimuth_begin = 0.0;
  double azimuth_end = 0.0;
  double direction = 1.0;
  // the generatrices' lines meet on the X axis at x = apex_x, the cone's apex
  // (base_x + direction base_radius / tan(half angle))
  double apex_x = 0.0;
  // a sphere holding every generatrix (both ends): a plane it does not meet crosses none
  Vec3 bound_center = Vec3::Zero();
  double bound_radius = 0.0;
};

// Slot of the socket wall that receives a triggered central latch (preprint fig. 4b, 9), a plane
// figure in PU. Coordinates in the slot plane: u = (p - vertex).X_PU along the axis from the stop
// face, v = (p - vertex).lateral across. The free region is u in [0, length],
// |v| <= w(u): w = narrow_half_width up to u = taper_begin, growing linearly (inclined faces at
// angle beta to the axis) to wide_half_width at u = taper_end and constant after.
struct Slot {
  Vec3 vertex = Vec3::Zero();
  Vec3 plane_normal = Vec3::Zero();  // unit, the slot plane's normal (radial direction of the slot)
  Vec3 lateral = Vec3::Zero();       // unit, X_PU x plane_normal orientation chosen by the file
  double narrow_half_width = 0.0;
  double wide_half_width = 0.0;
  double taper_begin = 0.0;
  double taper_end = 0.0;
  double length = 0.0;
};

}  // namespace dyngen::contact
