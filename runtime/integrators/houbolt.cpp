#include "integrators/houbolt.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dyngen::integrators {

Houbolt::Houbolt(SecondOrderSystem system, NewtonOptions newton)
    : system_(std::move(system)),
      newton_options_(newton),
      dofs_(system_.mass.rows()),
      positions_{Vector(dofs_), Vector(dofs_), Vector(dofs_)},
      effective_stiffness_(dofs_, dofs_),
      effective_lu_(dofs_),
      newton_(dofs_),
      velocity_offset_(dofs_),
      acceleration_offset_(dofs_),
      history_force_(dofs_),
      force_(dofs_),
      velocity_(dofs_),
      stage_(2 * dofs_),
      stage_acceleration_(dofs_),
      dforce_dx_(dofs_, dofs_),
      dforce_dv_(dofs_, dofs_),
      continuity_(2 * dofs_) {
  const auto square = [&](const Matrix& m) { return m.rows() == dofs_ && m.cols() == dofs_; };
  if (dofs_ == 0 || !square(system_.mass) || !square(system_.damping) || !square(system_.stiffness)) {
    throw std::invalid_argument("Houbolt: M, C and K must all be n x n, n > 0");
  }
  if (!system_.force) throw std::invalid_argument("Houbolt: the force F(t, x, x') is missing");
}

void Houbolt::step(double t, double h, VectorRef y) {
  if (!continuity_.continues(t, h, y)) {
    positions_[newest_] = y.head(dofs_);
    known_positions_ = 1;
  }
  // A step interrupted by an exception leaves the history inconsistent: the next one starts afresh.
  continuity_.forget();
  if (known_positions_ < 3) {
    starter_step(t, h, y);
  } else {
    const Vector& x_n = past_position(0);
    const Vector& x_n1 = past_position(1);
    const Vector& x_n2 = past_position(2);
    // Seed eq. (12): x'_n+1 = (11 x_n+1 - 18 x_n + 9 x_n-1 - 2 x_n-2) / (6 h),
    //                x''_n+1 = (2 x_n+1 - 5 x_n + 4 x_n-1 - x_n-2) / h^2
    velocity_offset_ = (18 * x_n - 9 * x_n1 + 2 * x_n2) / (6 * h);
    acceleration_offset_ = (5 * x_n - 4 * x_n1 + x_n2) / (h * h);
    // Newton's start: the quadratic through x_n-2, x_n-1, x_n extrapolated to t_n+1
    y.head(dofs_) = 3 * x_n - 3 * x_n1 + x_n2;
    impose_equation_of_motion(t + h, 11 / (6 * h), 2 / (h * h), y);
  }
  newest_ = (newest_ + 1) % 3;
  positions_[newest_] = y.head(dofs_);
  known_positions_ = std::min(known_positions_ + 1, 3);
  continuity_.remember(t + h, h, y);
}

// Alexander (1977), two-stage SDIRK, each stage written in positions: with base values
// (x_b, v_b) = (x_n, x'_n) for stage 1 and (x_n + (1-g) h V1, x'_n + (1-g) h A1) for stage 2,
// X = x_b + g h V and V = v_b + g h A give V = X/(g h) - x_b/(g h), A = X/(g h)^2 - (x_b/(g h)^2 + v_b/(g h)).
void Houbolt::starter_step(double t, double h, VectorRef y) {
  const double gamma = 1 - 1 / std::sqrt(2.0);
  const double gh = gamma * h;
  auto x = y.head(dofs_);
  auto v = y.tail(dofs_);
  velocity_offset_ = x / gh;
  acceleration_offset_ = x / (gh * gh) + v / gh;
  // Newton's start: X1 = x_n + g h x'_n (and V1 = x'_n)
  stage_.head(dofs_) = x + gh * v;
  stage_.tail(dofs_) = v;
  impose_equation_of_motion(t + gh, 1 / gh, 1 / (gh * gh), stage_);
  // A1 = X1/(g h)^2 - q
  stage_acceleration_ = stage_.head(dofs_) / (gh * gh) - acceleration_offset_;
  // y becomes the base of stage 2: x_n + (1-g) h V1, x'_n + (1-g) h A1
  x += (1 - gamma) * h * stage_.tail(dofs_);
  v += (1 - gamma) * h * stage_acceleration_;
  velocity_offset_ = x / gh;
  acceleration_offset_ = x / (gh * gh) + v / gh;
  // Newton's start: X2 = x_b + g h v_b
  x += gh * v;
  impose_equation_of_motion(t + h, 1 / gh, 1 / (gh * gh), y);
}

// M x'' + C x' + K x = F(t, x, x') at end_time with x' = a x - p, x'' = b x - q.
void Houbolt::impose_equation_of_motion(double end_time, double a, double b, VectorRef y) {
  const bool linear = !system_.force_depends_on_state;
  if (a != factored_a_ || b != factored_b_) {
    // A = b M + a C + K
    effective_stiffness_ = b * system_.mass + a * system_.damping + system_.stiffness;
    if (linear) effective_lu_.compute(effective_stiffness_);
    factored_a_ = a;
    factored_b_ = b;
  }
  // M q + C p
  history_force_.noalias() = system_.mass * acceleration_offset_;
  history_force_.noalias() += system_.damping * velocity_offset_;

  auto x = y.head(dofs_);
  auto v = y.tail(dofs_);
  if (linear) {
    system_.force(end_time, x, v, force_);
    require_finite(force_, end_time, name(), "the force F");
    // x = A^-1 (F + M q + C p)
    force_ += history_force_;
    x = effective_lu_.solve(force_);
  } else {
    const auto residual = [&](const ConstVectorRef& z, VectorRef r) {
      velocity_ = a * z - velocity_offset_;
      system_.force(end_time, z, velocity_, force_);
      require_finite(force_, end_time, name(), "the force F");
      // r = A z - F(t, z, a z - p) - (M q + C p)
      r.noalias() = effective_stiffness_ * z;
      r -= force_ + history_force_;
    };
    const auto jacobian = [&](VectorRef z, const ConstVectorRef& r, MatrixRef j) {
      if (!system_.force_jacobian) {
        finite_difference_jacobian(residual, z, r, j);
        return;
      }
      velocity_ = a * z - velocity_offset_;
      system_.force_jacobian(end_time, z, velocity_, dforce_dx_, dforce_dv_);
      // J = A - dF/dx - a dF/dx'
      j = effective_stiffness_ - dforce_dx_ - a * dforce_dv_;
    };
    newton_.solve(residual, jacobian, x, newton_options_, name(), end_time);
  }
  v = a * x - velocity_offset_;
}

}  // namespace dyngen::integrators
