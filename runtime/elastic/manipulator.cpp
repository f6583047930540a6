#include "elastic/manipulator.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace dyngen::elastic {

void validate(const Manipulator& manipulator) {
  const auto require = [](bool holds, const std::string& what) {
    if (!holds) throw std::invalid_argument("elastic manipulator: " + what);
  };
  require(manipulator.links >= 1, "links must be at least 1");
  require(std::isfinite(manipulator.tip_mass) && manipulator.tip_mass >= 0.0, "tip_mass must be finite and >= 0");
  require(std::isfinite(manipulator.gradient_load), "gradient_load must be finite");
  require(std::isfinite(manipulator.time_scale) && manipulator.time_scale > 0.0, "time_scale must be finite and > 0");
  require(static_cast<bool>(manipulator.torque), "torque is missing");
}

Eigen::Vector2d link_axis_x(double angle) { return {std::sin(angle), std::cos(angle)}; }

Eigen::Vector2d link_axis_z(double angle) { return {-std::cos(angle), std::sin(angle)}; }

Eigen::Vector2d gradient_in_link_axes(double gradient_load, double angle) {
  return -gradient_load * Eigen::Vector2d(std::cos(angle), std::sin(angle));
}

}  // namespace dyngen::elastic
