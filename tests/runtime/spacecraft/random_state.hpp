// Random vectors, body states and port deflections for the spacecraft tests that compare two ways
// of computing one thing at many states.
#pragma once

#include <random>

#include "spacecraft/port.hpp"
#include "spacecraft/quaternion.hpp"

namespace dyngen::spacecraft::test {

inline Vec3 random_vector(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return Vec3(u(rng), u(rng), u(rng));
}

// A body's state, the k-th of a sequence: attitudes up to about 6 rad from the reference in turn.
inline RigidBodyState random_state(std::mt19937& rng, int k) {
  RigidBodyState state;
  state.position = random_vector(rng, 10.0);
  state.velocity = random_vector(rng, 0.3);
  state.attitude = quaternion_from_rotation_vector(0.37 * (k % 17) * random_vector(rng, 1.0).normalized());
  state.angular_velocity = random_vector(rng, 0.05);
  return state;
}

// A port deflection, rigid for even k (port_placement's shortcut) and elastic for odd k.
inline PortDeflection random_deflection(std::mt19937& rng, int k) {
  if (k % 2 == 0) return {};
  return {random_vector(rng, 1e-3), random_vector(rng, 1e-3), random_vector(rng, 1e-2),
          random_vector(rng, 1e-2), random_vector(rng, 1e-1), random_vector(rng, 1e-1)};
}

}  // namespace dyngen::spacecraft::test
