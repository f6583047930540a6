// A spacecraft and the mechanism on one of its ports, coupled at one state: the mechanism's base
// wrench sets the spacecraft's accelerations, which set the port's transport motion, which the
// mechanism's dynamics take (thesis ch. IV, 4.2: the carrier's motion as the mechanism's transport
// motion). The runtime iterates that loop within one evaluation of the equations; PortCoupling
// computes once what does not depend on the iterate (attitude matrix, port placement, gyroscopic
// moment, quaternion rate, velocity terms), so each iteration does only the products with the
// wrench and the accelerations. The expressions are those of transport_motion, wrench_at_com and
// rigid_body_rate (port.hpp, rigid_body.hpp), term for term and in the same order, so the results
// round identically.
#pragma once

#include "spacecraft/port.hpp"

namespace dyngen::spacecraft {

class PortCoupling {
 public:
  // At `state`, whose port frame (port_frame: the attitude matrix, the port's deflection and
  // placement) the caller forms once for this and its other uses of the state.
  PortCoupling(const RigidBody& body, const RigidBodyState& state, const PortFrame& frame);

  // transport_motion(port, state, rate, deflection)
  TransportMotion transport_motion(const RigidBodyRate& rate) const;
  // its angular velocity w0, the same at every rate
  const Vec3& w0() const { return w0_; }
  // wrench_at_com(port, at_port, deflection)
  Wrench wrench_at_com(const Wrench& at_port) const;
  // rigid_body_rate(body, state, at_com)
  RigidBodyRate rate(const Wrench& at_com) const;

 private:
  double mass_;
  Mat3 inverse_inertia_;
  PortPlacement placement_;
  Mat3 body_to_inertial_, inertial_to_body_, body_to_port_;
  Vec3 velocity_;              // v_C
  Vec3 omega_;                 // omega
  Vec3 gyroscopic_;            // omega x I omega
  Quaternion attitude_rate_;   // dq/dt
  Vec3 w0_, v0_;               // the transport motion's velocities
  Vec3 relative_rotation_;     // omega x omega^f
  Vec3 centripetal_;           // omega x (omega x rho)
  Vec3 coriolis_;              // 2 omega x v^f
  Vec3 elastic_acceleration_, elastic_angular_acceleration_;  // a^f, epsilon^f
};

}  // namespace dyngen::spacecraft
