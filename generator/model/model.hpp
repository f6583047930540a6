// The validated mechanism model: the seed's tables (tree, bodies, joints, loops) after loading,
// topology analysis and expansion. Immutable once built; algorithms keep scratch data elsewhere.
//
// Conventions (algorithms.md): every body j >= 1 has one input joint with at most one DOF about or
// along +x, +y or +z of its joint frame; the joint frame is fixed in the parent body frame by
// (rho_j, gamma_j): a vector p expressed in the joint frame is gamma_j^T p in the parent frame, and
// the joint frame's origin is rho_j (parent frame). The body frame is the joint frame moved by the
// joint (rotation a_j(q_j) or translation q_j e_k). Body 0 is the base. Bodies are numbered parents
// before children. Composite joints have been expanded into 1-DOF joints with massless bodies;
// arbitrary axes have been turned into axis-aligned ones by rotating the joint frame.
// Bodies attached by `fixed` joints in the file are merged into their parent (inertia combined,
// points and children re-expressed), so every body j >= 1 here has a revolute or prismatic joint.
// Coordinates: a 1-DOF joint's coordinate is named after its body; a composite joint of body B
// with n DOF gives coordinates "B.0" .. "B.<n-1>" on bodies "B__0" .. "B__<n-2>" (massless) and B.
// See models/README.md for the file format and the loader's transformations.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace dyngen {

// A numeric model field: its value, and its defining expression over named model parameters in
// GiNaC syntax ("2.0*L_M+0.1"), kept so that `--params runtime` can turn parameters into kernel
// inputs. `source` is empty when the field does not depend on any parameter.
struct Quantity {
  double value = 0.0;
  std::string source;
};

using Vec3Q = std::array<Quantity, 3>;
using Mat3d = std::array<std::array<double, 3>, 3>;  // row-major

enum class JointType { revolute, prismatic, fixed };

struct Joint {
  JointType type = JointType::fixed;
  int axis = 2;           // 0 = x, 1 = y, 2 = z of the joint frame (always the positive direction)
  Vec3Q rho;              // joint frame origin in the parent body frame
  Mat3d gamma{};          // rotation: p_parent = gamma^T p_joint (seed's gamma_j)
  // GiNaC source of each gamma entry when it depends on parameters (rpy/R given by expressions),
  // else empty; same indexing as gamma.
  std::array<std::array<std::string, 3>, 3> gamma_source;
  Quantity q0;            // spring reference value
  Quantity spring;        // stiffness k: internal force -k (q - q0); 0 = none
  Quantity damper;        // viscous coefficient c: internal force -c qd; 0 = none
  bool actuated = false;  // adds a generalized force input tau for this coordinate
  std::optional<std::array<double, 2>> limits;
};

// Inertia about the body frame origin O_j, in body axes (converted from "about: com" on load).
// Sign convention (the file format's): tensor_origin = {Ixx, Iyy, Izz, Ixy, Ixz, Iyz} are the
// ENTRIES of the symmetric inertia tensor
//   I = [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]],   Ixy = -sum m x y  (URDF/MuJoCo style),
// so angular momentum about O_j is I w (for a body at rest at O_j) with no sign flips.
struct Inertia {
  Quantity mass;
  Vec3Q com;                 // centre of mass in body frame
  std::array<Quantity, 6> tensor_origin;  // xx, yy, zz, xy, xz, yz about O_j (tensor entries)
};

struct NamedPoint {
  std::string name;  // "body.point" as written in the model file
  int body = 0;      // body the point is attached to
  Vec3Q position;    // in that body's frame
};

struct Body {
  std::string name;       // name in the model file (or generated for expansion bodies)
  int parent = -1;        // -1 for the base
  Joint joint;            // input joint (base: fixed)
  Inertia inertia;        // zero mass for massless expansion bodies
  bool massless = false;  // created by expanding a composite joint
  int coordinate = -1;    // index of this body's joint coordinate in q, or -1 (fixed / base)
  bool external_wrench = false;  // the kernels take an external wrench input for this body
  int depth = 0;          // tree depth: 0 for the base, parent's depth + 1 otherwise
};

enum class CutType { spherical, universal, revolute, prismatic };

// The closed-form position closures (loop_analysis.cpp decides which applies; algorithms/
// loop_closure.hpp solves them):
//   universal_prismatic  R2P1 + spherical cut: two revolute joints whose axes meet in a point, then
//                        a prismatic joint (hexapod legs, lateral links): the length from a
//                        quadratic, the two angles by rotating one direction onto another;
//   planar_rr            planar R1R1 + revolute or spherical cut (four-bar): two circles meet;
//   planar_rp            planar R1P1 + revolute or spherical cut: a length, then an angle.
enum class ClosedForm { none, universal_prismatic, planar_rr, planar_rp };

struct Loop {
  std::string name;
  int root = 0;                 // root body
  std::vector<int> dependent;   // dependent branch, first to terminal
  int closes_on = 0;            // body of the independent branch closed on by the terminal
  CutType cut = CutType::spherical;
  Vec3Q terminal_point;         // in the terminal body's frame
  Vec3Q closing_point;          // in the closing body's frame
  std::optional<std::array<double, 3>> terminal_axis;  // cut joint axis where the type needs one
  std::optional<std::array<double, 3>> closing_axis;
  // prismatic cut: unit directions normal to the axis, one per body, coinciding when assembled
  std::optional<std::array<double, 3>> terminal_reference;
  std::optional<std::array<double, 3>> closing_reference;
  bool analytic_closure = true;  // analytic | newton, as the file asks
  // Derived by the loader (loop_analysis.cpp):
  std::string chain;            // seed notation, root to terminal then the cut: "R2P1R3"
  bool planar = false;          // every revolute axis of the loop parallel, prismatic axes normal to it
  std::array<double, 3> plane_normal{};  // planar: the common axis, root body axes
  int constraints = 0;          // m: spherical 3, universal 4, revolute/prismatic 5; planar 2
  ClosedForm closed_form = ClosedForm::none;  // the one the chain admits
  std::string no_closed_form;   // why none applies (empty when one does)
  // The closure actually used: the closed form when asked for and admitted, else Newton.
  bool closes_analytically() const { return analytic_closure && closed_form != ClosedForm::none; }
};

struct Parameter {
  std::string name;
  double value = 0.0;
  std::string source;  // GiNaC expression when defined over earlier parameters, else empty
};

struct Model {
  std::string name;         // valid C++ identifier
  std::string description;
  std::string source_path;  // the model file
  std::string source_hash;  // hex digest of the file's bytes (stamped into generated headers)
  Vec3Q gravity;            // in base frame
  bool moving_base = false;
  std::vector<Parameter> parameters;
  std::vector<Body> bodies;                  // bodies[0] is the base; parents before children
  std::vector<std::string> coordinates;      // name of each joint coordinate, in q order
  std::vector<bool> independent;             // per coordinate: not in any loop's dependent branch
  std::vector<Loop> loops;
  // Loops in the order their closure is solved: a loop whose closing body hangs below another
  // loop's dependent branch (a nested loop) comes after it.
  std::vector<int> loop_order;
  std::vector<NamedPoint> points;            // every named point of every body
  std::vector<int> output_points;            // indices into points listed under outputs.points

  int dof() const { return static_cast<int>(coordinates.size()); }
  int body_count() const { return static_cast<int>(bodies.size()); }
  int tree_depth() const {
    int depth = 0;
    for (const Body& body : bodies) depth = body.depth > depth ? body.depth : depth;
    return depth;
  }
};

}  // namespace dyngen
