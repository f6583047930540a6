// The spacecraft states at first contact from a scenario's initial conditions (thesis 4.5): the
// passive spacecraft at rest at the origin with its axes inertial; the active one placed and moving
// so that the mechanism's reference point (a named point, e.g. the probe head's centre) has, in PU
// axes:
//   position  (axial_position, lateral_miss cos(miss_direction), lateral_miss sin(miss_direction))
//   velocity  closing_velocity X_PU + lateral_velocity (0, cos, sin)(lateral_velocity_direction)
// and the mechanism base's axes are the aligned axes turned by angular_misalignment about the
// axis (0, cos, sin)(misalignment_direction) through the reference point, the active spacecraft
// turning at angular_rate about (0, cos, sin)(angular_rate_direction). Directions are angles in
// the Y_PU-Z_PU plane from Y_PU towards Z_PU; closing velocity is positive when approaching.
#pragma once

#include "simulation/scenario.hpp"
#include "spacecraft/rigid_body.hpp"

namespace dyngen::simulation {

struct InitialStates {
  spacecraft::RigidBodyState active, passive;
};

// `reference_point`: the reference point in the mechanism base's axes at the initial configuration.
InitialStates initial_states(const Scenario& scenario, const Vec3& reference_point);

// The unit vector (0, cos a, sin a) of PU.
Vec3 lateral_direction(double angle);

}  // namespace dyngen::simulation
