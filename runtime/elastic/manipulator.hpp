// A planar chain of equal elastic links hinged to a platform stabilised in the orbital frame: the
// mechanical model of the seed (V. I. Gouliaev, T. V. Zavrazhina, "Dynamics of spatial motions of a
// space elastic robot-manipulator", section "Механическая модель", reduced to the plane of its
// example), in the seed's dimensionless variables.
//
// Frames: the orbital frame OXYZ, motion in its XZ plane, every hinge axis parallel to Y. Link n has
// the frame O_n x_n y_n z_n clamped to its root (eq. 7): x_n along the undeformed link, y_n = Y. Its
// angle theta_n from the vertical Z (the seed's phi_n, positive counterclockwise seen from +Y) gives
//   x_n = (sin theta_n, cos theta_n),   z_n = (-cos theta_n, sin theta_n)      (X, Z components)
// so d x_n / d theta_n = -z_n: eps x (x i) = -eps x k, as in eq. (6). The deflection w_n(xi) is along
// z_n. Hinge n turns link n against the tip section of link n-1 by psi_n:
//   theta_n = theta_n-1 - w'_n-1(1) + psi_n,   theta_1 = psi_1 (the platform does not turn).
//
// Units: lengths in the link length l (xi = x / l, w = w / l), forces in E J / l^2, moments and
// energies in E J / l, masses in a link's mass rho F l / g, time in T = sqrt(rho F l^4 / (g E J))
// (the seed's rho is a specific weight): in these units a link has unit mass per unit length and
// unit bending stiffness. Public interfaces take time in seconds; rates and accelerations of the
// state are per T.
#pragma once

#include <Eigen/Dense>

#include <functional>

namespace dyngen::elastic {

// M_n^e(t) l / (E J) at hinge `joint` (0 = the platform hinge), t in seconds.
using JointTorque = std::function<double(int joint, double seconds)>;

struct Manipulator {
  int links = 2;
  double tip_mass = 0.0;       // mass of the body at the end of the last link over a link's mass (the seed's m-bar)
  double gradient_load = 0.0;  // q l^3 / (E J): the gravity-gradient load per unit length, along -Z (eq. 2)
  double time_scale = 1.0;     // T [s]
  JointTorque torque;
  // The -(N w')' term of eqs. (6), (13): the links' axial force stiffening (or softening) their bending.
  bool axial_force_stiffening = true;
};

// Throws std::invalid_argument naming the field: links >= 1, tip_mass >= 0, time_scale > 0, all
// finite, torque set.
void validate(const Manipulator& manipulator);

// x_n and z_n of a link at angle theta, in (X, Z) components.
Eigen::Vector2d link_axis_x(double angle);
Eigen::Vector2d link_axis_z(double angle);

// The gravity-gradient load per unit mass, -q Z of eq. (2), in the axes (x, z) of a link at angle theta:
// (-q cos(Z, x), -q cos(Z, z)) = -q (cos theta, sin theta).
Eigen::Vector2d gradient_in_link_axes(double gradient_load, double angle);

}  // namespace dyngen::elastic
