// The flat state vector of free rigid bodies.
#include "spacecraft/state_vector.hpp"

#include <stdexcept>
#include <string>

namespace dyngen::spacecraft {

namespace {

Eigen::Index body_count(const Eigen::VectorXd& state) {
  if (state.size() % body_state_size != 0)
    throw std::invalid_argument("spacecraft state vector of size " + std::to_string(state.size()) +
                                " is not a whole number of " + std::to_string(body_state_size) + "-entry bodies");
  return state.size() / body_state_size;
}

}  // namespace

Eigen::VectorXd pack_states(const std::vector<RigidBodyState>& states) {
  Eigen::VectorXd state(body_state_size * static_cast<Eigen::Index>(states.size()));
  for (std::size_t b = 0; b < states.size(); ++b) {
    auto body = state.segment<body_state_size>(body_state_size * static_cast<Eigen::Index>(b));
    body.segment<3>(position_offset) = states[b].position;
    body.segment<3>(velocity_offset) = states[b].velocity;
    body.segment<4>(attitude_offset) = states[b].attitude;
    body.segment<3>(angular_velocity_offset) = states[b].angular_velocity;
  }
  return state;
}

std::vector<RigidBodyState> unpack_states(const Eigen::VectorXd& state) {
  std::vector<RigidBodyState> states(static_cast<std::size_t>(body_count(state)));
  for (std::size_t b = 0; b < states.size(); ++b) {
    const auto body = state.segment<body_state_size>(body_state_size * static_cast<Eigen::Index>(b));
    states[b].position = body.segment<3>(position_offset);
    states[b].velocity = body.segment<3>(velocity_offset);
    states[b].attitude = body.segment<4>(attitude_offset);
    states[b].angular_velocity = body.segment<3>(angular_velocity_offset);
  }
  return states;
}

Eigen::VectorXd pack_rates(const std::vector<RigidBodyRate>& rates) {
  Eigen::VectorXd packed(body_state_size * static_cast<Eigen::Index>(rates.size()));
  for (std::size_t b = 0; b < rates.size(); ++b) {
    auto body = packed.segment<body_state_size>(body_state_size * static_cast<Eigen::Index>(b));
    body.segment<3>(position_offset) = rates[b].velocity;
    body.segment<3>(velocity_offset) = rates[b].acceleration;
    body.segment<4>(attitude_offset) = rates[b].attitude_rate;
    body.segment<3>(angular_velocity_offset) = rates[b].angular_acceleration;
  }
  return packed;
}

Eigen::VectorXd state_derivative(const std::vector<RigidBody>& bodies, const Eigen::VectorXd& state,
                                 const std::vector<Wrench>& wrenches_at_com) {
  const std::vector<RigidBodyState> states = unpack_states(state);
  if (states.size() != bodies.size() || wrenches_at_com.size() != bodies.size())
    throw std::invalid_argument("spacecraft state derivative: " + std::to_string(bodies.size()) + " bodies, " +
                                std::to_string(states.size()) + " body states, " +
                                std::to_string(wrenches_at_com.size()) + " wrenches; give one of each per body");
  std::vector<RigidBodyRate> rates(bodies.size());
  for (std::size_t b = 0; b < bodies.size(); ++b) rates[b] = rigid_body_rate(bodies[b], states[b], wrenches_at_com[b]);
  return pack_rates(rates);
}

void renormalize_attitudes(Eigen::VectorXd& state) {
  const Eigen::Index bodies = body_count(state);
  for (Eigen::Index b = 0; b < bodies; ++b) {
    auto attitude = state.segment<4>(body_state_size * b + attitude_offset);
    attitude = normalized_quaternion(attitude);
  }
}

}  // namespace dyngen::spacecraft
