// Docking port kinematics and wrench transfer (contact preprint sec. 1; thesis ch. IV).
#include "spacecraft/port.hpp"

#include <Eigen/LU>

#include <sstream>
#include <stdexcept>

namespace dyngen::spacecraft {

Port::Port(const Vec3& position, const Mat3& port_to_body) : position_(position), port_to_body_(port_to_body) {
  if (!position.allFinite()) throw std::invalid_argument("port: position has a non-finite entry");
  const double orthogonality_error = (port_to_body.transpose() * port_to_body - Mat3::Identity()).norm();
  const double determinant = port_to_body.determinant();
  if (!(orthogonality_error <= 1e-9) || !(determinant > 0.0)) {
    std::ostringstream s;
    s << "port: orientation is not a rotation matrix (|R^T R - I| = " << orthogonality_error
      << ", det R = " << determinant << "); give port axes -> body axes as a proper orthonormal matrix";
    throw std::invalid_argument(s.str());
  }
}

PortPlacement port_placement(const Port& port, const PortDeflection& deflection) {
  // a rigid port (no rotation) keeps its axes: the common case, evaluated at every step
  if (deflection.rotation == Vec3::Zero()) return {port.position() + deflection.displacement, port.port_to_body()};
  return {port.position() + deflection.displacement,
          rotation_matrix(quaternion_from_rotation_vector(deflection.rotation)) * port.port_to_body()};
}

Wrench port_wrench_in_body_axes(const Port& port, const Wrench& at_port, const PortDeflection& deflection) {
  const Mat3 port_to_body = port_placement(port, deflection).port_to_body;
  return {port_to_body * at_port.force, port_to_body * at_port.moment};
}

Wrench wrench_at_com(const Port& port, const Wrench& at_port, const PortDeflection& deflection) {
  return wrench_at_com(port_placement(port, deflection), at_port);
}

Wrench wrench_at_com(const PortPlacement& placement, const Wrench& at_port) {
  Wrench at_com;
  at_com.force = placement.port_to_body * at_port.force;
  // M_C = M_P + rho x F
  at_com.moment = placement.port_to_body * at_port.moment + placement.position.cross(at_com.force);
  return at_com;
}

PortFrame port_frame(const Port& port, const RigidBodyState& state, const PortDeflection& deflection) {
  return {rotation_matrix(state.attitude), deflection, port_placement(port, deflection)};
}

PortMotion port_motion(const Port& port, const RigidBodyState& state, const PortDeflection& deflection) {
  return port_motion(port_frame(port, state, deflection), state);
}

PortMotion port_motion(const PortFrame& frame, const RigidBodyState& state) {
  const PortPlacement& placement = frame.placement;
  const Mat3& body_to_inertial = frame.body_to_inertial;
  const PortDeflection& deflection = frame.deflection;
  const Vec3& omega = state.angular_velocity;
  PortMotion motion;
  motion.position = state.position + body_to_inertial * placement.position;
  motion.port_to_inertial = body_to_inertial * placement.port_to_body;
  // v_P = v_C + R (omega x rho + v^f)
  motion.velocity = state.velocity + body_to_inertial * (omega.cross(placement.position) + deflection.velocity);
  motion.angular_velocity = body_to_inertial * (omega + deflection.angular_velocity);
  return motion;
}

TransportMotion transport_motion(const Port& port, const RigidBodyState& state, const RigidBodyRate& rate,
                                 const PortDeflection& deflection) {
  const PortPlacement placement = port_placement(port, deflection);
  const Mat3 inertial_to_body = rotation_matrix(state.attitude).transpose();
  const Mat3 body_to_port = placement.port_to_body.transpose();
  const Vec3& rho = placement.position;
  const Vec3& omega = state.angular_velocity;
  const Vec3& epsilon = rate.angular_acceleration;
  TransportMotion motion;
  motion.w0 = body_to_port * (omega + deflection.angular_velocity);
  // d/dt [R (omega + omega^f)] = R (epsilon + epsilon^f + omega x omega^f)
  motion.e0 = body_to_port * (epsilon + deflection.angular_acceleration + omega.cross(deflection.angular_velocity));
  // a_P = a_C + R (epsilon x rho + omega x (omega x rho) + 2 omega x v^f + a^f)
  motion.a0 = body_to_port * (inertial_to_body * rate.acceleration + epsilon.cross(rho) +
                              omega.cross(omega.cross(rho)) + 2.0 * omega.cross(deflection.velocity) +
                              deflection.acceleration);
  motion.v0 = body_to_port * (inertial_to_body * state.velocity + omega.cross(rho) + deflection.velocity);
  return motion;
}

}  // namespace dyngen::spacecraft
