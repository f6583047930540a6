// The linear multipoint boundary problem of the whole chain at one time level (seed, "Методика
// построения решения": eqs. 13-15 closed by the conditions 7-11), planar: for each link the six
// unknowns of eq. (14) that the plane of the example keeps,
//   C8 = w'''(0),  N(0) = E F C1,  C2 = a_x(0),  C9 = a_z(0),  C10 = eps (theta''),  C7 = psi'',
// found from six conditions per link:
//   first link (the platform hinge, the platform fixed):  a_x(0) = a_z(0) = 0,  eps_1 = psi''_1
//   hinge n >= 2, with Delta = theta_n - theta_n-1 (B_n-1,n of the seed, predicted):
//     eq. (10)  a_n(0) = B^T a_n-1(1),  a_n-1(1) = (a_x(0) - omega^2, a_z(0) - eps + w''(1) (time))_n-1
//     eq. (11)  eps_n = eps_n-1 - w'' '(1) (time)_n-1 + psi''_n
//     eq. (8)   F_n-1(1) = B F_n(0),    F = (N, -w''' + N_t w') (axial force, transverse force)
//     eq. (9)   w''_n-1(1) = M-bar_n    (the hinge passes only the torque M_n^e)
//   tip of the last link, carrying a body of mass m-bar at a point:
//     w''(1) = 0,   F(1) = -m-bar (a(1) - g)
// with B = [cos Delta, sin Delta; -sin Delta, cos Delta] taking link-n components to link-(n-1) ones,
// and the time derivatives at the level w''(time) = c w - r (link_fundamental_solutions.hpp). The
// root moment condition M_y,n(0) = M_n^e is built into the Cauchy problems (w''(0) = M-bar_n). The
// seed's count, 13 N conditions for 11 N constants and 2 N angular accelerations, becomes 6 N here.
// A Houbolt step (transfer_matrix_houbolt.hpp) solves one such problem; a harmonic one (c = -Omega^2,
// no loads) is singular exactly at the natural frequencies (natural_frequencies.hpp).
#pragma once

#include "elastic/affine_form.hpp"
#include "elastic/axial_force.hpp"
#include "elastic/link_fundamental_solutions.hpp"

#include <array>
#include <vector>

namespace dyngen::elastic {

// The homogeneous solutions of w'''' + c w = 0 grow like e^(exponent xi): exponent = c^(1/4) / sqrt(2) for
// c > 0 (Houbolt: c = 2 / h^2), |c|^(1/4) for c < 0. Beyond e^23 = 1e10 the superposition (15) would
// cancel away more than 10 of the 16 digits: LevelProblem refuses it.
constexpr double largest_growth_exponent = 23.0;
double fundamental_growth_exponent(double c);
// The smallest Houbolt step h [s] (c = 2 (T / h)^2) within that bound: 1.34e-3 T.
double smallest_houbolt_step(double time_scale);

struct LinkLevelInput {
  double root_torque = 0.0;       // M-bar_n at the link's root hinge
  double frame_rotation = 0.0;    // Delta_n = theta_n - theta_n-1 (unused for the first link)
  double angular_rate = 0.0;      // omega_n = theta_n' of the link's frame
  Eigen::Vector2d gradient = Eigen::Vector2d::Zero();  // (g_x, g_z): gradient load per unit mass, link axes
  AxialForce lagged_axial_force;  // N_t of eq. (13); zero switches the stiffening off
  StationLoad history;            // r, r' at the stations (empty: r = 0); its `uniform` is ignored
};

struct LevelInput {
  double acceleration_coefficient = 0.0;  // c: w''(time) = c w - r at this level
  double tip_mass = 0.0;
  int segments = 100;
  std::vector<LinkLevelInput> links;
};

struct LinkLevelSolution {
  Eigen::MatrixX4d states;  // (w, w', w'', w''') at the stations xi_i = i / segments
  double root_shear = 0.0;                                       // C8 = w'''(0)
  double root_axial_force = 0.0;                                 // N(0)
  Eigen::Vector2d origin_acceleration = Eigen::Vector2d::Zero(); // (C2, C9) = a(0), link axes
  double angular_acceleration = 0.0;                             // C10 = eps = theta''
  double hinge_acceleration = 0.0;                               // C7 = psi''
};

class LevelProblem {
 public:
  enum Unknown { root_shear, root_axial_force, origin_acceleration_x, origin_acceleration_z, angular_acceleration,
                 hinge_acceleration, unknowns_per_link };

  // Integrates every link's Cauchy problems and assembles A x = b. std::invalid_argument for no links,
  // a malformed history, or a coefficient c whose fundamental solutions grow beyond e^23 over a link
  // (c > 1.1e6, a Houbolt step h / T < 1.34e-3; c < -2.8e5, Omega > 529): there the shooting of the
  // initial-parameter method loses more than 10 digits (the seed's method, unlike orthogonalised
  // shooting, has no cure).
  explicit LevelProblem(LevelInput input);

  const Eigen::MatrixXd& matrix() const { return matrix_; }
  const Eigen::VectorXd& right_side() const { return right_side_; }
  // x = A^-1 b spread over the links, with each link's w from eq. (15)
  std::vector<LinkLevelSolution> solve() const;

 private:
  AffineForm unknown(int link, Unknown which) const;
  AffineForm tip_state(int link, int derivative) const;              // w^(derivative)(1)
  AffineForm tip_time_acceleration(int link, int derivative) const;  // (w^(derivative))''(time) at xi = 1
  AffineForm tip_axial_force(int link) const;                        // N(1)
  AffineForm tip_transverse_force(int link) const;                   // -w'''(1) + N_t(1) w'(1)
  std::array<AffineForm, 2> tip_acceleration(int link) const;        // a(1), link axes
  void require_zero(int row, const AffineForm& condition);

  LevelInput input_;
  Eigen::Index unknowns_;
  std::vector<FundamentalSolutions> solutions_;
  Eigen::MatrixXd matrix_;
  Eigen::VectorXd right_side_;
};

}  // namespace dyngen::elastic
