// Docking-unit contact geometry: passive primitives in PU, active primitives per buffer link in
// the link's frame B_j, contact parameters per class of primitive pairs, latches and sensors
// (contact preprint sec. 1 items 1-5, sec. 2-3). Immutable once built by finalize_geometry();
// evaluation keeps its scratch and state in ContactData (contact_set.hpp).
#pragma once

#include "contact/force_law.hpp"
#include "contact/pairs.hpp"
#include "contact/primitives.hpp"

#include <string>
#include <variant>
#include <vector>

namespace dyngen::contact {

using PassiveShape = std::variant<Frustum, Cylinder, Annulus, BoundaryCircle, Circle, Segment, ApproximatedCone, Slot>;
using ActiveShape = std::variant<Sphere, Segment, Circle, ApproximatedCone>;

struct PassivePrimitive {
  std::string name;
  std::string surface;  // surface class, used to look up the pair class
  PassiveShape shape;
};

struct ActivePrimitive {
  std::string name;
  std::string surface;
  ActiveShape shape;  // in the link frame B_j
};

struct Link {
  std::string name;
  std::vector<ActivePrimitive> primitives;
};

// Contact parameters for every pair (active surface class, passive surface class).
struct PairClass {
  std::string active_surface;
  std::string passive_surface;
  ContactParameters parameters;
  // cos(max_tilt), set by finalize_geometry: a contact is outside its test's valid range when the
  // link's A_PUB(0, 0), the cosine of its tilt, is below it (compared without the arc cosine)
  double tilt_cosine = -1.0;
};

// A guide surface met by a latch's front segment or tip before it triggers, prepared for a point.
struct LatchGuide {
  int passive = -1;
  std::variant<PreparedFrustum, PreparedCylinder, Circle> prepared;
};

// Central unit latch (preprint sec. 2, fig. 3c, 8): a planar link turning by phi >= 0 about `axis`
// through `pivot` (head frame), held by a spring M = stiffness phi + preload. Its front segment
// (1)-(2) meets the guides before triggering; when its tip (2) projects inside `slot` it triggers
// and afterwards only its fixed back segment (3)-(4) meets the slot.
struct CentralLatch {
  std::string name;
  int link = -1;
  Vec3 pivot = Vec3::Zero();
  Vec3 axis = Vec3::Zero();
  Vec3 front_inner = Vec3::Zero();  // (1) at phi = 0
  Vec3 front_tip = Vec3::Zero();    // (2) at phi = 0
  Segment back;      // (3) -> (4)
  double stiffness = 0.0;        // N m / rad
  double preload = 0.0;          // N m
  double max_deflection = 0.0;   // rad
  double deflection_step = 0.0;  // rad, precision of the iterative deflection
  std::vector<int> guide_primitives;  // passive frustums, cylinders, boundary circles
  int slot = -1;                      // passive Slot primitive
  int pair_class = -1;                // contact parameters of the back segment with the slot
  std::vector<LatchGuide> guides;     // built by finalize_geometry
  double guide_reach = 0.0;           // built by finalize_geometry: depth analysed on the guides
};

// Peripheral unit latch (preprint sec. 3, fig. 11b, 15, 16): a translational plunger of reduced
// mass along `direction` from `origin` (ring frame); its tip E = origin + (length - x_L) direction.
// Before triggering the tip slides on the stop's 45-degree guide frustum; the spring deflection x_L
// follows m x'' = -k x - f_0 + f_R,L by implicit Euler. It triggers when the tip passes the lock
// plane x = lock_x outside the lock circle (radius R_Stop,min in that plane); afterwards its tip
// meets the stop's back face (an annulus, the lock face, or a reverse frustum) as an ordinary
// contact with pair class `pair_class`. Engineering choice: the preprint's second back contact,
// the latch segment crossing the lock plane outside R_Stop,min, is not used: for a lock face
// normal to the axis that lateral overlap is not a penetration (it would jump to the full overhang
// of the tip as soon as the plane is crossed).
struct PeripheralLatch {
  std::string name;
  int link = -1;
  int group = 0;  // latches are doubled: capture needs one triggered latch per group
  Vec3 origin = Vec3::Zero();
  Vec3 direction = Vec3::Zero();
  double length = 0.0;
  double mass = 0.0;               // m_L,x
  double stiffness = 0.0;          // k_L
  double preload = 0.0;            // f_L,0
  double max_travel = 0.0;
  double contact_stiffness = 0.0;  // k_L,S
  int guide = -1;       // passive Frustum (45-degree guide face of the stop)
  int lock = -1;        // passive Circle or BoundaryCircle: inner edge of the lock face, x = lock_x
  int back = -1;        // passive Annulus or Frustum met by the tip after triggering, or -1
  int pair_class = -1;  // contact parameters after triggering
  // built by finalize_geometry
  PreparedFrustum guide_prepared;
  Circle lock_circle;
  double lock_x = 0.0;  // abscissa of the lock plane (the lock circle's centre)
  std::variant<PreparedAnnulus, PreparedFrustum> back_prepared;
};

// Contact (capture) sensor: a spring-loaded sphere of negligible mass that retracts by the
// penetration it would have into its passive surface; force stiffness * travel + preload along the
// contact normal; it is "on" from trigger_travel (preprint sec. 3, last paragraph: sphere-plane).
struct Sensor {
  std::string name;
  int link = -1;
  Sphere sphere;
  int passive = -1;  // Frustum, Cylinder, Annulus or BoundaryCircle
  double stiffness = 0.0;
  double preload = 0.0;
  double trigger_travel = 0.0;
  double max_travel = 0.0;
  std::variant<PreparedFrustum, PreparedCylinder, PreparedAnnulus, PreparedBoundaryCircle> prepared;  // by finalize
};

// Penetrations up to this multiple of a pair class's Delta_n,max are analysed (reported, and
// stopping the run when above the limit) rather than missed; beyond it a pair counts as separated.
inline constexpr double kDepthMarginFactor = 4.0;

enum class CaptureRule { all_latches, one_latch_per_group };

enum class PairKind {
  sphere_frustum,
  sphere_boundary_circle,
  sphere_cylinder,
  sphere_annulus,
  segment_circle,         // active segment, passive circle or boundary circle
  circle_segment,         // active circle, passive segment
  segment_segment,
  cone_circle,            // active approximated cone, passive circle or boundary circle
  circle_cone,            // active circle, passive approximated cone
};

// One active-passive primitive pair to test, with its precomputed constants.
struct PairTask {
  PairKind kind;
  int link = -1;
  int active = -1;  // index into the link's primitives
  int passive = -1;
  int pair_class = -1;
  int active_index = -1;  // the active primitive's place in ContactData's arrays (active_offset[link] + active)
  double reach = 0.0;     // depth analysed: kDepthMarginFactor Delta_n,max of the pair class
  std::variant<std::monostate, PreparedFrustum, PreparedBoundaryCircle, PreparedCylinder, PreparedAnnulus, Circle> prepared;
  // Broad phase of the segment - segment and cone - circle pairs: a sphere holding a segment (about
  // its midpoint) or a cone's generatrices, whose centre is farther than `reject_distance` (its
  // radius plus the depth margin) from the circle (segment - segment: from the other's midpoint, the
  // sum of both radii) cannot give a contact within reach. `passive_center`: the passive
  // primitive's sphere centre in PU (circle - cone: the cone's; segment - segment: the passive
  // segment's midpoint, the active one's being formed once per evaluation). Segment - circle pairs
  // need none: their own first test (the crossing of the circle's plane within the segment) is as
  // cheap.
  double reject_distance = 0.0;
  Vec3 passive_center = Vec3::Zero();
};

// Axis-aligned box (centre and half extents) bounding primitives in one frame.
struct BoundingBox {
  Vec3 center = Vec3::Zero();
  Vec3 half = Vec3::Constant(-1.0);  // empty while any half extent is negative
  bool empty() const { return (half.array() < 0.0).any(); }
  void add(const Vec3& low, const Vec3& high);
};

struct UnitGeometry {
  std::string name;
  std::vector<PassivePrimitive> passive;
  std::vector<Link> links;
  std::vector<PairClass> pair_classes;
  std::vector<CentralLatch> central_latches;
  std::vector<PeripheralLatch> peripheral_latches;
  std::vector<Sensor> sensors;
  CaptureRule capture = CaptureRule::all_latches;
  // built by finalize_geometry
  std::vector<PairTask> tasks;     // link by link: link l's are [link_tasks[l], link_tasks[l + 1])
  std::vector<int> link_tasks;
  std::vector<int> active_offset;  // per link: index of its first primitive in a flat numbering
  // Broad phase of the pair tasks: boxes bounding the passive primitives they test (PU, grown by
  // the largest reach of any task) and each link's active primitives they test (link frame). A
  // task can give a contact only where its two primitives come within its reach of each other, so
  // none of a link's tasks can while its box, turned into PU, misses the passive one; their
  // valid-range checks are skipped with them (a far cone's search would otherwise stop the step).
  BoundingBox passive_box;
  std::vector<BoundingBox> link_boxes;

  int find_passive(const std::string& name) const;
  int find_link(const std::string& name) const;
  int find_pair_class(const std::string& active_surface, const std::string& passive_surface) const;
  std::string task_name(const PairTask& task) const;  // "link/active - passive"
};

// Builds the pair table: every (active, passive) primitive pair whose surface classes have a pair
// class, with the range constants of its closed-form test, and prepares the latches' and sensors'
// surfaces. Throws std::invalid_argument naming the primitives when a pair class joins two
// primitive types without a closed-form test or a latch/sensor refers to an unsuitable primitive.
void finalize_geometry(UnitGeometry& geometry);

// Whether (active, passive) primitive types have a closed-form test, and which.
bool pair_kind(const ActiveShape& active, const PassiveShape& passive, PairKind& kind);

// Name of a shape's type as written in geometry files.
const char* shape_type_name(const ActiveShape& shape);
const char* shape_type_name(const PassiveShape& shape);

}  // namespace dyngen::contact
