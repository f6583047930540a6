// The spacecraft's side of the mechanism-spacecraft coupling at one state (port_coupling.hpp).
#include "spacecraft/port_coupling.hpp"

namespace dyngen::spacecraft {

PortCoupling::PortCoupling(const RigidBody& body, const RigidBodyState& state, const PortFrame& frame)
    : body_(body),
      state_(state),
      frame_(frame),
      inertial_to_body_(frame.body_to_inertial.transpose()),
      body_to_port_(frame.placement.port_to_body.transpose()),
      gyroscopic_(state.angular_velocity.cross(body.inertia() * state.angular_velocity)),
      attitude_rate_(quaternion_rate(state.attitude, state.angular_velocity)) {
  const PortDeflection& deflection = frame.deflection;
  const Vec3& rho = frame.placement.position;
  const Vec3& omega = state.angular_velocity;
  w0_ = body_to_port_ * (omega + deflection.angular_velocity);
  relative_rotation_ = omega.cross(deflection.angular_velocity);
  centripetal_ = omega.cross(omega.cross(rho));
  coriolis_ = 2.0 * omega.cross(deflection.velocity);
}

Vec3 PortCoupling::v0() const {
  const Vec3& omega = state_.angular_velocity;
  return body_to_port_ * (inertial_to_body_ * state_.velocity + omega.cross(frame_.placement.position) + frame_.deflection.velocity);
}

void PortCoupling::accelerations(const RigidBodyRate& rate, Vec3& e0, Vec3& a0) const {
  const Vec3& epsilon = rate.angular_acceleration;
  // e0 = P (epsilon + epsilon^f + omega x omega^f)
  e0 = body_to_port_ * (epsilon + frame_.deflection.angular_acceleration + relative_rotation_);
  // a0 = P (R^T dv_C/dt + epsilon x rho + omega x (omega x rho) + 2 omega x v^f + a^f)
  a0 = body_to_port_ * (inertial_to_body_ * rate.acceleration + epsilon.cross(frame_.placement.position) + centripetal_ +
                        coriolis_ + frame_.deflection.acceleration);
}

TransportMotion PortCoupling::transport_motion(const RigidBodyRate& rate) const {
  TransportMotion motion;
  motion.w0 = w0_;
  accelerations(rate, motion.e0, motion.a0);
  motion.v0 = v0();
  return motion;
}

Wrench PortCoupling::wrench_at_com(const Wrench& at_port) const {
  return spacecraft::wrench_at_com(frame_.placement, at_port);
}

RigidBodyRate PortCoupling::rate(const Wrench& at_com) const {
  RigidBodyRate rate;
  rate.velocity = state_.velocity;
  // dv/dt = R(q) F / m
  rate.acceleration = frame_.body_to_inertial * at_com.force / body_.mass();
  rate.attitude_rate = attitude_rate_;
  // domega/dt = I^-1 (M - omega x I omega)
  rate.angular_acceleration = body_.inverse_inertia() * (at_com.moment - gyroscopic_);
  return rate;
}

}  // namespace dyngen::spacecraft
