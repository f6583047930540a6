#include "elastic/seed_example.hpp"

#include <cmath>

namespace dyngen::elastic {

Manipulator seed_manipulator(const SeedExample& example) {
  Manipulator manipulator;
  manipulator.links = 2;
  manipulator.tip_mass = example.tip_mass;
  manipulator.gradient_load = example.gradient_parameter / example.section_ratio;
  manipulator.time_scale = std::sqrt(example.inertia_parameter / example.section_ratio);
  const double amplitude = example.torque_amplitude, frequency = example.torque_frequency;
  manipulator.torque = [amplitude, frequency](int, double seconds) {
    return amplitude * (1.0 - std::cos(frequency * seconds));
  };
  return manipulator;
}

}  // namespace dyngen::elastic
