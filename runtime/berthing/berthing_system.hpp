// The equations of berthing by a manipulator (thesis ch. VIII, "Simulation of spacecraft berthing",
// sec. 8.2 "Mathematical model of the mechanical system 'manipulator - payload'"): the station a
// free rigid body (runtime/spacecraft), the arm on it driven through the mechanism interface
// (generated kernels or the numeric algorithms) with the station's transport motion at its base,
// the payload grappled at the arm's tip carrying the berthing mechanism's ring, the contact of that
// ring with the port on the station (runtime/contact: guides, latches, indicators), the joint
// servos (joint_servo.hpp) following their reference.
//
// Frames: station S (CoM, body axes), the arm's base A and the port PU, both fixed in S
// (x_S = l_A + R_SA x_A = l_P + R_SP x_P); the ring frame B, fixed in the body carrying the payload.
// The ring's pose in PU is x_P = d_PA + R_PA x_A of its pose in A, R_PA = R_SP^T R_SA,
// d_PA = R_SP^T (l_A - l_P); as the port is on the station, the ring's velocities relative to the
// port are its velocities relative to the arm's base, turned by R_PA, and its absolute ones add the
// station's motion at the ring (contact preprint eq. 1.1-1.2).
//
// State y (integrated):
//   [0, 13)          station: r_C, v_C (inertial), attitude (scalar first, body -> inertial), omega (body)
//   [13, 13 + n)     joint angles q;   [13 + n, 13 + 2n) joint rates qd
//   13 + 2n, + 1     work of the joint torques, work of the contact forces (J): the energy balance's terms
// Held between steps (changed by accept()): the latches and indicators of the contact module.
//
// Coupling: the arm's base wrench depends on the station's acceleration, which depends on the base
// wrench (and on the port's contact wrench). Every evaluation iterates arm and station from the
// last evaluation's station acceleration until the base's acceleration changes by less than the
// coupling tolerance (relative); each iteration gains about the ratio of the arm's and payload's
// inertia at the base to the station's (1e-2 for the bundled 8 t payload on a 420 t station).
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "berthing/berthing_scenario.hpp"
#include "berthing/joint_servo.hpp"
#include "berthing/ring_kinematics.hpp"
#include "contact/contact_events.hpp"
#include "contact/contact_set.hpp"
#include "integrators/ode.hpp"
#include "mechanism/mechanism.hpp"
#include "simulation/coupling_iteration.hpp"
#include "spacecraft/port.hpp"
#include "spacecraft/state_vector.hpp"

namespace dyngen::berthing {

// Everything one evaluation found, for the controller and the record.
struct BerthingEvaluation {
  double time = 0.0;
  spacecraft::RigidBodyState station;
  std::vector<double> q, qd, qdd, tau, q_ref, qd_ref;  // per joint
  RingMotion ring_in_base;                             // relative to the arm's base, base axes
  Placement ring_in_port;                              // the payload's pose in PU (berthed: identity)
  contact::UnitState units;                            // the ring's absolute motion in PU axes
  std::array<double, 9> base{};                        // the base's transport motion w0, e0, a0 (base axes)
  std::vector<double> wrench;                          // the arm's external wrenches, 6 per wrench body
  spacecraft::Wrench base_wrench;                      // the arm on the station, base axes, base origin
  spacecraft::Wrench port_wrench;                      // the contact on the port, PU axes, PU origin
  double torque_power = 0.0, contact_power = 0.0;      // W
  int coupling_iterations = 0;
};

struct BerthingEnergy {
  double kinetic = 0.0;                               // station and arm with payload, absolute (J)
  double torque_work = 0.0, contact_work = 0.0;       // done on the system (J)
  Vec3 linear_momentum = Vec3::Zero();                // N s, inertial axes
  Vec3 angular_momentum = Vec3::Zero();               // N m s, about the inertial origin, inertial axes
};

class BerthingSystem {
 public:
  // Checks the scenario against the mechanism (a moving base, one value per joint in every joint
  // list, the ring's carrier a wrench body) and the geometry (one buffer link, the ring): a
  // simulation::ScenarioError at the scenario field otherwise.
  BerthingSystem(const BerthingScenario& scenario, std::unique_ptr<mechanism::Mechanism> mechanism,
                 contact::UnitGeometry geometry);
  BerthingSystem(const BerthingSystem&) = delete;
  BerthingSystem& operator=(const BerthingSystem&) = delete;

