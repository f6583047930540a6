#include "elastic/manipulator_state.hpp"

#include "elastic/manipulator.hpp"

#include <cmath>
#include <stdexcept>

namespace dyngen::elastic {

namespace {

// composite Simpson's rule over [0, 1] on equally spaced samples
double simpson(const Eigen::VectorXd& f) {
  const Eigen::Index segments = f.size() - 1;
  if (segments < 2 || segments % 2 != 0) {
    throw std::invalid_argument("elastic energies: Simpson's rule needs an even number of segments");
  }
  double sum = f[0] + f[segments];
  for (Eigen::Index i = 1; i < segments; ++i) sum += (i % 2 == 1 ? 4.0 : 2.0) * f[i];
  return sum / (3.0 * static_cast<double>(segments));
}

Eigen::VectorXd stations(Eigen::Index count) { return Eigen::VectorXd::LinSpaced(count, 0.0, 1.0); }

}  // namespace

double tip_deflection(const LinkState& link) { return link.deflection[link.deflection.size() - 1]; }

std::string non_finite_part(const ManipulatorState& state) {
  for (std::size_t n = 0; n < state.links.size(); ++n) {
    const LinkState& link = state.links[n];
    const std::string of_link = " of link " + std::to_string(n + 1);
    if (!std::isfinite(link.angle)) return "the angle" + of_link;
    if (!std::isfinite(link.angular_rate)) return "the angular rate" + of_link;
    if (!std::isfinite(link.hinge_angle) || !std::isfinite(link.hinge_rate)) return "the hinge angle or rate" + of_link;
    if (!link.deflection.allFinite() || !link.slope.allFinite() || !link.curvature.allFinite()) {
      return "the deflection" + of_link;
    }
    if (!link.deflection_rate.allFinite()) return "the deflection rate" + of_link;
  }
  return {};
}

double kinetic_energy(const ManipulatorState& state, double tip_mass) {
  Eigen::Vector2d origin_velocity = Eigen::Vector2d::Zero();
  double energy = 0.0;
  for (const LinkState& link : state.links) {
    const Eigen::Vector2d z = link_axis_z(link.angle);
    // transverse speed in link axes: w'(time) - xi theta'
    const Eigen::VectorXd transverse = link.deflection_rate - link.angular_rate * stations(link.deflection.size());
    const double along_z = origin_velocity.dot(z);
    // |v|^2 = |v_O|^2 + 2 (v_O . z) u + u^2
    const Eigen::VectorXd speed_squared =
        (origin_velocity.squaredNorm() + (2.0 * along_z * transverse.array() + transverse.array().square())).matrix();
    energy += 0.5 * simpson(speed_squared);
    origin_velocity += transverse[transverse.size() - 1] * z;
  }
  return energy + 0.5 * tip_mass * origin_velocity.squaredNorm();
}

double elastic_energy(const ManipulatorState& state) {
  double energy = 0.0;
  for (const LinkState& link : state.links) energy += 0.5 * simpson(link.curvature.array().square().matrix());
  return energy;
}

double gradient_potential(const ManipulatorState& state, double gradient_load, double tip_mass) {
  double origin_height = 0.0;
  double integral = 0.0;
  for (const LinkState& link : state.links) {
    const Eigen::VectorXd xi = stations(link.deflection.size());
    const Eigen::VectorXd height = (origin_height + xi.array() * std::cos(link.angle) +
                                    link.deflection.array() * std::sin(link.angle)).matrix();
    integral += simpson(height);
    origin_height = height[height.size() - 1];
  }
  return gradient_load * (integral + tip_mass * origin_height);
}

}  // namespace dyngen::elastic
