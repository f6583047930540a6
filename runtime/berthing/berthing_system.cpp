#include "berthing/berthing_system.hpp"

#include <algorithm>
#include <cmath>

#include "simulation/docking_system.hpp"
#include "simulation/scenario_file.hpp"
#include "spacecraft/port_coupling.hpp"
#include "spacecraft/state_vector.hpp"

namespace dyngen::berthing {

namespace {

using integrators::ConstVectorRef;
using integrators::VectorRef;
using simulation::ScenarioError;
using simulation::SimulationError;

// where the joint angles start in y (after the station's state); the rates and the works follow
constexpr int kAngles = spacecraft::body_state_size;

std::string joint_names(const mechanism::MechanismInfo& info) {
  std::string names;
  for (const std::string& c : info.coordinates) names += (names.empty() ? "" : ", ") + c;
  return names;
}

// A joint list of the scenario, checked against the arm: one value per joint.
std::vector<double> per_joint(const JointValues& v, const mechanism::MechanismInfo& info, const std::string& what) {
  if (v.values.size() != static_cast<std::size_t>(info.dof))
    throw ScenarioError(v.where + ": " + what + ": expected " + std::to_string(info.dof) + " values, one per joint (" +
                        joint_names(info) + "), got " + std::to_string(v.values.size()));
  return v.values;
}

JointServo make_servo(const BerthingScenario& s, const mechanism::MechanismInfo& info) {
  if (!info.moving_base)
    throw ScenarioError(s.file + ": mechanism '" + info.name + "' (" + s.model +
                        "): expected a model with `base: {motion: moving}`: the arm stands on the moving station");
  if (!info.loops.empty())
    throw ScenarioError(s.file + ": mechanism '" + info.name + "': expected an open chain (a manipulator), got " +
                        std::to_string(info.loops.size()) + " loops");
  return JointServo(per_joint(s.servo.stiffness, info, "servo stiffness"), per_joint(s.servo.damping, info, "servo damping"),
                    per_joint(s.servo.max_torque, info, "servo max_torque"));
}

int carrier_slot(const BerthingScenario& s, const mechanism::MechanismInfo& info) {
  const auto& bodies = info.wrench_bodies;
  const auto found = std::find(bodies.begin(), bodies.end(), s.ring_body);
  if (found == bodies.end()) {
    std::string list;
    for (const std::string& b : bodies) list += (list.empty() ? "" : ", ") + b;
    throw ScenarioError(s.ring_body_where + ": contact ring, field 'body': expected a body of '" + info.name +
                        "' that takes an external wrench (" + (list.empty() ? "none" : list) + "), got '" + s.ring_body + "'");
  }
  return static_cast<int>(found - bodies.begin());
}

const contact::UnitGeometry& one_link(const contact::UnitGeometry& g, const BerthingScenario& s) {
  if (g.links.size() != 1)
    throw ScenarioError(s.file + ": contact geometry '" + g.name + "' (" + s.geometry +
                        "): expected one buffer link (the payload's ring), got " + std::to_string(g.links.size()));
  return g;
}

spacecraft::Wrench sum(const spacecraft::Wrench& a, const spacecraft::Wrench& b) {
  return {a.force + b.force, a.moment + b.moment};
}

}  // namespace

BerthingSystem::BerthingSystem(const BerthingScenario& scenario, std::unique_ptr<mechanism::Mechanism> mechanism,
                               contact::UnitGeometry geometry)
    : mech_(std::move(mechanism)),
      geometry_(std::move(geometry)),
      contact_(contact::make_contact_data(one_link(geometry_, scenario))),
      station_(scenario.station_mass, scenario.station_inertia),
      arm_base_(scenario.arm_base.position, scenario.arm_base.rotation),
      port_(scenario.port.position, scenario.port.rotation),
      arm_base_frame_{Mat3::Identity(), {}, spacecraft::port_placement(arm_base_, {})},
      servo_(make_servo(scenario, mech_->info())),
      ring_(*mech_, carrier_slot(scenario, mech_->info()), scenario.ring),
      coupling_tolerance_(scenario.coupling_tolerance),
      max_coupling_iterations_(scenario.coupling_iterations),
      coupling_arm_(std::max(1.0, arm_base_.position().norm())),
      n_(mech_->info().dof),
      size_(kAngles + 2 * n_ + 2),
      events_(geometry_) {
  // R_PA = R_SP^T R_SA, d_PA = R_SP^T (l_A - l_P)
  const Mat3 base_to_port = scenario.port.rotation.transpose() * scenario.arm_base.rotation;
  port_to_base_ = base_to_port.transpose();
  base_in_port_ = scenario.port.rotation.transpose() * (scenario.arm_base.position - scenario.port.position);
  const auto n = static_cast<std::size_t>(n_);
  eval_.q.assign(n, 0.0);
  eval_.qd = eval_.qdd = eval_.tau = eval_.q_ref = eval_.qd_ref = eval_.q;
  eval_.units.links.resize(1);
  eval_.wrench.assign(6 * mech_->info().wrench_bodies.size(), 0.0);
  peak_torques_.assign(n, 0.0);
}

Eigen::VectorXd BerthingSystem::initial_state(const std::vector<double>& q) const {
  Eigen::VectorXd y = Eigen::VectorXd::Zero(size_);
  y[spacecraft::attitude_offset] = 1.0;
  for (int i = 0; i < n_; ++i) y[kAngles + i] = q[static_cast<std::size_t>(i)];
  return y;
}

Placement BerthingSystem::ring_in_base(const Placement& in_port) const {
  return {port_to_base_ * (in_port.position - base_in_port_), port_to_base_ * in_port.rotation};
}

void BerthingSystem::unpack(double t, const ConstVectorRef& y) {
  eval_.time = t;
  spacecraft::RigidBodyState& s = eval_.station;
  s.position = y.segment<3>(spacecraft::position_offset);
  s.velocity = y.segment<3>(spacecraft::velocity_offset);
  s.attitude = y.segment<4>(spacecraft::attitude_offset);
  s.angular_velocity = y.segment<3>(spacecraft::angular_velocity_offset);
  const mechanism::MechanismInfo& info = mech_->info();
  for (int i = 0; i < n_; ++i) {
    const auto u = static_cast<std::size_t>(i);
    eval_.q[u] = y[kAngles + i];
    eval_.qd[u] = y[kAngles + n_ + i];
    if (eval_.q[u] < info.lower_limits[u] || eval_.q[u] > info.upper_limits[u])
      throw SimulationError("joint limit", t,
                            "joint '" + info.coordinates[u] + "' at " + std::to_string(eval_.q[u]) + " rad, beyond [" +
                                std::to_string(info.lower_limits[u]) + ", " + std::to_string(info.upper_limits[u]) + "] rad");
  }
}

void BerthingSystem::kinematics(double t, const ConstVectorRef& y) {
  unpack(t, y);
  const RingMotion& ring = eval_.ring_in_base = ring_.motion(eval_.q.data(), eval_.qd.data());
  const Mat3& R_AP = port_to_base_;
  eval_.ring_in_port = {base_in_port_ + R_AP.transpose() * ring.position, R_AP.transpose() * ring.rotation};
  // the port's absolute motion in its axes: the station's at the port's origin
  const spacecraft::RigidBodyState& s = eval_.station;
  const Mat3& R_SP = port_.port_to_body();
  const Mat3& R = arm_base_frame_.body_to_inertial = spacecraft::rotation_matrix(s.attitude);
  contact::UnitState& units = eval_.units;
  units.time = t;
  units.passive_angular_velocity = R_SP.transpose() * s.angular_velocity;
  units.passive_velocity = R_SP.transpose() * (R.transpose() * s.velocity + s.angular_velocity.cross(port_.position()));
  // the ring's: the port's motion at the ring's origin and the ring's motion relative to the station
  contact::LinkState& link = units.links.front();
  link.position = eval_.ring_in_port.position;
  link.rotation = eval_.ring_in_port.rotation.transpose();  // A_PUB: x_B = A x_PU
  link.velocity = units.passive_velocity + units.passive_angular_velocity.cross(link.position) + R_AP.transpose() * ring.velocity;
  link.angular_velocity = units.passive_angular_velocity + R_AP.transpose() * ring.angular_velocity;
}

void BerthingSystem::contact_wrenches() {
  const contact::UnitState& units = eval_.units;
  const contact::LinkState& link = units.links.front();
  contact::evaluate_contacts(geometry_, units, contact_);

  // the wrench on the ring moved to its carrier (carrier axes, about its origin), and the power of
  // both contact wrenches (on the ring, F . v + M . w in PU axes, and on the port)
  const Placement& c = ring_.placement();
  const contact::Wrench& on_ring = contact_.link_wrenches.front();
  std::fill(eval_.wrench.begin(), eval_.wrench.end(), 0.0);
  double* slot = eval_.wrench.data() + 6 * ring_.slot();
  const Vec3 force = c.rotation * on_ring.force;
  Vec3::Map(slot) = force;
  Vec3::Map(slot + 3) = c.rotation * on_ring.moment + c.position.cross(force);
  eval_.port_wrench = {contact_.passive_wrench.force, contact_.passive_wrench.moment};
  eval_.contact_power = (link.rotation.transpose() * on_ring.force).dot(link.velocity) +
                        (link.rotation.transpose() * on_ring.moment).dot(link.angular_velocity) +
                        eval_.port_wrench.force.dot(units.passive_velocity) +
                        eval_.port_wrench.moment.dot(units.passive_angular_velocity);
}

void BerthingSystem::coupled_dynamics(double t) {
  const spacecraft::PortDeflection rigid;
  const spacecraft::Wrench on_port = spacecraft::wrench_at_com(port_, eval_.port_wrench, rigid);
  // the station's attitude matrix as kinematics() formed it at this state
  const spacecraft::PortCoupling coupling(station_, eval_.station, arm_base_frame_);
  double* base = eval_.base.data();
  spacecraft::Wrench on_base;
  // One pass of the kernels an iteration: staged (prepare once, finish per iteration, as the docking
  // does) they cost more here, where the iteration converges in 1.06 passes on average (the
  // arm's inertia at its base is 1e-2 of the station's), than the cache they go through saves:
  // callgrind over the nominal berthing, the kernels 169.1 M instructions one pass an iteration,
  // 179.6 M staged
  Vec3::Map(base) = coupling.w0();
  const auto reaction = [&](const spacecraft::RigidBodyRate& r) {
    Vec3 e0, a0;
    coupling.accelerations(r, e0, a0);
    Vec3::Map(base + 3) = e0;
    Vec3::Map(base + 6) = a0;
    double W[6];
    mech_->forward_dynamics_base_wrench(eval_.q.data(), eval_.qd.data(), eval_.tau.data(), base, eval_.wrench.data(),
                                        eval_.qdd.data(), W, nullptr);
    eval_.base_wrench = {Vec3::Map(W), Vec3::Map(W + 3)};
    on_base = coupling.wrench_at_com(eval_.base_wrench);
    return coupling.rate(sum(on_base, on_port));
  };
  double change = 0.0;
  const auto converged = [&](const spacecraft::RigidBodyRate& r, const spacecraft::RigidBodyRate& next) {
    // the base's acceleration changes by dv/dt + (domega/dt) x l_A: both measured in m/s^2, against
    // the acceleration the base wrench alone gives (the net one vanishes where the arm pushes the
    // payload against the port: both wrenches act on the station)
    change = (next.acceleration - r.acceleration).norm() +
             coupling_arm_ * (next.angular_acceleration - r.angular_acceleration).norm();
    const double scale = next.acceleration.norm() + coupling_arm_ * next.angular_acceleration.norm() +
                         on_base.force.norm() / station_.mass() +
                         coupling_arm_ * (station_.inverse_inertia() * on_base.moment).norm();
    return !(change > coupling_tolerance_ * scale);
  };
  // from the last evaluation's rate
  const int iterations = coupling_.solve(station_rate_, max_coupling_iterations_, reaction, converged);
  if (iterations == 0)
    throw SimulationError("coupling not converged", t,
                          "the base's acceleration still changed by " + std::to_string(change) + " m/s^2 after " +
                              std::to_string(max_coupling_iterations_) + " iterations (payload too heavy for the station?)");
  eval_.coupling_iterations = iterations;
}

void BerthingSystem::rate(double t, const ConstVectorRef& y, VectorRef dydt) {
  kinematics(t, y);
  contact_wrenches();
  if (reference_ != nullptr) {
    reference_->sample(t, eval_.q_ref.data(), eval_.qd_ref.data());
    servo_.torques(eval_.q_ref.data(), eval_.qd_ref.data(), eval_.q.data(), eval_.qd.data(), eval_.tau.data());
  } else {
    std::fill(eval_.tau.begin(), eval_.tau.end(), 0.0);
  }
  eval_.torque_power = 0.0;
  for (int i = 0; i < n_; ++i) eval_.torque_power += eval_.tau[static_cast<std::size_t>(i)] * eval_.qd[static_cast<std::size_t>(i)];
  coupled_dynamics(t);
  ++evaluations_;
  coupling_iterations_ += eval_.coupling_iterations;
  peak_contact_force_ = std::max(peak_contact_force_, eval_.port_wrench.force.norm());
  peak_contact_moment_ = std::max(peak_contact_moment_, eval_.port_wrench.moment.norm());
  peak_base_force_ = std::max(peak_base_force_, eval_.base_wrench.force.norm());
  peak_base_moment_ = std::max(peak_base_moment_, eval_.base_wrench.moment.norm());
  for (std::size_t i = 0; i < peak_torques_.size(); ++i) peak_torques_[i] = std::max(peak_torques_[i], std::abs(eval_.tau[i]));

  dydt.segment<3>(spacecraft::position_offset) = station_rate_.velocity;
  dydt.segment<3>(spacecraft::velocity_offset) = station_rate_.acceleration;
  dydt.segment<4>(spacecraft::attitude_offset) = station_rate_.attitude_rate;
  dydt.segment<3>(spacecraft::angular_velocity_offset) = station_rate_.angular_acceleration;
  for (int i = 0; i < n_; ++i) {
    dydt[kAngles + i] = eval_.qd[static_cast<std::size_t>(i)];
    dydt[kAngles + n_ + i] = eval_.qdd[static_cast<std::size_t>(i)];
  }
  dydt[kAngles + 2 * n_] = eval_.torque_power;
  dydt[kAngles + 2 * n_ + 1] = eval_.contact_power;
}

void BerthingSystem::end_step(double t, VectorRef y, double h) {
  auto attitude = y.segment<4>(spacecraft::attitude_offset);
  attitude = spacecraft::normalized_quaternion(attitude);
  kinematics(t, y);
  contact::update_latches(geometry_, eval_.units, h, contact_);
}

std::vector<contact::Event> BerthingSystem::step_events() {
  std::vector<contact::Event> events;
  events_.after_step(contact_, events);
  return events;
}

BerthingEnergy BerthingSystem::energy(const ConstVectorRef& y) {
  unpack(eval_.time, y);
  const spacecraft::RigidBodyState& s = eval_.station;
  const Mat3 R = spacecraft::rotation_matrix(s.attitude);
  const Mat3& R_SA = arm_base_.port_to_body();
  // the base's motion (base axes): w0 = R_SA^T omega, v0 = R_SA^T (R^T v_C + omega x l_A)
  double base[9] = {};
  Vec3::Map(base) = R_SA.transpose() * s.angular_velocity;
  const Vec3 v0 = R_SA.transpose() * (R.transpose() * s.velocity + s.angular_velocity.cross(arm_base_.position()));
  const mechanism::Energy arm = mech_->energy(eval_.q.data(), eval_.qd.data(), base, v0.data());
  // the arm's momentum (base axes, about the base's origin) in inertial axes about the inertial origin
  const Mat3 R_IA = R * R_SA;
  const Vec3 base_origin = s.position + R * arm_base_.position();
  const Vec3 p = R_IA * Vec3(arm.momentum[0], arm.momentum[1], arm.momentum[2]);
  BerthingEnergy e;
  e.kinetic = spacecraft::kinetic_energy(station_, s) + arm.kinetic;
  e.torque_work = y[kAngles + 2 * n_];
  e.contact_work = y[kAngles + 2 * n_ + 1];
  e.linear_momentum = spacecraft::linear_momentum(station_, s) + p;
  e.angular_momentum = spacecraft::angular_momentum(station_, s) +
                       R_IA * Vec3(arm.momentum[3], arm.momentum[4], arm.momentum[5]) + base_origin.cross(p);
  return e;
}

}  // namespace dyngen::berthing
