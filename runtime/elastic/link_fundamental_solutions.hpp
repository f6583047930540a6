// The Cauchy problems of the initial-parameter method along one link (seed, eqs. 13-15): the
// bending equation of eq. (13), third line, at the new time level, in the module's units,
//   w'''' - N w'' - N' w' + c w = f(xi),    f = -a_z(0) + eps xi + r(xi) + g_z,
// where the time derivative at the new level is w'' (time) = c w - r(xi): Houbolt's eq. (12) gives
// c = 2 / h^2 and r = (5 w_t - 4 w_t-1 + w_t-2) / h^2 from the past levels; a harmonic vibration
// w e^(i Omega t) gives c = -Omega^2, r = 0 (natural_frequencies.hpp). N is the lagged axial force
// N_t of eq. (13) (zero to switch the stiffening off), g_z the gradient load per unit mass.
// The root of the link is clamped to its frame (eq. 7: w(0) = w'(0) = 0) and its bending moment is
// the hinge torque (M_y,n(0) = M_n^e: w''(0) = M-bar). The solution is eq. (15):
//   w = w^q + C8 w^8 + C9 w^9 + C10 w^10,   C8 = w'''(0), C9 = a_z(0), C10 = eps,
// with w^q from y(0) = (0, 0, M-bar, 0) under the known load r + g_z, w^8 from y(0) = (0, 0, 0, 1),
// w^9 and w^10 from y(0) = 0 under the loads -1 and xi; y = (w, w', w'', w'''). (The seed's w^7, for
// C7 = psi''_n, is absorbed here by keeping eps as the unknown and eq. (11) as a condition.)
// Like the seed, each Cauchy problem is integrated by the classical Runge-Kutta method of order 4
// over `segments` equal segments (the seed: 100). The known load is given at the stations with its
// slope and read between them by cubic Hermite interpolation, accurate to the method's order.
#pragma once

#include "elastic/axial_force.hpp"

#include <Eigen/Dense>

namespace dyngen::elastic {

// r(xi) + uniform: r and r' at the stations xi_i = i / segments (both empty: r = 0)
struct StationLoad {
  Eigen::VectorXd values;
  Eigen::VectorXd slopes;
  double uniform = 0.0;
};

// Each (segments + 1) x 4: y = (w, w', w'', w''') at the stations xi_i = i / segments.
struct FundamentalSolutions {
  Eigen::MatrixX4d particular;                 // w^q
  Eigen::MatrixX4d unit_root_shear;            // w^8: dw / dC8
  Eigen::MatrixX4d unit_origin_acceleration;   // w^9: dw / d a_z(0)
  Eigen::MatrixX4d unit_angular_acceleration;  // w^10: dw / d eps
};

// c, N, the root curvature M-bar and the load as above; segments >= 1 (std::invalid_argument otherwise,
// or when the load's sizes are not segments + 1).
FundamentalSolutions integrate_fundamental_solutions(double c, const AxialForce& axial_force, double root_curvature,
                                                     const StationLoad& load, int segments);

}  // namespace dyngen::elastic
