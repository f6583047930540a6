// The seed's method for the elastic manipulator (../shared/seeds/elastic-manipulator-houbolt.md,
// "Методика построения решения"), planar: time by Houbolt's implicit scheme, space by the initial
// parameters (transfer along each link), the hinge angles by an Adams predictor-corrector.
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
//     with the axial force of the previous level N_t, and solve the chain's boundary problem at t + h
//     (level_problem.hpp: eqs. 7-11, 14, 15; Runge-Kutta Cauchy problems along the links);
//  3. correct the hinge angles with the new psi'' (Adams-Moulton, 3 steps):
//       psi'_t+1 = psi'_t + h/24 (9 psi''_t+1 + 19 psi''_t - 5 psi''_t-1 + psi''_t-2), psi_t+1 likewise
//     from the corrected rates, and keep the new level's axial force for the next step.
// The deflections are second order in h (Houbolt), the hinge angles fourth order given psi''; the
// coupling makes the scheme second order. The run starts at rest at t = 0 with the past at rest
// (w = 0, psi = psi' = psi'' = 0 at t <= 0): exact when the loads start from equilibrium smoothly,
// as the seed's torques 1 - cos 6t do; the axial force of the first level is that of the boundary
// problem at t = 0. A step costs four Cauchy problems per link and one 6N x 6N solve.
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

struct SeedSchemeSettings {
  double step = 2.5e-3;  // s (the seed: 2.5e-3 s)
  int segments = 100;    // Runge-Kutta segments per link (the seed: 100)
};

class TransferMatrixHoubolt {
 public:
  // std::invalid_argument for an invalid manipulator, step <= 0, segments < 2 or odd, or a step too
  // small for the initial-parameter method (level_problem.hpp: h / T >= 1.34e-3).
  TransferMatrixHoubolt(Manipulator manipulator, SeedSchemeSettings settings);

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
  std::vector<AxialForce> axial_forces_;  // N at t, lagged into the next step (eq. 13)
  std::vector<LinkLevelSolution> level_;
};

}  // namespace dyngen::elastic
