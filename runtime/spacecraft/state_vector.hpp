// The flat state vector of a set of free rigid bodies (the two docking spacecraft), stepped by an
// external integrator: this module gives its derivative, packing and attitude renormalisation.
//
// Layout: body b occupies entries [13 b, 13 b + 13):
//   +0  r_C      CoM position, inertial axes (3)
//   +3  v_C      CoM velocity, inertial axes (3)
//   +6  q        attitude quaternion, scalar first, body -> inertial (4)
//   +10 omega    angular velocity, body axes (3)
// The modal states of elastic_modes.hpp are not in it: they are stepped exactly, outside the integrator.
#pragma once

#include "spacecraft/rigid_body.hpp"

#include <vector>

namespace dyngen::spacecraft {

inline constexpr int body_state_size = 13;
inline constexpr int position_offset = 0;
inline constexpr int velocity_offset = 3;
inline constexpr int attitude_offset = 6;
inline constexpr int angular_velocity_offset = 10;

Eigen::VectorXd pack_states(const std::vector<RigidBodyState>& states);

// Throws std::invalid_argument when the size is not a multiple of body_state_size.
std::vector<RigidBodyState> unpack_states(const Eigen::VectorXd& state);

// The rates in the same layout (d/dt of each entry).
Eigen::VectorXd pack_rates(const std::vector<RigidBodyRate>& rates);

// d state / dt for the bodies under one wrench each, at the CoM in body axes (wrench_at_com sums
// the port's; add any other wrench on the body to it). Sizes must agree (std::invalid_argument).
Eigen::VectorXd state_derivative(const std::vector<RigidBody>& bodies, const Eigen::VectorXd& state,
                                 const std::vector<Wrench>& wrenches_at_com);

// Every attitude quaternion scaled to unit norm: call after each accepted step (the integrator keeps
// |q| = 1 only to its truncation error). Throws std::domain_error for a zero or non-finite one.
void renormalize_attitudes(Eigen::VectorXd& state);

}  // namespace dyngen::spacecraft