  Eigen::Index size() const { return size_; }
  int joints() const { return n_; }
  // The station at rest at the origin with its axes inertial, the arm at rest at q.
  Eigen::VectorXd initial_state(const std::vector<double>& q) const;
  // The joint angles in a state y.
  static const double* joint_angles(const Eigen::VectorXd& y) { return y.data() + spacecraft::body_state_size; }

  // The reference the servos follow (must outlive its use); the servos themselves.
  void set_reference(JointReference* reference) { reference_ = reference; }
  JointServo& servo() { return servo_; }

  // y' = f(t, y); fills last(). Throws simulation::SimulationError (joint limit, coupling) and
  // contact::ContactError.
  void rate(double t, const integrators::ConstVectorRef& y, integrators::VectorRef dydt);
  const BerthingEvaluation& last() const { return eval_; }

  // After an accepted step of length h ending at (t, y): renormalises the station's attitude and
  // updates the latches (update_latches) from the ring's motion there. The contacts at (t, y) are
  // those the next step's first evaluation finds: its k1 (Rk4::step_with_first_stage) serves both.
  void end_step(double t, integrators::VectorRef y, double h);
  // The events the last evaluation shows against the step before (call after the evaluation at a
  // step's start): contact_events.hpp's first_contact, contact_begin, contact_end, sensor_on (a
  // ready-to-latch indicator), latch_triggered, capture.
  std::vector<contact::Event> step_events();

  BerthingEnergy energy(const integrators::ConstVectorRef& y);

  mechanism::Mechanism& mechanism() { return *mech_; }
  const mechanism::MechanismInfo& info() const { return mech_->info(); }
  RingKinematics& ring() { return ring_; }
  const contact::UnitGeometry& geometry() const { return geometry_; }
  const contact::ContactData& contacts() const { return contact_; }
  bool captured() const { return contact_.captured; }
  // x_base = port_to_base x_PU
  const Mat3& port_to_base() const { return port_to_base_; }
  // The payload ring's frame in the arm's base frame for a pose in PU.
  Placement ring_in_base(const Placement& in_port) const;
  // The contact elements' names, the element of a contact record, the events and what they tell.
  const contact::ContactEvents& contact_events() const { return events_; }
  // Largest values met by any evaluation: the contact force and moment on the port, the base
  // wrench's force and moment, each joint's |tau|.
  double peak_contact_force() const { return peak_contact_force_; }
  double peak_contact_moment() const { return peak_contact_moment_; }
  double peak_base_force() const { return peak_base_force_; }
  double peak_base_moment() const { return peak_base_moment_; }
  const std::vector<double>& peak_torques() const { return peak_torques_; }
  long evaluations() const { return evaluations_; }
  long coupling_iterations() const { return coupling_iterations_; }

 private:
  void unpack(double t, const integrators::ConstVectorRef& y);
  void kinematics(double t, const integrators::ConstVectorRef& y);
  void contact_wrenches();
  void coupled_dynamics(double t);

  std::unique_ptr<mechanism::Mechanism> mech_;
  contact::UnitGeometry geometry_;
  contact::ContactData contact_;
  spacecraft::RigidBody station_;
  spacecraft::Port arm_base_, port_;
  // the rigid arm base's placement, and the station's attitude matrix at the state kinematics() last took
  spacecraft::PortFrame arm_base_frame_;
  JointServo servo_;
  JointReference* reference_ = nullptr;
  RingKinematics ring_;
  double coupling_tolerance_ = 0.0;
  int max_coupling_iterations_ = 0;
  // the arm base's distance from the station's CoM, at least 1 m: the length that weighs the
  // angular acceleration in the coupling's convergence test
  double coupling_arm_ = 1.0;
  Mat3 port_to_base_ = Mat3::Identity();  // R_AP = R_PA^T
  Vec3 base_in_port_ = Vec3::Zero();      // d_PA
  int n_ = 0;
  Eigen::Index size_ = 0;

  BerthingEvaluation eval_;
  spacecraft::RigidBodyRate station_rate_;
  simulation::CouplingIteration coupling_;  // the station's coupling with the arm
  contact::ContactEvents events_;
  double peak_contact_force_ = 0.0, peak_contact_moment_ = 0.0, peak_base_force_ = 0.0, peak_base_moment_ = 0.0;
  std::vector<double> peak_torques_;
  long evaluations_ = 0, coupling_iterations_ = 0;
};

}  // namespace dyngen::berthing
