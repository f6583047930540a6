// Export of a tree-structured dyngen::Model to MuJoCo's MJCF, so that MuJoCo can serve as an
// independent oracle for the generated dynamics and users can view or simulate the mechanism.
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
};

// Smallest mass and principal inertia MuJoCo 2.2 accepts on a body with a joint (it rejects values
// below mjMINVAL = 1e-15); massless bodies carrying joints are exported with this mass/inertia.
inline constexpr double kMjcfMinimalInertia = 1e-14;

MjcfNames mjcf_names(const Model& model);

// The MJCF document: one <body> per model body, placed by its joint frame (rho, gamma), one
// hinge/slide per 1-DOF joint with its spring (stiffness, springref = q0) and damper, <inertial>
// about the centre of mass, a <site> per named point, the model's gravity, contacts disabled.
// Joint limits are not exported: in the model they document, in MuJoCo they would constrain. A moving base becomes a body on
// a free joint at the world origin. Throws std::invalid_argument for models with loops.
std::string export_mjcf(const Model& model);

}  // namespace dyngen
