// The seed's method for the elastic manipulator (V. I. Gouliaev, T. V. Zavrazhina, "Dynamics of spatial
// motions of a space elastic robot-manipulator", section "Методика построения решения"), planar: time
// by Houbolt's implicit scheme, space by the initial parameters (transfer along each link), the hinge
// angles by an Adams predictor-corrector.
//
// One step from t to t + h (h and rates in units of T):
//  1. predict (Adams-Bashforth, 4 steps, from psi'' at t, t-h, t-2h, t-3h; the seed: "с помощью метода
//     предиктор-корректор Адамса — Башфорта ... подсчитываются значения этих величин в момент t+Δt")
//       psi'^p = psi'_t + h/24 (55 psi''_t - 59 psi''_t-1 + 37 psi''_t-2 - 9 psi''_t-3), psi^p likewise
//     and the tips' slopes w'(1) by the quadratic through the last three levels, 3 s_t - 3 s_t-1 + s_t-2,
//     their rates by eq. (12); from these the frames' angles, rates and relative rotations (the
//     seed's B_n-1,n), the gradient's directions (eq. 2) and the centrifugal terms at t + h;
//  2. replace the time derivatives of the deflections by Houbolt's differences, eq. (12):
//       w'(time)_t+1  = (11 w_t+1 - 18 w_t + 9 w_t-1 - 2 w_t-2) / (6 h)
//       w''(time)_t+1 = (2 w_t+1 - 5 w_t + 4 w_t-1 - w_t-2) / h^2,
//     so the bending equation at t + h becomes the ordinary differential equation in xi of eq. (13),
//     with the axial force of the previous level N_t (or, as an option, its linear extrapolation
//     2 N_t - N_t-1 to t + h, below), and solve the chain's boundary problem at t + h
//     (level_problem.hpp: eqs. 7-11, 14, 15; Runge-Kutta Cauchy problems along the links);
//  3. correct the hinge angles with the new psi'' (Adams-Moulton, 3 steps):
//       psi'_t+1 = psi'_t + h/24 (9 psi''_t+1 + 19 psi''_t - 5 psi''_t-1 + psi''_t-2), psi_t+1 likewise
//     from the corrected rates, and keep the new level's axial force for the next step.
// Orders (README "Convergence"): the deflections are second order in h (Houbolt), the hinge angles
// fourth order given psi''; the coupling makes the scheme second order, except that the seed's lag
// of the axial force (N_t in the term -(N w')' of the level t + 1) is a first-order error in h: with
// the stiffening on, the seed's scheme converges at order 1 (with a small constant: 2e-6 rad in the
// angles of the seed's example at its step), with the extrapolated axial force at order 2. The
// Runge-Kutta error of the Cauchy problems grows as the step shrinks: their solutions vary over
// c^(-1/4) = (h / T)^(1/2) / 2^(1/4) of a link, so the error is about (c^(1/4) / segments)^4 =
// 2 T^2 / (h^2 segments^4): keep segments >> (T / h)^(1/2) (the seed: 100 against 2).
// The run starts at rest at t = 0 with the past at rest (w = 0, psi' = psi'' = 0 at t <= 0, psi at
// its initial value): exact when the loads start from equilibrium smoothly, as the seed's torques
// 1 - cos 6t do from the links along the vertical; the axial force and psi'' of the first level are
// those of the boundary problem at t = 0. A load present at t = 0 (the gradient load across a tilted
// link) acts as a step applied at t = 0. A step costs four Cauchy problems per link and one 6N x 6N
// solve.
//
// Why not dyngen_integrators' Houbolt: it steps M x'' + C x' + K x = F(t, x, x') for a state vector,
// while the seed's scheme applies eq. (12) to the partial differential equation and solves the
// resulting ordinary differential equation in space exactly-in-form by initial parameters, with
// the hinge angles carried by a different (Adams) method; the multistep histories here are whole
// functions of xi held at the stations.
#pragma once

#include "elastic/level_problem.hpp"
#include "elastic/manipulator.hpp"
#include "elastic/manipulator_state.hpp"

#include <array>
#include <vector>

namespace dyngen::elastic {

// The axial force in the term -(N w')' of the level t + 1 (eq. 13): the seed's N_t of the previous
// level, or 2 N_t - N_t-1 (the past at rest: N_-1 = N_0) with the predicted angular rate at t + 1.
enum class AxialForceLevel { previous, extrapolated };

struct SeedSchemeSettings {
  double step = 2.5e-3;  // s (the seed: 2.5e-3 s)
  int segments = 100;    // Runge-Kutta segments per link (the seed: 100)
  AxialForceLevel axial_force = AxialForceLevel::previous;
};

class TransferMatrixHoubolt {
 public:
  // psi_n(0) = initial_hinge_angles (empty: all zero, the links along the vertical). std::invalid_argument
  // for an invalid manipulator, step <= 0, segments < 2 or odd, initial angles not one finite value per
  // link, or a step too small for the initial-parameter method (level_problem.hpp: h / T >= 1.34e-3).
  TransferMatrixHoubolt(Manipulator manipulator, SeedSchemeSettings settings,
                        const Eigen::VectorXd& initial_hinge_angles = {});

  // std::runtime_error when the new level is not finite (the state stays at the last good level)
  void step();
  double time() const { return static_cast<double>(steps_) * settings_.step; }
  long steps() const { return steps_; }
  ManipulatorState state() const;
  // the latest level's boundary-problem solution: accelerations, root forces, (w, w', w'', w''')
  const std::vector<LinkLevelSolution>& level() const { return level_; }
  const Manipulator& manipulator() const { return manipulator_; }

 private:
  LevelInput level_input(double seconds, const Eigen::VectorXd& hinge_angles, const Eigen::VectorXd& hinge_rates,
                         const Eigen::VectorXd& tip_slopes, const Eigen::VectorXd& tip_slope_rates) const;
  void keep_axial_forces(const LevelInput& input);
  // N in the level t + 1 of link n whose frame turns at `angular_rate` (predicted)
  AxialForce level_axial_force(int link, double angular_rate) const;
  // std::runtime_error naming the time and the link when a level is not finite
  void require_finite(const std::vector<LinkLevelSolution>& level, double seconds) const;
  double scaled_step() const { return settings_.step / manipulator_.time_scale; }
  // eq. (12), first line, at the newest level, for column `derivative` of (w, w', w'', w''')
  Eigen::VectorXd houbolt_rate(int link, int derivative) const;

  Manipulator manipulator_;
  SeedSchemeSettings settings_;
  int links_;
  long steps_ = 0;
  // past_levels_[k][n]: (w, w', w'', w''') of link n at the stations at t - k h, k = 0..3
  std::array<std::vector<Eigen::MatrixX4d>, 4> past_levels_;
  Eigen::VectorXd hinge_angles_, hinge_rates_;
  // newest first: psi' and psi'' at t, t - h, t - 2h, t - 3h
  std::array<Eigen::VectorXd, 4> past_hinge_rates_, past_hinge_accelerations_;
  // N at t and t - h (root value and root acceleration excess of axial_force.hpp, angular rate)
  std::array<std::vector<AxialForce>, 2> past_axial_forces_;
  std::vector<LinkLevelSolution> level_;
};

}  // namespace dyngen::elastic
