// The payload's berthing ring as the arm carries it: the ring frame's pose and velocity relative to
// the arm's base (base axes), from the mechanism's kinematics of the wrench body that carries the
// payload, and the manipulator Jacobian of the ring's twist.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "berthing/berthing_scenario.hpp"
#include "mechanism/mechanism.hpp"

namespace dyngen::berthing {

using Jacobian = Eigen::Matrix<double, 6, Eigen::Dynamic>;

// The ring frame relative to the arm's base, base axes: x_base = position + rotation x_ring;
// velocity of its origin and its angular velocity.
struct RingMotion {
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  Vec3 velocity = Vec3::Zero();
  Vec3 angular_velocity = Vec3::Zero();
};

class RingKinematics {
 public:
  // `slot`: the wrench body carrying the ring (MechanismInfo::wrench_bodies); `ring`: the ring
  // frame in that body's frame. The mechanism must outlive this object.
  RingKinematics(mechanism::Mechanism& mechanism, int slot, Placement ring);

  int joints() const { return dof_; }
  int slot() const { return slot_; }
  const Placement& placement() const { return ring_; }
  // Body b (the carrier) at o_b, R_b, with relative velocities v_b, w_b (base axes), ring at c, C in b:
  //   p = o_b + R_b c,  R = R_b C,  v = v_b + w_b x (R_b c),  w = w_b
  RingMotion motion(const double* q, const double* qd);
  // J (6 x n), base axes: rows [v; w] of the ring's origin per unit rate of each joint. The
  // velocities are linear in qd, so column i is motion(q, e_i) exactly.
  void jacobian(const double* q, Jacobian& J);

 private:
  mechanism::Mechanism& mechanism_;
  int slot_ = 0, dof_ = 0;
  Placement ring_;
  std::vector<double> rotation_, origin_, angular_velocity_, velocity_, unit_rate_;
};

}  // namespace dyngen::berthing
