// Newton-Euler equations of a free rigid body (thesis ch. IV; Schaub & Junkins ch. 4).
#include "spacecraft/rigid_body.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace dyngen::spacecraft {

namespace {

[[noreturn]] void reject(const std::string& what) { throw std::invalid_argument("rigid body: " + what); }

Mat3 validated_inertia(const Mat3& inertia) {
  if (!inertia.allFinite()) reject("inertia tensor has a non-finite entry");
  const double scale = inertia.cwiseAbs().maxCoeff();
  const double asymmetry = (inertia - inertia.transpose()).cwiseAbs().maxCoeff();
  if (asymmetry > 1e-12 * scale) {
    std::ostringstream s;
    s << "inertia tensor is not symmetric (largest |I_ij - I_ji| = " << asymmetry << " kg m^2)";
    reject(s.str());
  }
  const Mat3 symmetric = 0.5 * (inertia + inertia.transpose());
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(symmetric, Eigen::EigenvaluesOnly).eigenvalues();
  std::ostringstream principal;
  principal << "principal moments " << moments(0) << ", " << moments(1) << ", " << moments(2) << " kg m^2";
  if (!(moments(0) > 0.0)) reject("inertia tensor is not positive definite (" + principal.str() + ")");
  // ascending moments: I1 + I2 >= I3 is the binding one of the three triangle inequalities
  if (moments(0) + moments(1) < moments(2) * (1.0 - 1e-12))
    reject(principal.str() + " violate the triangle inequality I1 + I2 >= I3; no mass distribution has them");
  return symmetric;
}

}  // namespace

RigidBody::RigidBody(double mass, const Mat3& inertia) : mass_(mass) {
  if (!(mass > 0.0) || !std::isfinite(mass)) {
    std::ostringstream s;
    s << "mass must be positive and finite, got " << mass << " kg";
    reject(s.str());
  }
  inertia_ = validated_inertia(inertia);
  inverse_inertia_ = inertia_.inverse();
}

RigidBodyRate rigid_body_rate(const RigidBody& body, const RigidBodyState& state, const Wrench& at_com) {
  return rigid_body_rate(body, state, rotation_matrix(state.attitude), at_com);
}

RigidBodyRate rigid_body_rate(const RigidBody& body, const RigidBodyState& state, const Mat3& body_to_inertial,
                              const Wrench& at_com) {
  const Vec3& omega = state.angular_velocity;
  RigidBodyRate rate;
  rate.velocity = state.velocity;
  // dv/dt = R(q) F / m
  rate.acceleration = body_to_inertial * at_com.force / body.mass();
  rate.attitude_rate = quaternion_rate(state.attitude, omega);
  // domega/dt = I^-1 (M - omega x I omega)
  rate.angular_acceleration = body.inverse_inertia() * (at_com.moment - omega.cross(body.inertia() * omega));
  return rate;
}

double kinetic_energy(const RigidBody& body, const RigidBodyState& state) {
  const Vec3& omega = state.angular_velocity;
  return 0.5 * body.mass() * state.velocity.squaredNorm() + 0.5 * omega.dot(body.inertia() * omega);
}

Vec3 linear_momentum(const RigidBody& body, const RigidBodyState& state) { return body.mass() * state.velocity; }

Vec3 angular_momentum(const RigidBody& body, const RigidBodyState& state) {
  return state.position.cross(linear_momentum(body, state)) +
         rotation_matrix(state.attitude) * (body.inertia() * state.angular_velocity);
}

}  // namespace dyngen::spacecraft
