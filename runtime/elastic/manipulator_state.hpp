// The state of the manipulator at one time, sampled along each link: the common output of the seed's
// method (transfer_matrix_houbolt.hpp) and the finite-element cross-check (finite_element_solver.hpp),
// from which the run histories and the energies are computed. Units of manipulator.hpp.
#pragma once

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace dyngen::elastic {

struct LinkState {
  double angle = 0.0;         // theta: the link's root frame from the vertical Z (the seed's phi)
  double angular_rate = 0.0;  // theta' (per T)
  double hinge_angle = 0.0;   // psi: the link against the tip section of the previous link (or the platform)
  double hinge_rate = 0.0;    // psi' (per T)
  // at the stations xi_i = i / segments: w, w', w'' and the deflection rate w'(time) (per T)
  Eigen::VectorXd deflection, slope, curvature, deflection_rate;
};

struct ManipulatorState {
  double time = 0.0;  // s
  std::vector<LinkState> links;
};

// w(1), the seed's W-bar = w(l) / l
double tip_deflection(const LinkState& link);

// "the <quantity> of link <k>" for the first quantity of the state that is not finite; empty if all are
std::string non_finite_part(const ManipulatorState& state);

// The energies in E J / l, integrated by Simpson's rule over the stations (an even number of
// segments, std::invalid_argument otherwise), with the seed's kinematics (eqs. 4-5 without the
// transport terms of the deflection, as its accelerations): a point of link n moves with
//   v(xi) = v_O,n + (w'(time)(xi) - xi theta_n') z_n,   v_O,n+1 = v_n(1),   v_O,1 = 0.
// kinetic: 1/2 sum_n int |v|^2 dxi + 1/2 m-bar |v_tip|^2
double kinetic_energy(const ManipulatorState& state, double tip_mass);
// elastic: 1/2 sum_n int w''^2 dxi
double elastic_energy(const ManipulatorState& state);
// the gradient load's potential q Z per unit mass (force -q Z, eq. 2), Z from the platform hinge:
// q (sum_n int Z dxi + m-bar Z_tip), Z(xi) = Z_O,n + xi cos theta_n + w(xi) sin theta_n
double gradient_potential(const ManipulatorState& state, double gradient_load, double tip_mass);

}  // namespace dyngen::elastic
