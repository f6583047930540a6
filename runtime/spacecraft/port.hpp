// The docking port of a spacecraft: a frame fixed in the body (the active spacecraft's port is the
// docking mechanism's base, the passive one's the passive docking unit PU), shifted by the
// structure's elastic deflection at the port (contact preprint sec. 1: r_1A = l_1A + r^f_AU,
// omega_AU = omega_1 + omega^f_AU; thesis ch. IV, 4.1-4.2).
//
// Frames: body axes B (CoM frame of rigid_body.hpp), port axes P, inertial axes I. Matrices are
// named after what they do: x_B = port_to_body x_P, x_I = R(q) x_B. The preprint's A_1A
// (x_AU = A_1A x_C1) is port_to_body^T.
//
// Elastic deflection (linearised small motion): the port origin moves by `displacement` and the
// port axes turn by the small rotation vector `rotation`, both relative to the body, in BODY axes:
//   position in the body     rho = l + d
//   port_to_body             = rot(theta) port_to_body_0   (rot: rotation by the vector theta,
//                               orthonormal, I + [theta]x to first order)
//   velocity, angular velocity relative to the body: v^f = dd/dt, omega^f = dtheta/dt
// so every port quantity below is the rigid one plus the elastic terms. A rigid port passes
// PortDeflection{} (all zero).
#pragma once

#include "spacecraft/rigid_body.hpp"

namespace dyngen::spacecraft {

// Elastic motion of the port relative to the rigid body, body axes (elastic_modes.hpp builds it
// from the modal state: d = Phi_t eta, theta = Phi_r eta, and their first and second rates).
struct PortDeflection {
  Vec3 displacement = Vec3::Zero();          // d, m
  Vec3 rotation = Vec3::Zero();              // theta, rad
  Vec3 velocity = Vec3::Zero();              // v^f, m/s
  Vec3 angular_velocity = Vec3::Zero();      // omega^f, rad/s
  Vec3 acceleration = Vec3::Zero();          // a^f, m/s^2
  Vec3 angular_acceleration = Vec3::Zero();  // epsilon^f, rad/s^2
};

// Immutable port geometry, validated on construction (std::invalid_argument): finite position,
// port_to_body a rotation matrix (|R^T R - I| <= 1e-9, det R > 0).
class Port {
 public:
  // position: CoM -> port origin l, body axes (m); port_to_body: port axes -> body axes.
  Port(const Vec3& position, const Mat3& port_to_body);

  const Vec3& position() const { return position_; }
  const Mat3& port_to_body() const { return port_to_body_; }

 private:
  Vec3 position_;
  Mat3 port_to_body_;
};

// Where the deflected port is in the body: rho = l + d and rot(theta) port_to_body_0.
struct PortPlacement {
  Vec3 position = Vec3::Zero();
  Mat3 port_to_body = Mat3::Identity();
};
PortPlacement port_placement(const Port& port, const PortDeflection& deflection);

// A wrench acting on the body at the port: force and moment about the port origin in PORT axes
// (the form of the mechanism kernels' base wrench and of the contact module's passive wrench).
// Returns the same wrench in BODY axes, still about the port origin (what the modes take).
Wrench port_wrench_in_body_axes(const Port& port, const Wrench& at_port, const PortDeflection& deflection);

// The same wrench moved to the CoM, body axes (what rigid_body_rate takes):
//   F_C = port_to_body F_P;   M_C = port_to_body M_P + rho x F_C
Wrench wrench_at_com(const Port& port, const Wrench& at_port, const PortDeflection& deflection);

// Absolute motion of the port frame, inertial axes (contact preprint sec. 1, v_PU and omega_PU):
//   position = r_C + R rho;   port_to_inertial = R port_to_body
//   velocity = v_C + R (omega x rho + v^f);   angular_velocity = R (omega + omega^f)
struct PortMotion {
  Vec3 position = Vec3::Zero();
  Mat3 port_to_inertial = Mat3::Identity();
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};
PortMotion port_motion(const Port& port, const RigidBodyState& state, const PortDeflection& deflection);

// What one state of a body and its port's deflection give every use at that state: the attitude
// matrix R(q) and the deflected port's placement, formed once for the port's motion, the wrench
// moved to the CoM, the body's rate and its coupling with the mechanism on the port.
struct PortFrame {
  Mat3 body_to_inertial = Mat3::Identity();
  PortDeflection deflection;
  PortPlacement placement;
};
PortFrame port_frame(const Port& port, const RigidBodyState& state, const PortDeflection& deflection);
// port_motion and wrench_at_com of the frame's state: the same expressions, the same values.
PortMotion port_motion(const PortFrame& frame, const RigidBodyState& state);
Wrench wrench_at_com(const PortPlacement& placement, const Wrench& at_port);

// The transport motion of the port, PORT axes: the moving-base inputs of the mechanism kernels
// (spec/algorithms.md "Trees on a moving base"; generator/algorithms/state.hpp w0, e0, a0, v0).
// `rate` is the body's state rate at `state` (rigid_body_rate). With P = port_to_body^T:
//   w0 = P (omega + omega^f)
//   e0 = P (domega/dt + epsilon^f + omega x omega^f)
//   a0 = P (R^T dv_C/dt + domega/dt x rho + omega x (omega x rho) + 2 omega x v^f + a^f)
//   v0 = P (R^T v_C + omega x rho + v^f)
// a0 is the absolute (classical) acceleration of the port origin, with no gravity term.
struct TransportMotion {
  Vec3 w0 = Vec3::Zero();  // angular velocity, rad/s
  Vec3 e0 = Vec3::Zero();  // angular acceleration, rad/s^2
  Vec3 a0 = Vec3::Zero();  // linear acceleration of the port origin, m/s^2
  Vec3 v0 = Vec3::Zero();  // velocity of the port origin, m/s
};
TransportMotion transport_motion(const Port& port, const RigidBodyState& state, const RigidBodyRate& rate,
                                 const PortDeflection& deflection);

}  // namespace dyngen::spacecraft
