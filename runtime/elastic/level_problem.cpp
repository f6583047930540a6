#include "elastic/level_problem.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace dyngen::elastic {

double fundamental_growth_exponent(double c) {
  return c > 0.0 ? std::pow(c, 0.25) / std::sqrt(2.0) : std::pow(-c, 0.25);
}

double smallest_houbolt_step(double time_scale) {
  // 2 / h^2 = c with c^(1/4) / sqrt(2) = largest_growth_exponent
  const double largest_c = std::pow(std::sqrt(2.0) * largest_growth_exponent, 4);
  return time_scale * std::sqrt(2.0 / largest_c);
}

LevelProblem::LevelProblem(LevelInput input)
    : input_(std::move(input)), unknowns_(unknowns_per_link * static_cast<Eigen::Index>(input_.links.size())) {
  if (input_.links.empty()) throw std::invalid_argument("LevelProblem: no links");
  const double c = input_.acceleration_coefficient;
  const double growth_rate = fundamental_growth_exponent(c);
  if (!(growth_rate <= largest_growth_exponent)) {
    throw std::invalid_argument(
        "LevelProblem: the fundamental solutions would grow by e^" + std::to_string(growth_rate) +
        " over a link (acceleration coefficient " + std::to_string(c) +
        "): the initial-parameter method would lose more than 10 digits; for a Houbolt step keep h / T >= " +
        std::to_string(smallest_houbolt_step(1.0)));
  }
  for (const LinkLevelInput& link : input_.links) {
    StationLoad load = link.history;
    load.uniform = link.gradient.y();  // f = r + g_z
    solutions_.push_back(integrate_fundamental_solutions(input_.acceleration_coefficient, link.lagged_axial_force,
                                                         link.root_torque, load, input_.segments));
  }
  matrix_.setZero(unknowns_, unknowns_);
  right_side_.setZero(unknowns_);
  int row = 0;
  // the platform hinge: a(0) = 0, eps_1 = psi''_1
  require_zero(row++, unknown(0, origin_acceleration_x));
  require_zero(row++, unknown(0, origin_acceleration_z));
  require_zero(row++, unknown(0, angular_acceleration) - unknown(0, hinge_acceleration));
  for (int n = 1; n < static_cast<int>(input_.links.size()); ++n) {
    const double c = std::cos(input_.links[n].frame_rotation);
    const double s = std::sin(input_.links[n].frame_rotation);
    // eq. (10): a_n(0) = B^T a_n-1(1)
    const std::array<AffineForm, 2> a = tip_acceleration(n - 1);
    require_zero(row++, unknown(n, origin_acceleration_x) - (c * a[0] - s * a[1]));
    require_zero(row++, unknown(n, origin_acceleration_z) - (s * a[0] + c * a[1]));
    // eq. (11): eps_n = eps_n-1 - w''(time)'_n-1(1) + psi''_n
    require_zero(row++, unknown(n, angular_acceleration) - unknown(n - 1, angular_acceleration) +
                            tip_time_acceleration(n - 1, 1) - unknown(n, hinge_acceleration));
    // eq. (8): F_n-1(1) = B F_n(0), F_n(0) = (N(0), -w'''(0)) since w'(0) = 0
    const AffineForm root_axial = unknown(n, root_axial_force);
    const AffineForm root_transverse = -1.0 * unknown(n, root_shear);
    require_zero(row++, tip_axial_force(n - 1) - (c * root_axial + s * root_transverse));
    require_zero(row++, tip_transverse_force(n - 1) - (-s * root_axial + c * root_transverse));
    // eq. (9): w''_n-1(1) = M-bar_n
    require_zero(row++, tip_state(n - 1, 2) - input_.links[n].root_torque);
  }
  // the last link's tip: no moment, the body's inertia and gradient load
  const int last = static_cast<int>(input_.links.size()) - 1;
  const Eigen::Vector2d& g = input_.links[last].gradient;
  const std::array<AffineForm, 2> a = tip_acceleration(last);
  require_zero(row++, tip_state(last, 2));
  require_zero(row++, tip_axial_force(last) + input_.tip_mass * (a[0] - g.x()));
  require_zero(row++, tip_transverse_force(last) + input_.tip_mass * (a[1] - g.y()));
}

