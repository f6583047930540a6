#include "elastic/elastic_scenario.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dyngen::elastic {

double TorqueLaw::operator()(double seconds) const {
  switch (kind) {
    case Kind::one_minus_cos: return amplitude * (1.0 - std::cos(frequency * seconds));
    case Kind::sine: return amplitude * std::sin(frequency * seconds);
    case Kind::table: break;
  }
  if (seconds >= points.back()[0]) return points.back()[1];
  // the first point after `seconds`; linear between it and the one before
  const auto after = std::upper_bound(points.begin(), points.end(), seconds,
                                      [](double t, const std::array<double, 2>& point) { return t < point[0]; });
  if (after == points.begin()) return points.front()[1];
  const auto before = after - 1;
  const double fraction = (seconds - (*before)[0]) / ((*after)[0] - (*before)[0]);
  return (*before)[1] + fraction * ((*after)[1] - (*before)[1]);
}

double time_scale(const ElasticScenario& scenario) {
  return std::sqrt(scenario.inertia_parameter / scenario.section_ratio);
}

Manipulator scenario_manipulator(const ElasticScenario& scenario) {
  if (scenario.torques.size() != static_cast<std::size_t>(scenario.links)) {
    throw std::invalid_argument("elastic scenario: one torque law per hinge is needed");
  }
  Manipulator manipulator;
  manipulator.links = scenario.links;
  manipulator.tip_mass = scenario.tip_mass;
  manipulator.gradient_load = scenario.gradient_parameter / scenario.section_ratio;
  manipulator.time_scale = time_scale(scenario);
  manipulator.axial_force_stiffening = scenario.axial_force_stiffening;
  manipulator.torque = [laws = scenario.torques](int joint, double seconds) { return laws.at(joint)(seconds); };
  return manipulator;
}

namespace {

double method_step(const ElasticScenario& scenario, bool cross_check) {
  return cross_check ? scenario.cross_check_step : scenario.step;
}

}  // namespace

long total_steps(const ElasticScenario& scenario) {
  return static_cast<long>(std::ceil(scenario.duration / scenario.step - 1e-9));
}

long steps_per_row(const ElasticScenario& scenario, bool cross_check) {
  return std::lround(scenario.record_interval.value_or(scenario.step) / method_step(scenario, cross_check));
}

}  // namespace dyngen::elastic
