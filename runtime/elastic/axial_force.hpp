// The axial force N(xi) of a link, from the first of eqs. (6) (the longitudinal equation without
// the longitudinal inertia of the links' own vibration, as the seed argues):
//   E F u'' = rho F [a_x(0) - omega^2 x] + q cos(Z, x),    N = E F u'
// In the module's units (manipulator.hpp) the right side is N' = a_x(0) - g_x - omega^2 xi, with
// g_x = -q cos(Z, x) the gradient load per unit mass: N is the quadratic
//   N(xi) = N(0) + (a_x(0) - g_x) xi - omega^2 xi^2 / 2.
// The seed integrates this Cauchy problem numerically (unknowns C1 = u'(0), C2 = a_x(0) of eq. 14);
// its closed form is exact.
#pragma once

namespace dyngen::elastic {

struct AxialForce {
  double root = 0.0;                     // N(0)
  double root_acceleration_excess = 0.0; // a_x(0) - g_x
  double angular_rate = 0.0;             // omega of the link's frame

  double value(double xi) const;  // N(xi)
  double slope(double xi) const;  // N'(xi) = a_x(0) - g_x - omega^2 xi
};

}  // namespace dyngen::elastic