AffineForm LevelProblem::unknown(int link, Unknown which) const {
  return AffineForm::unknown(unknowns_, unknowns_per_link * link + which);
}

// eq. (15) at xi = 1
AffineForm LevelProblem::tip_state(int link, int derivative) const {
  const FundamentalSolutions& w = solutions_[link];
  const Eigen::Index tip = w.particular.rows() - 1;
  return AffineForm(unknowns_, w.particular(tip, derivative)) +
         w.unit_root_shear(tip, derivative) * unknown(link, root_shear) +
         w.unit_origin_acceleration(tip, derivative) * unknown(link, origin_acceleration_z) +
         w.unit_angular_acceleration(tip, derivative) * unknown(link, angular_acceleration);
}

AffineForm LevelProblem::tip_time_acceleration(int link, int derivative) const {
  const StationLoad& r = input_.links[link].history;
  const Eigen::VectorXd& known = derivative == 0 ? r.values : r.slopes;
  const double known_at_tip = known.size() > 0 ? known[known.size() - 1] : 0.0;
  return input_.acceleration_coefficient * tip_state(link, derivative) - known_at_tip;
}

// N(1) = N(0) + a_x(0) - g_x - omega^2 / 2
AffineForm LevelProblem::tip_axial_force(int link) const {
  const LinkLevelInput& in = input_.links[link];
  return unknown(link, root_axial_force) + unknown(link, origin_acceleration_x) -
         (in.gradient.x() + 0.5 * in.angular_rate * in.angular_rate);
}

AffineForm LevelProblem::tip_transverse_force(int link) const {
  return -1.0 * tip_state(link, 3) + input_.links[link].lagged_axial_force.value(1.0) * tip_state(link, 1);
}

// eq. (4) with eq. (5) at xi = 1, Coriolis neglected as in the seed:
// a(1) = (a_x(0) - omega^2, a_z(0) - eps + w''(1) (time))
std::array<AffineForm, 2> LevelProblem::tip_acceleration(int link) const {
  const double omega = input_.links[link].angular_rate;
  return {unknown(link, origin_acceleration_x) - omega * omega,
          unknown(link, origin_acceleration_z) - unknown(link, angular_acceleration) + tip_time_acceleration(link, 0)};
}

void LevelProblem::require_zero(int row, const AffineForm& condition) {
  matrix_.row(row) = condition.coefficients();
  right_side_[row] = -condition.constant();
}

std::vector<LinkLevelSolution> LevelProblem::solve() const {
  const Eigen::VectorXd x = matrix_.partialPivLu().solve(right_side_);
  std::vector<LinkLevelSolution> out;
  for (std::size_t n = 0; n < solutions_.size(); ++n) {
    const auto at = [&](Unknown which) { return x[unknowns_per_link * static_cast<Eigen::Index>(n) + which]; };
    const FundamentalSolutions& w = solutions_[n];
    LinkLevelSolution link;
    link.root_shear = at(root_shear);
    link.root_axial_force = at(root_axial_force);
    link.origin_acceleration = {at(origin_acceleration_x), at(origin_acceleration_z)};
    link.angular_acceleration = at(angular_acceleration);
    link.hinge_acceleration = at(hinge_acceleration);
    // eq. (15)
    link.states = w.particular + link.root_shear * w.unit_root_shear +
                  link.origin_acceleration.y() * w.unit_origin_acceleration +
                  link.angular_acceleration * w.unit_angular_acceleration;
    out.push_back(std::move(link));
  }
  return out;
}

}  // namespace dyngen::elastic
