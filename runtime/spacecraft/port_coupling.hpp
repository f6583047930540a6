// A spacecraft and the mechanism on one of its ports, coupled at one state: the mechanism's base
// wrench sets the spacecraft's accelerations, which set the port's transport motion, which the
// mechanism's dynamics take (thesis ch. IV, 4.2: the carrier's motion as the mechanism's transport
// motion). The runtime iterates that loop within one evaluation of the equations; PortCoupling
// takes the attitude matrix and the port's placement from the state's port frame and computes once
// what does not depend on the iterate (gyroscopic moment, quaternion rate, velocity terms), so each
// iteration does only the products with the wrench and the accelerations. The expressions are those
// of transport_motion, wrench_at_com and rigid_body_rate (port.hpp, rigid_body.hpp), term for term
// and in the same order, so the results round identically.
#pragma once

#include "spacecraft/port.hpp"

namespace dyngen::spacecraft {

class PortCoupling {
 public:
  // At `state`, whose port frame (port_frame: the attitude matrix, the port's deflection and
  // placement) the caller forms once for this and its other uses of the state; body, state and
  // frame are referenced, not copied, and must outlive the coupling.
  PortCoupling(const RigidBody& body, const RigidBodyState& state, const PortFrame& frame);

  // transport_motion(port, state, rate, deflection)
  TransportMotion transport_motion(const RigidBodyRate& rate) const;
  // its parts: the angular velocity w0 and the velocity v0, the same at every rate, and the
  // accelerations e0 and a0 at `rate` (what the coupling's iteration changes)
  const Vec3& w0() const { return w0_; }
  Vec3 v0() const;
  void accelerations(const RigidBodyRate& rate, Vec3& e0, Vec3& a0) const;
  // wrench_at_com(port, at_port, deflection)
  Wrench wrench_at_com(const Wrench& at_port) const;
  // rigid_body_rate(body, state, at_com)
  RigidBodyRate rate(const Wrench& at_com) const;

 private:
  const RigidBody& body_;
  const RigidBodyState& state_;
  const PortFrame& frame_;
  Mat3 inertial_to_body_, body_to_port_;  // transposed once: products with them round as the free functions'
  Vec3 gyroscopic_;            // omega x I omega
  Quaternion attitude_rate_;   // dq/dt
  Vec3 w0_;                    // the transport motion's angular velocity
  Vec3 relative_rotation_;     // omega x omega^f
  Vec3 centripetal_;           // omega x (omega x rho)
  Vec3 coriolis_;              // 2 omega x v^f
};

}  // namespace dyngen::spacecraft
