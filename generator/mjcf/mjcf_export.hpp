// Export of a dyngen::Model to MuJoCo's MJCF, so that MuJoCo can serve as an independent oracle
// and numeric baseline for the generated dynamics and users can view or simulate the mechanism.
// A looped model is its cut tree with each loop closed by an equality constraint.
#pragma once

#include <string>
#include <vector>

#include "generator/model/model.hpp"

namespace dyngen {

// Names the MJCF file gives the model's objects (made XML- and MuJoCo-safe and unique per kind).
struct MjcfNames {
  std::vector<std::string> bodies;  // per model body; bodies[0] is empty for a fixed base (world)
  std::vector<std::string> joints;  // per joint coordinate, in q order
  std::string base_joint;           // the base's free joint (moving base), else empty
  std::vector<std::string> sites;   // per Model::points entry: a <site> at the named point
  std::vector<std::string> loops;   // per Model::loops entry: its <connect> equality
};

// Smallest mass and principal inertia MuJoCo 2.2 accepts on a body with a joint (it rejects values
// below mjMINVAL = 1e-15); massless bodies carrying joints are exported with this mass/inertia.
inline constexpr double kMjcfMinimalInertia = 1e-14;

MjcfNames mjcf_names(const Model& model);

// The MJCF document: one <body> per model body, placed by its joint frame (rho, gamma), one
// hinge/slide per 1-DOF joint with its spring (stiffness, springref = q0) and damper, <inertial>
// about the centre of mass, a <site> per named point, the model's gravity, contacts disabled.
// Joint limits are not exported: in the model they document, in MuJoCo they would constrain. A moving base becomes a body on
// a free joint at the world origin. A looped model's bodies are written at the closed reference
// configuration (each joint's ref attribute its value there, so qpos is the model's q) and each
// loop becomes a <connect> of its terminal body's cut point to the closing body, which MuJoCo
// anchors at that configuration; MuJoCo's constraints are soft (solref, solimp), so its
// accelerations only approach the closed mechanism's. Throws std::invalid_argument for a cut no
// MuJoCo equality expresses (universal, revolute and prismatic cuts of spatial loops, a planar
// loop whose cut points do not coincide) and when the reference configuration does not close.
std::string export_mjcf(const Model& model);

}  // namespace dyngen
