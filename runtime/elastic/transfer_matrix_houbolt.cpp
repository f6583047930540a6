#include "elastic/transfer_matrix_houbolt.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace dyngen::elastic {

TransferMatrixHoubolt::TransferMatrixHoubolt(Manipulator manipulator, SeedSchemeSettings settings,
                                             const Eigen::VectorXd& initial_hinge_angles)
    : manipulator_(std::move(manipulator)), settings_(settings), links_(manipulator_.links) {
  validate(manipulator_);
  if (!(settings_.step > 0.0)) throw std::invalid_argument("TransferMatrixHoubolt: the step must be > 0");
  if (settings_.segments < 2 || settings_.segments % 2 != 0) {
    throw std::invalid_argument("TransferMatrixHoubolt: segments must be even and >= 2");
  }
  if (initial_hinge_angles.size() != 0 &&
      (initial_hinge_angles.size() != links_ || !initial_hinge_angles.allFinite())) {
    throw std::invalid_argument("TransferMatrixHoubolt: the initial hinge angles need one finite value per link");
  }
  for (auto& level : past_levels_) level.assign(links_, Eigen::MatrixX4d::Zero(settings_.segments + 1, 4));
  hinge_angles_ = initial_hinge_angles.size() != 0 ? initial_hinge_angles : Eigen::VectorXd::Zero(links_);
  hinge_rates_.setZero(links_);
  for (int k = 0; k < 4; ++k) {
    past_hinge_rates_[k].setZero(links_);
    past_hinge_accelerations_[k].setZero(links_);
  }
  for (auto& forces : past_axial_forces_) forces.assign(links_, AxialForce{});
  // the boundary problem at t = 0 from the rest history: the first level's axial force and psi''
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(links_);
  const LevelInput input = level_input(0.0, hinge_angles_, zero, zero, zero);
  level_ = LevelProblem(input).solve();
  require_finite(level_, 0.0);
  for (int n = 0; n < links_; ++n) past_hinge_accelerations_[0][n] = level_[n].hinge_acceleration;
  keep_axial_forces(input);
  past_axial_forces_[1] = past_axial_forces_[0];  // the past at rest: N_-1 = N_0
}

LevelInput TransferMatrixHoubolt::level_input(double seconds, const Eigen::VectorXd& hinge_angles,
                                              const Eigen::VectorXd& hinge_rates, const Eigen::VectorXd& tip_slopes,
                                              const Eigen::VectorXd& tip_slope_rates) const {
  const double h = scaled_step();
  LevelInput input;
  input.acceleration_coefficient = 2.0 / (h * h);  // eq. (12): w''(time)_t+1 = 2 w_t+1 / h^2 - r
  input.tip_mass = manipulator_.tip_mass;
  input.segments = settings_.segments;
  double angle = 0.0, rate = 0.0;
  for (int n = 0; n < links_; ++n) {
    LinkLevelInput link;
    // theta_n = theta_n-1 - w'_n-1(1) + psi_n, and its rate
    link.frame_rotation = hinge_angles[n] - (n > 0 ? tip_slopes[n - 1] : 0.0);
    angle += link.frame_rotation;
    rate += hinge_rates[n] - (n > 0 ? tip_slope_rates[n - 1] : 0.0);
    link.angular_rate = rate;
    link.root_torque = manipulator_.torque(n, seconds);
    link.gradient = gradient_in_link_axes(manipulator_.gradient_load, angle);
    if (manipulator_.axial_force_stiffening) link.lagged_axial_force = level_axial_force(n, rate);
    // eq. (12): r = (5 w_t - 4 w_t-1 + w_t-2) / h^2, for w and w'
    const Eigen::MatrixX4d known = (5.0 * past_levels_[0][n] - 4.0 * past_levels_[1][n] + past_levels_[2][n]) / (h * h);
    link.history.values = known.col(0);
    link.history.slopes = known.col(1);
    input.links.push_back(std::move(link));
  }
  return input;
}

void TransferMatrixHoubolt::keep_axial_forces(const LevelInput& input) {
  past_axial_forces_[1] = past_axial_forces_[0];
  for (int n = 0; n < links_; ++n) {
    past_axial_forces_[0][n] = {level_[n].root_axial_force,
                                level_[n].origin_acceleration.x() - input.links[n].gradient.x(),
                                input.links[n].angular_rate};
  }
}

AxialForce TransferMatrixHoubolt::level_axial_force(int link, double angular_rate) const {
  const AxialForce& now = past_axial_forces_[0][link];
  if (settings_.axial_force == AxialForceLevel::previous) return now;  // eq. (13): N_t
  const AxialForce& before = past_axial_forces_[1][link];
  return {2.0 * now.root - before.root, 2.0 * now.root_acceleration_excess - before.root_acceleration_excess,
          angular_rate};
}

