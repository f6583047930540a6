// Penetration-based contact force (contact preprint sec. 1): normal spring-damper on the
// penetration, Coulomb friction against the tangential velocity.
#pragma once

#include "contact/primitives.hpp"

namespace dyngen::contact {

// Parameters of one class of primitive pairs.
struct ContactParameters {
  double stiffness = 0.0;        // k_S, N/m (about two orders above the mechanism's stiffness)
  double damping = 0.0;          // c_D, N s/m
  double friction = 0.0;         // k_Fr
  double max_penetration = 0.0;  // Delta_n,max, m: above it the simulation stops
  double max_tilt = 0.0;         // rad: largest angle between the link's X and X_PU for which the
                                 // closed-form tests of this class are valid
  double zero_velocity = 1e-6;   // v_eps, m/s: friction guard, see contact_force
};

struct ContactForce {
  double penetration_rate = 0.0;  // dDelta_n/dt
  double normal_force = 0.0;      // |f_R|
  double friction_force = 0.0;    // |f_Fr|
  Vec3 on_passive = Vec3::Zero(); // f_PU
};

// Inputs: penetration Delta_n, unit normal n_R (direction of the force on the passive body) and the
// relative velocity v_B,j,k - v_PU,k of the active body's point with respect to the passive one's.
//   dDelta_n = n_R^T (v_B - v_PU);   v_T = v_B - v_PU - dDelta_n n_R;   n_T = v_T / |v_T|
//   |f_R| = k_S Delta_n + c_D dDelta_n;   |f_Fr| = k_Fr |f_R|
//   f_B  = -n_R |f_R| - n_T |f_Fr|  (on the active link, preprint)
//   f_PU = -f_B = n_R |f_R| + n_T |f_Fr|
// Engineering choices where the preprint is silent: |f_R| is clipped at zero (the damper cannot
// pull the surfaces together while they separate); the preprint prints f_PU with -n_T |f_Fr|,
// which would violate action-reaction, so f_PU = -f_B is used; below |v_T| = v_eps the friction
// force scales with |v_T| / v_eps (regularised Coulomb law) instead of dividing by |v_T| -> 0.
ContactForce contact_force(const ContactParameters& parameters, double penetration, const Vec3& normal,
                           const Vec3& relative_velocity);

}  // namespace dyngen::contact
