// Closed-form contact tests for pairs of guide-surface primitives (contact preprint sec. 2-3).
//
// Every test first applies a range pre-check with constants precomputed for the pair (the
// preprint's x_C,min, x_C,max, d_L,min, d_L,max), then the exact test. A test reports:
//   penetration  Delta_n > 0 along the common normal,
//   normal       unit n_R, the direction of the force on the body owning the second primitive,
//   point_first / point_second  the contact points on the surfaces of the first / second body.
// Tests never throw; a configuration in which the closed form does not apply is reported as
// PairOutcome::outside_valid_range with the offending measure in `range_value`, and the caller
// stops the simulation with a typed error (preprint sec. 1, item 6).
#pragma once

#include "contact/primitives.hpp"

#include <array>

namespace dyngen::contact {

enum class PairOutcome { separated, contact, outside_valid_range };

struct PairContact {
  double penetration = 0.0;
  Vec3 normal = Vec3::Zero();
  Vec3 point_first = Vec3::Zero();
  Vec3 point_second = Vec3::Zero();
  double range_value = 0.0;
};

// Axis-aligned box in the meridian half-plane (x, r) outside which a pair cannot touch.
struct RangeBox {
  double x_min = 0.0;
  double x_max = 0.0;
  double r_min = 0.0;
  double r_max = 0.0;
  bool contains(double x, double r) const { return x >= x_min && x <= x_max && r >= r_min && r <= r_max; }
};

// --- sphere/point - truncated cone (preprint sec. 2, fig. 5a) ------------------------------------
// `depth_margin` is how far a centre may lie behind the wall and still be analysed (so that a
// penetration above the limit is reported rather than missed); use a few times Delta_n,max.
struct PreparedFrustum {
  Vec2 rim1 = Vec2::Zero();
  Vec2 along = Vec2::UnitX();  // unit generatrix direction rim1 -> rim2
  double length = 0.0;
  Vec2 normal = Vec2::UnitY();  // unit meridian normal into the material, (n_CX, n_CL) = (+-sin a_C, cos a_C)
  double sphere_radius = 0.0;
  double depth_margin = 0.0;
  RangeBox range;
};
PreparedFrustum prepare_sphere_frustum(const Frustum& frustum, double sphere_radius, double depth_margin);
PairOutcome sphere_frustum(const PreparedFrustum& pair, const Vec3& center, PairContact& out);

// --- sphere/point - boundary circle (preprint sec. 2, fig. 5b) ------------------------------------
struct PreparedBoundaryCircle {
  BoundaryCircle edge;
  double sphere_radius = 0.0;
  RangeBox range;
};
PreparedBoundaryCircle prepare_sphere_boundary_circle(const BoundaryCircle& edge, double sphere_radius);
PairOutcome sphere_boundary_circle(const PreparedBoundaryCircle& pair, const Vec3& center, PairContact& out);

// --- sphere/point - cylinder (preprint sec. 2, fig. 6a) -------------------------------------------
struct PreparedCylinder {
  Cylinder cylinder;
  double sphere_radius = 0.0;
  double depth_margin = 0.0;
  RangeBox range;
};
PreparedCylinder prepare_sphere_cylinder(const Cylinder& cylinder, double sphere_radius, double depth_margin);
PairOutcome sphere_cylinder(const PreparedCylinder& pair, const Vec3& center, PairContact& out);

// --- sphere/point - plane fragment (annulus) (preprint sec. 2, fig. 6b) ---------------------------
struct PreparedAnnulus {
  Annulus annulus;
  double sphere_radius = 0.0;
  double depth_margin = 0.0;
  RangeBox range;
};
PreparedAnnulus prepare_sphere_annulus(const Annulus& annulus, double sphere_radius, double depth_margin);
PairOutcome sphere_annulus(const PreparedAnnulus& pair, const Vec3& center, PairContact& out);

// Broad phase: true when point p is certainly farther than `distance` from every point of the
// circle. With v = p - c, h = v.n its height over the circle's plane and rho = |v - h n| its
// distance from the axis, the circle's nearest point is at sqrt(h^2 + (rho - R)^2); that is above
// `distance` when |h| is, or when |rho - R| is, which is tested on rho^2 (no square root): outside
// the slab |h| <= distance or the annulus R - distance <= rho <= R + distance.
inline bool farther_from_circle(const Vec3& p, const Circle& circle, double distance) {
  const Vec3 v = p - circle.center;
  const double h = circle.axis.dot(v);
  const double rho_squared = v.squaredNorm() - h * h;
  const double outer = circle.radius + distance, inner = circle.radius - distance;
  return h * h > distance * distance || rho_squared > outer * outer || (inner > 0.0 && rho_squared < inner * inner);
}

// --- segment - circle (preprint sec. 2, fig. 7, steps 1-8) -----------------------------------------
// The segment crosses the circle's plane at P_C; material lies outside R_C, so Delta = d_L - R_C > 0
// decides the contact (up to `reach`: a crossing farther out is not at this edge; use a few
// Delta_n,max). The preprint then takes Delta_n = Delta (n_R . n_C) along
// n_R = L x n_S / |L x n_S| (distance to the circle's tangent at the radial projection of P_C);
// three Newton steps on the circle angle refine that tangent point to the exact common normal of the
// segment and the circle (engineering addition, see the source). n_R . n_C > 0: the circle's body
// is pushed outwards. point_first on the segment, point_second on the circle.
// Valid while the segment crosses the plane at more than `kMinCrossingSine` (asin) to it.
inline constexpr double kMinCrossingSine = 1e-3;
PairOutcome segment_circle(const Segment& segment, const Circle& circle, double reach, PairContact& out);

// --- segment - segment (preprint sec. 3, fig. 13) --------------------------------------------------
// Common perpendicular C_P C_A between the first (active, A) and second (passive, P) segments;
// contact when both feet lie on the segments, (C_A - C_P).approach > 0 and |C_A C_P| <= reach
// (edges farther apart are not touching; use a few Delta_n,max); Delta_n = |C_A C_P|,
// n_R = (C_A - C_P) / Delta_n. Nearly parallel segments overlapping within `reach` of each other
// are outside the valid range (the edge-edge model has no isolated contact point there).
inline constexpr double kMinSegmentSine = 1e-3;
inline constexpr double kMinSegmentGap = 1e-9;  // preprint: 1e-6 mm, below it no contact is counted
PairOutcome segment_segment(const Segment& active, const Segment& passive, const Vec3& approach, double reach,
                            PairContact& out);

// --- approximated cone (2^N + 1 generatrices) - circle (preprint sec. 3, fig. 14) ------------------
// Bisection over the generatrices for the largest characteristic distance d (distance from the
// circle centre to the crossing of the generatrix *line* with the circle's plane): N + 2
// evaluations (3 when the three distances are equal), then both neighbours are checked (the
// preprint's half-selection rule is exact only for a symmetric peak; a larger neighbour starts an
// exact bisection on the discrete slope of that side). When the crossing of i_Max lies off its
// segment (t_C outside [0, 1], a generatrix shortened by a side face), the preprint's
// monotone-length modification walks from i_Max in the direction in which t_C approaches [0, 1]
// while it keeps approaching; as engineering addition the same walk is made inwards from both ends
// of the petal (a circle offset towards the petal gives d a valley and two contact regions) and the
// candidate with the largest d is taken. Valid while the circle's plane lies ahead of every
// generatrix start along `direction` * X (the starts are on R_R,max behind the ring plane for that
// reason): otherwise outside_valid_range with range_value = the smallest such distance (m, < 0)
// or the plane normal's X component when the plane contains X. Both are
// expressed in one frame (the caller transforms the circle into the cone's frame). `generatrix`
// receives the chosen index (or -1), `bisection_evaluated` the evaluations of the bisection proper
// and `evaluated` those of the whole search.
struct ConeSearch {
  int generatrix = -1;
  int bisection_evaluated = 0;
  int evaluated = 0;
};
PairOutcome approximated_cone_circle(const ApproximatedCone& cone, const Circle& circle, double reach,
                                     PairContact& out, ConeSearch& search);

// Characteristic distance of one generatrix (preprint sec. 3): crossing parameter t_C of its line
// with the circle's plane and the squared distance d^2 of that crossing from the centre (the
// searches compare d only). False when the generatrix is parallel to the plane.
struct GeneratrixCrossing {
  double t = 0.0;
  double distance_squared = 0.0;
};
// Inline: the bisection's probes depend on each other, so a call's round trip through memory would
// lengthen its critical path.
inline bool generatrix_crossing(const Vec3& start, const Vec3& vector, const Circle& circle, GeneratrixCrossing& out) {
  const double rate = circle.axis.dot(vector);
  if (rate == 0.0) return false;
  // t_C of the generatrix line with the circle's plane, then d^2 = |P_C - P_B|^2
  out.t = circle.axis.dot(circle.center - start) / rate;
  out.distance_squared = (start + out.t * vector - circle.center).squaredNorm();
  return true;
}

// Smallest distance, along `direction` * X, from a generatrix start ahead to the circle's plane
// (closed form over the arc of starts); negative when the plane lies behind some start.
double plane_lead_over_starts(const ApproximatedCone& cone, const Circle& circle);
inline constexpr double kMinPlaneAxisCosine = 1e-3;

// Broad phase of the search, exact: true when every generatrix line crosses the circle's plane
// within the circle (d < R_R for all 2^N + 1 of them, so d(i_Max) < R_R and the search would end
// separated). The lines meet at the apex V; the start s(phi) on the arc gives D = s - V, the
// crossing P = V + (k / m) D with k = n.(c - V), m = n.D, and
//   d^2 - R_R^2 = F / m^2,   F(phi) = |m e + k D|^2 - R_R^2 m^2,   e = V - c,
// a quadratic form in (1, cos phi, sin phi): F = a + b cos phi + c sin phi + p cos 2phi + q sin 2phi.
// Over the arc F <= a + max_arc(b cos phi + c sin phi) + sqrt(p^2 + q^2) (the first harmonic's
// maximum in closed form, as in plane_lead_over_starts); true when that bound is below zero by more
// than rounding. Costs about a tenth of a search.
bool crossings_inside_circle(const ApproximatedCone& cone, const Circle& circle);

// Generation of the 2^N + 1 generatrices of a guide petal's conical surface (preprint sec. 3,
// fig. 12b) in the owner's frame: generatrix i starts on the circle of radius base_radius in the
// plane x = base_x at azimuth phi_i = azimuth_begin + (azimuth_end - azimuth_begin) i / 2^N and runs
// towards `direction` * X at half-angle alpha with decreasing radius (the petal leans inwards):
// u_i = (direction cos a, -sin a cos phi_i, -sin a sin phi_i). Its length is max_length or less
// where it first leaves the petal through one of the flat side faces (triangles, outward = away
// from the middle generatrix), which makes the lengths vary monotonically along each face.
struct ApproximatedConeSpec {
  int levels = 8;
  double base_x = 0.0;
  double base_radius = 0.0;
  double half_angle = 0.0;
  double direction = 1.0;
  double azimuth_begin = 0.0;
  double azimuth_end = 0.0;
  double max_length = 0.0;
  std::vector<std::array<Vec3, 3>> side_faces;
};
// Throws std::invalid_argument when a generatrix would get a non-positive length.
ApproximatedCone make_approximated_cone(const ApproximatedConeSpec& spec);

}  // namespace dyngen::contact