void TransferMatrixHoubolt::step() {
  const double h = scaled_step();
  const Eigen::VectorXd& a0 = past_hinge_accelerations_[0];
  const Eigen::VectorXd& a1 = past_hinge_accelerations_[1];
  const Eigen::VectorXd& a2 = past_hinge_accelerations_[2];
  const Eigen::VectorXd& a3 = past_hinge_accelerations_[3];
  const Eigen::VectorXd& v0 = past_hinge_rates_[0];
  const Eigen::VectorXd& v1 = past_hinge_rates_[1];
  const Eigen::VectorXd& v2 = past_hinge_rates_[2];
  const Eigen::VectorXd& v3 = past_hinge_rates_[3];
  // 1. Adams-Bashforth predictor of the hinge angles
  const Eigen::VectorXd predicted_rates = hinge_rates_ + h / 24.0 * (55.0 * a0 - 59.0 * a1 + 37.0 * a2 - 9.0 * a3);
  const Eigen::VectorXd predicted_angles = hinge_angles_ + h / 24.0 * (55.0 * v0 - 59.0 * v1 + 37.0 * v2 - 9.0 * v3);
  // the tips' slopes extrapolated quadratically, their rates by eq. (12)
  Eigen::VectorXd tip_slopes(links_), tip_slope_rates(links_);
  const int tip = settings_.segments;
  for (int n = 0; n < links_; ++n) {
    const double s0 = past_levels_[0][n](tip, 1), s1 = past_levels_[1][n](tip, 1), s2 = past_levels_[2][n](tip, 1);
    tip_slopes[n] = 3.0 * s0 - 3.0 * s1 + s2;
    tip_slope_rates[n] = (11.0 * tip_slopes[n] - 18.0 * s0 + 9.0 * s1 - 2.0 * s2) / (6.0 * h);
  }
  // 2. the boundary problem at t + h
  const LevelInput input = level_input(time() + settings_.step, predicted_angles, predicted_rates, tip_slopes,
                                       tip_slope_rates);
  std::vector<LinkLevelSolution> level = LevelProblem(input).solve();
  require_finite(level, time() + settings_.step);
  level_ = std::move(level);
  // 3. Adams-Moulton corrector with the new psi''
  Eigen::VectorXd accelerations(links_);
  for (int n = 0; n < links_; ++n) accelerations[n] = level_[n].hinge_acceleration;
  const Eigen::VectorXd rates = hinge_rates_ + h / 24.0 * (9.0 * accelerations + 19.0 * a0 - 5.0 * a1 + a2);
  hinge_angles_ += h / 24.0 * (9.0 * rates + 19.0 * v0 - 5.0 * v1 + v2);
  hinge_rates_ = rates;
  // the histories move back by one level
  std::rotate(past_levels_.rbegin(), past_levels_.rbegin() + 1, past_levels_.rend());
  std::rotate(past_hinge_rates_.rbegin(), past_hinge_rates_.rbegin() + 1, past_hinge_rates_.rend());
  std::rotate(past_hinge_accelerations_.rbegin(), past_hinge_accelerations_.rbegin() + 1,
              past_hinge_accelerations_.rend());
  for (int n = 0; n < links_; ++n) past_levels_[0][n] = level_[n].states;
  past_hinge_rates_[0] = hinge_rates_;
  past_hinge_accelerations_[0] = accelerations;
  keep_axial_forces(input);
  ++steps_;
}

void TransferMatrixHoubolt::require_finite(const std::vector<LinkLevelSolution>& level, double seconds) const {
  for (int n = 0; n < links_; ++n) {
    const LinkLevelSolution& link = level[n];
    if (!link.states.allFinite() || !std::isfinite(link.hinge_acceleration) || !std::isfinite(link.root_axial_force) ||
        !link.origin_acceleration.allFinite()) {
      throw std::runtime_error("TransferMatrixHoubolt: the boundary problem at t = " + std::to_string(seconds) +
                               " s has a non-finite solution on link " + std::to_string(n + 1) +
                               " (the motion or a load is no longer finite)");
    }
  }
}

Eigen::VectorXd TransferMatrixHoubolt::houbolt_rate(int link, int derivative) const {
  return (11.0 * past_levels_[0][link].col(derivative) - 18.0 * past_levels_[1][link].col(derivative) +
          9.0 * past_levels_[2][link].col(derivative) - 2.0 * past_levels_[3][link].col(derivative)) /
         (6.0 * scaled_step());
}

ManipulatorState TransferMatrixHoubolt::state() const {
  ManipulatorState state;
  state.time = time();
  double angle = 0.0, rate = 0.0;
  double previous_tip_slope = 0.0, previous_tip_slope_rate = 0.0;
  for (int n = 0; n < links_; ++n) {
    const Eigen::MatrixX4d& now = past_levels_[0][n];
    LinkState link;
    link.hinge_angle = hinge_angles_[n];
    link.hinge_rate = hinge_rates_[n];
    angle += hinge_angles_[n] - previous_tip_slope;
    rate += hinge_rates_[n] - previous_tip_slope_rate;
    link.angle = angle;
    link.angular_rate = rate;
    link.deflection = now.col(0);
    link.slope = now.col(1);
    link.curvature = now.col(2);
    link.deflection_rate = houbolt_rate(n, 0);
    previous_tip_slope = now(settings_.segments, 1);
    previous_tip_slope_rate = houbolt_rate(n, 1)[settings_.segments];
    state.links.push_back(std::move(link));
  }
  return state;
}

}  // namespace dyngen::elastic
