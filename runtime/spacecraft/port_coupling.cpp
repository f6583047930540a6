// The spacecraft's side of the mechanism-spacecraft coupling at one state (port_coupling.hpp).
#include "spacecraft/port_coupling.hpp"

namespace dyngen::spacecraft {

PortCoupling::PortCoupling(const RigidBody& body, const RigidBodyState& state, const PortFrame& frame)
    : mass_(body.mass()),
      inverse_inertia_(body.inverse_inertia()),
      placement_(frame.placement),
      body_to_inertial_(frame.body_to_inertial),
      inertial_to_body_(body_to_inertial_.transpose()),
      body_to_port_(placement_.port_to_body.transpose()),
      velocity_(state.velocity),
      omega_(state.angular_velocity),
      gyroscopic_(omega_.cross(body.inertia() * omega_)),
      attitude_rate_(quaternion_rate(state.attitude, omega_)),
      elastic_acceleration_(frame.deflection.acceleration),
      elastic_angular_acceleration_(frame.deflection.angular_acceleration) {
  const PortDeflection& deflection = frame.deflection;
  const Vec3& rho = placement_.position;
  w0_ = body_to_port_ * (omega_ + deflection.angular_velocity);
  v0_ = body_to_port_ * (inertial_to_body_ * state.velocity + omega_.cross(rho) + deflection.velocity);
  relative_rotation_ = omega_.cross(deflection.angular_velocity);
  centripetal_ = omega_.cross(omega_.cross(rho));
  coriolis_ = 2.0 * omega_.cross(deflection.velocity);
}

TransportMotion PortCoupling::transport_motion(const RigidBodyRate& rate) const {
  const Vec3& epsilon = rate.angular_acceleration;
  TransportMotion motion;
  motion.w0 = w0_;
  // e0 = P (epsilon + epsilon^f + omega x omega^f)
  motion.e0 = body_to_port_ * (epsilon + elastic_angular_acceleration_ + relative_rotation_);
  // a0 = P (R^T dv_C/dt + epsilon x rho + omega x (omega x rho) + 2 omega x v^f + a^f)
  motion.a0 = body_to_port_ * (inertial_to_body_ * rate.acceleration + epsilon.cross(placement_.position) + centripetal_ +
                               coriolis_ + elastic_acceleration_);
  motion.v0 = v0_;
  return motion;
}

Wrench PortCoupling::wrench_at_com(const Wrench& at_port) const {
  Wrench at_com;
  at_com.force = placement_.port_to_body * at_port.force;
  // M_C = M_P + rho x F
  at_com.moment = placement_.port_to_body * at_port.moment + placement_.position.cross(at_com.force);
  return at_com;
}

RigidBodyRate PortCoupling::rate(const Wrench& at_com) const {
  RigidBodyRate rate;
  rate.velocity = velocity_;
  // dv/dt = R(q) F / m
  rate.acceleration = body_to_inertial_ * at_com.force / mass_;
  rate.attitude_rate = attitude_rate_;
  // domega/dt = I^-1 (M - omega x I omega)
  rate.angular_acceleration = inverse_inertia_ * (at_com.moment - gyroscopic_);
  return rate;
}

}  // namespace dyngen::spacecraft
