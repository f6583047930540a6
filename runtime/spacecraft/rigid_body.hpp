// A spacecraft as a free rigid body (thesis ch. IV, 4.2 for its rigid part; Newton-Euler as in
// Schaub & Junkins, Analytical Mechanics of Space Systems, ch. 4): translation of the centre of
// mass (CoM) in inertial axes, rotation by Euler's equations in body axes with the full inertia
// tensor, attitude as a unit quaternion (quaternion.hpp: scalar first, body -> inertial).
//
// Body axes are the spacecraft's CoM frame (C1, C2 of the contact preprint), origin at the CoM.
// The inertial frame carries no gravity field: over a docking's seconds both spacecraft fall
// alike, so only the wrenches they exert on each other (and any thrust) are applied.
#pragma once

#include "spacecraft/quaternion.hpp"
#include "spacecraft/wrench.hpp"

namespace dyngen::spacecraft {

// Immutable mass properties, validated on construction (std::invalid_argument, naming the value):
// mass > 0; inertia about the CoM in body axes, symmetric (to 1e-12 of its largest entry; the
// symmetric part is kept), positive definite, principal moments obeying the triangle inequality
// I1 + I2 >= I3 (to 1e-12 relative: a flat plate is admitted) as every real mass distribution does.
class RigidBody {
 public:
  RigidBody(double mass, const Mat3& inertia);

  double mass() const { return mass_; }
  const Mat3& inertia() const { return inertia_; }
  const Mat3& inverse_inertia() const { return inverse_inertia_; }

 private:
  double mass_;
  Mat3 inertia_;
  Mat3 inverse_inertia_;
};

struct RigidBodyState {
  Vec3 position = Vec3::Zero();                // r_C: CoM, inertial axes, m
  Vec3 velocity = Vec3::Zero();                // v_C = dr_C/dt, inertial axes, m/s
  Quaternion attitude = Quaternion(1, 0, 0, 0);  // q: body -> inertial
  Vec3 angular_velocity = Vec3::Zero();        // omega: body axes, rad/s
};

struct RigidBodyRate {
  Vec3 velocity = Vec3::Zero();              // dr_C/dt, inertial axes
  Vec3 acceleration = Vec3::Zero();          // dv_C/dt, inertial axes
  Quaternion attitude_rate = Quaternion::Zero();  // dq/dt
  Vec3 angular_acceleration = Vec3::Zero();  // domega/dt, body axes (= the inertial-axes rate, rotated)
};

// State rate under the wrench `at_com`: force and moment about the CoM, both in BODY axes.
//   dr/dt = v;   m dv/dt = R(q) F;   dq/dt = 1/2 q (x) [0; omega];   I domega/dt = M - omega x (I omega)
RigidBodyRate rigid_body_rate(const RigidBody& body, const RigidBodyState& state, const Wrench& at_com);
// The same with R(q) given (formed once for several uses of one state).
RigidBodyRate rigid_body_rate(const RigidBody& body, const RigidBodyState& state, const Mat3& body_to_inertial,
                              const Wrench& at_com);

// T = 1/2 m |v|^2 + 1/2 omega^T I omega
double kinetic_energy(const RigidBody& body, const RigidBodyState& state);

// p = m v, inertial axes
Vec3 linear_momentum(const RigidBody& body, const RigidBodyState& state);

// H = r x m v + R(q) I omega: about the inertial origin, inertial axes (so it sums over bodies)
Vec3 angular_momentum(const RigidBody& body, const RigidBodyState& state);

}  // namespace dyngen::spacecraft
