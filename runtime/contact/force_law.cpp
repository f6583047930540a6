// Penetration-based contact force (contact preprint sec. 1).
#include "contact/force_law.hpp"

#include <algorithm>

namespace dyngen::contact {

ContactForce contact_force(const ContactParameters& parameters, double penetration, const Vec3& normal,
                           const Vec3& relative_velocity) {
  ContactForce f;
  // dDelta_n = n_R^T (v_B,j,k - v_PU,k)
  f.penetration_rate = normal.dot(relative_velocity);
  // |f_R| = k_S Delta_n + c_D dDelta_n, no adhesion
  f.normal_force = std::max(0.0, parameters.stiffness * penetration + parameters.damping * f.penetration_rate);
  // v_T = v_B - v_PU - dDelta_n n_R
  const Vec3 tangential = relative_velocity - f.penetration_rate * normal;
  const double speed = tangential.norm();
  // |f_Fr| = k_Fr |f_R|, scaled by |v_T| / v_eps below the guard speed
  f.friction_force = parameters.friction * f.normal_force * std::min(1.0, speed / parameters.zero_velocity);
  // f_PU = n_R |f_R| + n_T |f_Fr|
  f.on_passive = f.normal_force * normal;
  if (speed > 0.0) f.on_passive += (f.friction_force / speed) * tangential;
  return f;
}

}  // namespace dyngen::contact
