#include "simulation/docking_system.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "simulation/initial_conditions.hpp"
#include "spacecraft/port_coupling.hpp"
#include "spacecraft/state_vector.hpp"

namespace dyngen::simulation {

namespace {

using integrators::ConstVectorRef;
using integrators::VectorRef;
using spacecraft::RigidBodyState;

// |q|^2 - 1 beyond which accept() renormalises an attitude (the rotation is then orthogonal to 1e-12)
constexpr double kAttitudeNormDrift = 1e-12;

// y is bitwise the state kept: the caches' test. Bitwise, not ==, which compares every component
// where memcmp stops at the first that differs; the two differ only where only a cache is
// missed (-0 against +0) or a state is reused whose every bit is the same (a NaN).
bool same_state(const ConstVectorRef& y, const Eigen::VectorXd& kept) {
  return y.size() == kept.size() &&
         std::memcmp(y.data(), kept.data(), sizeof(double) * static_cast<std::size_t>(y.size())) == 0;
}

// The port's deflection under the modal state and the modal forces held over the step (none
// without modes).
spacecraft::PortDeflection held_deflection(const spacecraft::ElasticModes& modes, const spacecraft::ModalState& state,
                                           const Eigen::VectorXd& force) {
  return modes.count() == 0 ? spacecraft::PortDeflection{} : modes.deflection(state, modes.accelerations(state, force));
}

RigidBodyState body_state(const ConstVectorRef& y, int offset) {
  RigidBodyState s;
  s.position = y.segment<3>(offset + spacecraft::position_offset);
  s.velocity = y.segment<3>(offset + spacecraft::velocity_offset);
  s.attitude = y.segment<4>(offset + spacecraft::attitude_offset);
  s.angular_velocity = y.segment<3>(offset + spacecraft::angular_velocity_offset);
  return s;
}

void put_state(VectorRef y, int offset, const RigidBodyState& s) {
  y.segment<3>(offset + spacecraft::position_offset) = s.position;
  y.segment<3>(offset + spacecraft::velocity_offset) = s.velocity;
  y.segment<4>(offset + spacecraft::attitude_offset) = s.attitude;
  y.segment<3>(offset + spacecraft::angular_velocity_offset) = s.angular_velocity;
}

void put_rate(VectorRef dydt, int offset, const spacecraft::RigidBodyRate& r) {
  dydt.segment<3>(offset + spacecraft::position_offset) = r.velocity;
  dydt.segment<3>(offset + spacecraft::velocity_offset) = r.acceleration;
  dydt.segment<4>(offset + spacecraft::attitude_offset) = r.attitude_rate;
  dydt.segment<3>(offset + spacecraft::angular_velocity_offset) = r.angular_acceleration;
}

spacecraft::ElasticModes modes_of(const SpacecraftSpec& s) {
  if (s.modes.empty()) return {};
  const auto n = static_cast<Eigen::Index>(s.modes.size());
  Eigen::VectorXd frequency(n), damping(n);
  spacecraft::Participation phi(6, n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const PortMode& m = s.modes[static_cast<std::size_t>(k)];
    frequency[k] = m.frequency;
    damping[k] = m.damping;
    phi.col(k) = m.participation;
  }
  return spacecraft::ElasticModes(frequency, damping, phi);
}

}  // namespace

SimulationError::SimulationError(std::string cause, double time, const std::string& detail)
    : std::runtime_error("t = " + std::to_string(time) + " s: " + cause + ": " + detail), cause_(std::move(cause)), time_(time) {}

DockingSystem::DockingSystem(const Scenario& scenario, std::unique_ptr<mechanism::Mechanism> mechanism,
                             contact::UnitGeometry geometry)
    : scenario_(scenario),
      mech_(std::move(mechanism)),
      geometry_(std::move(geometry)),
      contact_(contact::make_contact_data(geometry_)),
      active_body_(scenario.active.mass, scenario.active.inertia),
      passive_body_(scenario.passive.mass, scenario.passive.inertia),
      active_port_(scenario.active.port_position, scenario.active.port_to_body),
      passive_port_(scenario.passive.port_position, scenario.passive.port_to_body),
      active_modes_(modes_of(scenario.active)),
      passive_modes_(modes_of(scenario.passive)),
      active_modal_(active_modes_.rest()),
      passive_modal_(passive_modes_.rest()),
      active_modal_force_(Eigen::VectorXd::Zero(active_modes_.count())),
      passive_modal_force_(Eigen::VectorXd::Zero(passive_modes_.count())) {
  const mechanism::MechanismInfo& info = mech_->info();
  if (!info.moving_base)
    throw std::invalid_argument(scenario.file + ": mechanism " + info.name +
                                " has a fixed base; a docking mechanism needs `base: {motion: moving}` in its model");
  n_ = info.dof;
  coupling_arm_ = std::max(1.0, active_port_.position().norm());
  ni_ = static_cast<int>(info.independent.size());
  wrench_slots_ = static_cast<int>(info.wrench_bodies.size());
  size_ = 26 + 2 * ni_ + 5;
  const auto fail = [&](const std::string& where, const std::string& what) {
    throw std::invalid_argument(where + ": " + what);
  };
  const auto coordinate_of = [&](const Reference& r, const char* role) {
    int i = -1;
    try {
      i = info.coordinate(r.name);
    } catch (const std::invalid_argument& e) {
      fail(r.where, std::string(role) + ": " + e.what());
    }
    if (!info.actuated[static_cast<std::size_t>(i)])
      fail(r.where, std::string(role) + " on coordinate '" + r.name + "': its joint takes no force (tau is read only for " +
                        "actuated joints); give the joint `actuated: true` in " + info.name + "'s model");
    return i;
  };

  // every buffer link of the geometry carried by one wrench body of the mechanism
  carriers_.resize(geometry_.links.size());
  for (const LinkCarrier& c : scenario.links) {
    const int j = geometry_.find_link(c.link.name);
    if (j < 0) {
      std::string links;
      for (const auto& l : geometry_.links) links += (links.empty() ? "" : ", ") + l.name;
      fail(c.link.where, "contact link '" + c.link.name + "': the geometry " + geometry_.name + " has links " + links);
    }
    int slot = -1;
    try {
      slot = info.wrench_body(c.body.name);
    } catch (const std::invalid_argument& e) {
      fail(c.body.where, std::string("contact link '") + c.link.name + "' carried by " + e.what() +
                             " (bodies listed in the model's external_wrench_bodies)");
    }
    if (carriers_[static_cast<std::size_t>(j)].slot >= 0) fail(c.link.where, "contact link '" + c.link.name + "' given twice");
    carriers_[static_cast<std::size_t>(j)] = {slot, c.position, c.rotation};
  }
  for (std::size_t j = 0; j < carriers_.size(); ++j)
    if (carriers_[j].slot < 0)
      fail(scenario.file, "contact link '" + geometry_.links[j].name + "' of " + geometry_.name +
                              " is carried by no mechanism body: add {link: " + geometry_.links[j].name +
                              ", body: ...} to contact.links");
  // links carried at one place of one body (a body's primitives split into links) share one state
  for (std::size_t j = 0; j < carriers_.size(); ++j)
    for (std::size_t k = 0; k < j && carriers_[j].same_as < 0; ++k)
      if (carriers_[k].slot == carriers_[j].slot && carriers_[k].position == carriers_[j].position &&
          carriers_[k].rotation == carriers_[j].rotation)
        carriers_[j].same_as = static_cast<int>(k);
  for (const Transmission& t : scenario.transmissions) transmission_coordinate_.push_back(coordinate_of(t.coordinate, "transmission"));
  for (Drive& d : scenario_.drives) {
    drives_.push_back({coordinate_of(d.coordinate, "drive")});
    if (d.end_at_reference) d.end_position = info.reference_q[static_cast<std::size_t>(drives_.back().coordinate)];
  }
  for (const Stop& s : scenario.stops) stop_coordinate_.push_back(coordinate_of(s.coordinate, "end stop"));
  for (int i : info.independent)
    if (std::find(stop_coordinate_.begin(), stop_coordinate_.end(), i) == stop_coordinate_.end()) limited_.push_back(i);
  try {
    info.point(scenario.reference_point.name);
  } catch (const std::invalid_argument& e) {
    fail(scenario.reference_point.where, std::string("initial.reference_point: ") + e.what());
  }
  for (const auto& [name, value] : scenario.initial_coordinates) {
    int i = -1;
    try {
      i = info.coordinate(name);
    } catch (const std::invalid_argument& e) {
      fail(scenario.initial_coordinate_where.at(name), std::string("mechanism.initial: ") + e.what());
    }
    if (std::find(info.independent.begin(), info.independent.end(), i) == info.independent.end())
      fail(scenario.initial_coordinate_where.at(name), "mechanism.initial: '" + name +
                                                            "' is a dependent coordinate (closed from the independent ones)");
  }
  // contact elements: the pair table's tasks, then the back faces of the latches
  for (const contact::PairTask& task : geometry_.tasks)
    elements_.push_back(geometry_.links[static_cast<std::size_t>(task.link)].primitives[static_cast<std::size_t>(task.active)].name +
                        "-" + geometry_.passive[static_cast<std::size_t>(task.passive)].name);
  for (const contact::CentralLatch& l : geometry_.central_latches)
    elements_.push_back(l.name + "-" + geometry_.passive[static_cast<std::size_t>(l.slot)].name);
  for (const contact::PeripheralLatch& l : geometry_.peripheral_latches)
    elements_.push_back(l.name + "-" + (l.back >= 0 ? geometry_.passive[static_cast<std::size_t>(l.back)].name : "stop"));
  element_names_ = elements_;
  std::sort(element_names_.begin(), element_names_.end());
  element_names_.erase(std::unique(element_names_.begin(), element_names_.end()), element_names_.end());
  for (const std::string& e : elements_)
    element_rank_.push_back(static_cast<int>(std::lower_bound(element_names_.begin(), element_names_.end(), e) - element_names_.begin()));
  eval_.q.assign(static_cast<std::size_t>(n_), 0.0);
  eval_.qd = eval_.qdd = eval_.tau = eval_.q;
  eval_.units.links.resize(geometry_.links.size());
  eval_.wrench.assign(static_cast<std::size_t>(6 * wrench_slots_), 0.0);
  latched_.assign(geometry_.central_latches.size() + geometry_.peripheral_latches.size(), false);
}

Eigen::VectorXd DockingSystem::initial_state() {
  const mechanism::MechanismInfo& info = mech_->info();
  std::vector<double> q = info.reference_q, qd(q.size(), 0.0);
  for (const auto& [name, value] : scenario_.initial_coordinates) q[static_cast<std::size_t>(info.coordinate(name))] = value;
  const mechanism::Closure closure = mech_->close(q.data(), qd.data());
  if (closure.status != mechanism::ClosureStatus::closed)
    throw SimulationError("closure failure", 0.0,
                          "the initial configuration does not close at loop '" +
                              info.loops[static_cast<std::size_t>(closure.loop)] + "' (" +
                              std::string(mechanism::closure_status_name(closure.status)) + ")");
  closed_q_ = q;
  std::vector<double> points(3 * info.points.size()), velocities(points.size());
  mech_->point_kinematics(q.data(), qd.data(), points.data(), velocities.data());
  const auto p = static_cast<std::size_t>(3 * info.point(scenario_.reference_point.name));
  const InitialStates start = initial_states(scenario_, Vec3(points[p], points[p + 1], points[p + 2]));

  Eigen::VectorXd y = Eigen::VectorXd::Zero(size_);
  put_state(y, 0, start.active);
  put_state(y, 13, start.passive);
  for (int k = 0; k < ni_; ++k) y[26 + k] = q[static_cast<std::size_t>(info.independent[static_cast<std::size_t>(k)])];

  hysteresis_.clear();
  for (std::size_t k = 0; k < scenario_.transmissions.size(); ++k) {
    const Transmission& t = scenario_.transmissions[k];
    const double x = t.sign * (q[static_cast<std::size_t>(transmission_coordinate_[k])] - t.reference);
    if (t.model == Transmission::Model::piecewise_linear)
      hysteresis_.emplace_back(hysteresis::PiecewiseLinearHysteresis(t.piecewise_linear, x));
    else
      hysteresis_.emplace_back(hysteresis::VariableHysteresis(t.variable, x));
  }
  for (DriveState& d : drives_) d.phase = DriveState::Phase::waiting;
  contact_ = contact::make_contact_data(geometry_);
  active_modal_ = active_modes_.rest();
  passive_modal_ = passive_modes_.rest();
  active_modal_force_.setZero();
  passive_modal_force_.setZero();
  update_deflections();
  active_rate_guess_ = previous_rate_guess_ = accepted_rate_ = {};
  guess_time_ = 0.0;
  previous_guess_time_ = -1.0;
  coupling_.reset();
  capture_time_.reset();
  peak_base_force_ = peak_base_moment_ = 0.0;
  retraction_end_.reset();
  touching_.clear();
  first_contact_ = false;
  std::fill(latched_.begin(), latched_.end(), false);
  evaluations_ = coupling_iterations_ = kinematics_evaluations_ = 0;
  evaluated_ = kinematics_ready_ = false;
  rate_kept_ = false;
  accepted_time_ = 0.0;
  accepted_state_ = y;
  return y;
}

void DockingSystem::update_deflections() {
  active_deflection_ = held_deflection(active_modes_, active_modal_, active_modal_force_);
  passive_deflection_ = held_deflection(passive_modes_, passive_modal_, passive_modal_force_);
}

void DockingSystem::unpack(double t, const ConstVectorRef& y) {
  eval_.time = t;
  eval_.active = body_state(y, 0);
  eval_.passive = body_state(y, 13);
  const mechanism::MechanismInfo& info = mech_->info();
  std::copy(closed_q_.begin(), closed_q_.end(), eval_.q.begin());
  std::fill(eval_.qd.begin(), eval_.qd.end(), 0.0);
  for (int k = 0; k < ni_; ++k) {
    const auto i = static_cast<std::size_t>(info.independent[static_cast<std::size_t>(k)]);
    eval_.q[i] = y[26 + k];
    eval_.qd[i] = y[26 + ni_ + k];
  }
}

void DockingSystem::close_mechanism(double t) {
  const mechanism::MechanismInfo& info = mech_->info();
  for (int i : limited_) {
    const auto u = static_cast<std::size_t>(i);
    if (eval_.q[u] < info.lower_limits[u] || eval_.q[u] > info.upper_limits[u])
      throw SimulationError("coordinate beyond its limits", t,
                            info.coordinates[u] + " = " + std::to_string(eval_.q[u]) + " outside [" +
                                std::to_string(info.lower_limits[u]) + ", " + std::to_string(info.upper_limits[u]) + "]");
  }
  const mechanism::Closure closure = mech_->close(eval_.q.data(), eval_.qd.data());
  if (closure.status != mechanism::ClosureStatus::closed)
    throw SimulationError("closure failure", t,
                          "loop '" + info.loops[static_cast<std::size_t>(closure.loop)] + "' " +
                              std::string(mechanism::closure_status_name(closure.status)));
}

void DockingSystem::link_states(double t) {
  active_frame_ = spacecraft::port_frame(active_port_, eval_.active, active_deflection_);
  passive_frame_ = spacecraft::port_frame(passive_port_, eval_.passive, passive_deflection_);
  const spacecraft::PortMotion& P1 = eval_.active_port = spacecraft::port_motion(active_frame_, eval_.active);
  const spacecraft::PortMotion& P2 = eval_.passive_port = spacecraft::port_motion(passive_frame_, eval_.passive);
  const auto slots = static_cast<std::size_t>(wrench_slots_);
  double rotation[9 * 16], origin[3 * 16], angular_velocity[3 * 16], velocity[3 * 16];
  std::vector<double> heap;
  double *R = rotation, *o = origin, *w = angular_velocity, *v = velocity;
  if (slots > 16) {
    heap.resize(18 * slots);
    R = heap.data(), o = R + 9 * slots, w = o + 3 * slots, v = w + 3 * slots;
  }
  mech_->body_kinematics(eval_.q.data(), eval_.qd.data(), R, o, w, v);
  const Mat3 R_PU_T = P2.port_to_inertial.transpose();
  contact::UnitState& units = eval_.units;
  units.time = t;
  units.passive_velocity = R_PU_T * P2.velocity;
  units.passive_angular_velocity = R_PU_T * P2.angular_velocity;
  // the active port (the base) in PU axes: its axes, origin, velocity and angular velocity
  const Mat3 base_to_PU = R_PU_T * P1.port_to_inertial;
  const Vec3 base_origin = R_PU_T * (P1.position - P2.position);
  const Vec3 base_velocity = R_PU_T * P1.velocity;
  const Vec3 base_angular_velocity = R_PU_T * P1.angular_velocity;
  for (std::size_t j = 0; j < carriers_.size(); ++j) {
    const Carrier& c = carriers_[j];
    if (c.same_as >= 0) {
      units.links[j] = units.links[static_cast<std::size_t>(c.same_as)];
      continue;
    }
    const auto s = static_cast<std::size_t>(c.slot);
    const Mat3 R_body = Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(R + 9 * s);
    const Vec3 arm = R_body * c.position;  // body origin -> link origin, base axes
    // relative to the base, base axes
    const Vec3 origin_b = Eigen::Map<const Vec3>(o + 3 * s) + arm;
    const Vec3 omega_b = Eigen::Map<const Vec3>(w + 3 * s);
    const Vec3 velocity_b = Eigen::Map<const Vec3>(v + 3 * s) + omega_b.cross(arm);
    // absolute, PU axes (B = base_to_PU): r = r_P + B o, omega = omega_P + B w,
    // v = v_P + omega_P x (B o) + B v
    const Vec3 arm_PU = base_to_PU * origin_b;
    contact::LinkState& link = units.links[j];
    link.position = base_origin + arm_PU;
    // A_PUB: x_B = A x_PU, A = (B R_body R_link)^T
    link.rotation = (base_to_PU * (R_body * c.rotation)).transpose();
    link.velocity = base_velocity + base_angular_velocity.cross(arm_PU) + base_to_PU * velocity_b;
    link.angular_velocity = base_angular_velocity + base_to_PU * omega_b;
  }
}

void DockingSystem::actuation(double t) {
  std::fill(eval_.tau.begin(), eval_.tau.end(), 0.0);
  eval_.hysteresis_power = eval_.drive_power = eval_.stop_power = 0.0;
  for (std::size_t k = 0; k < stop_coordinate_.size(); ++k) {
    const Stop& s = scenario_.stops[k];
    const auto i = static_cast<std::size_t>(stop_coordinate_[k]);
    const double q = eval_.q[i], qd = eval_.qd[i];
    // one-sided: pushes back beyond a limit, never pulls
    double force = 0.0;
    if (q > s.upper) force = std::min(0.0, -s.stiffness * (q - s.upper) - s.damping * qd);
    if (q < s.lower) force = std::max(0.0, -s.stiffness * (q - s.lower) - s.damping * qd);
    eval_.tau[i] += force;
    eval_.stop_power += force * qd;
  }
  for (std::size_t k = 0; k < hysteresis_.size(); ++k) {
    const Transmission& tr = scenario_.transmissions[k];
    const auto i = static_cast<std::size_t>(transmission_coordinate_[k]);
    const double x = tr.sign * (eval_.q[i] - tr.reference);
    const double F = std::visit([x](const auto& element) { return element.force(x); }, hysteresis_[k]);
    // F resists the deflection: tau = -F dx/dq
    eval_.tau[i] += -tr.sign * F;
    eval_.hysteresis_power += -tr.sign * F * eval_.qd[i];
  }
  for (std::size_t k = 0; k < drives_.size(); ++k) {
    const DriveState& d = drives_[k];
    if (d.phase == DriveState::Phase::waiting) continue;
    const Drive& spec = scenario_.drives[k];
    const auto i = static_cast<std::size_t>(d.coordinate);
    // the reference moves at the drive's speed from where it started to the end position
    const bool driving = d.phase == DriveState::Phase::driving && t < d.end_time;
    const double direction = spec.end_position >= d.start_position ? 1.0 : -1.0;
    const double reference = driving ? d.start_position + direction * spec.speed * (t - d.start_time) : spec.end_position;
    const double reference_rate = driving ? direction * spec.speed : 0.0;
    const double force = std::clamp(spec.gain * (reference_rate - eval_.qd[i]) + spec.stiffness * (reference - eval_.q[i]),
                                    -spec.max_force, spec.max_force);
    eval_.tau[i] += force;
    eval_.drive_power += force * eval_.qd[i];
  }
}

double DockingSystem::next_drive_end() const {
  double end = HUGE_VAL;
  for (const DriveState& d : drives_)
    if (d.phase == DriveState::Phase::driving) end = std::min(end, d.end_time);
  return end;
}

void DockingSystem::coupled_dynamics(double t) {
  // the frames link_states formed at this state (the port modes change only in accept(), which then
  // has the kinematics evaluated again)
  passive_rate_ = spacecraft::rigid_body_rate(passive_body_, eval_.passive, passive_frame_.body_to_inertial,
                                              spacecraft::wrench_at_com(passive_frame_.placement, eval_.passive_wrench));
  // the guess: the accelerations of this step's last two evaluations extrapolated linearly to t, or
  // the last one's; those at the step's start when the last evaluation lies ahead of t or before
  // this step (a rejected trial stage, possibly far past an impact)
  spacecraft::RigidBodyRate rate = accepted_rate_;
  if (guess_time_ <= t && guess_time_ >= accepted_time_) {
    rate = active_rate_guess_;
    if (previous_guess_time_ >= accepted_time_ && previous_guess_time_ < guess_time_) {
      const double s = (t - guess_time_) / (guess_time_ - previous_guess_time_);
      rate.acceleration += s * (active_rate_guess_.acceleration - previous_rate_guess_.acceleration);
      rate.angular_acceleration += s * (active_rate_guess_.angular_acceleration - previous_rate_guess_.angular_acceleration);
    }
  }
  const spacecraft::PortCoupling coupling(active_body_, eval_.active, active_frame_);
  double* base = eval_.base.data();
  const auto singular = [&](int loop) {
    return SimulationError("singular loop", t,
                           "Phi_d of loop '" + mech_->info().loops[static_cast<std::size_t>(loop)] + "' is singular");
  };
  // the iteration changes only the port's accelerations e0, a0: what the state gives is computed once
  Vec3::Map(base) = coupling.w0();
  int loop = -1;
  if (!mech_->forward_dynamics_base_wrench_prepare(eval_.q.data(), eval_.qd.data(), eval_.tau.data(), base,
                                                   eval_.wrench.data(), &loop))
    throw singular(loop);
  const auto reaction = [&](const spacecraft::RigidBodyRate& r) {
    Vec3 e0, a0;
    coupling.accelerations(r, e0, a0);
    Vec3::Map(base + 3) = e0;
    Vec3::Map(base + 6) = a0;
    double W[6];
    if (!mech_->forward_dynamics_base_wrench_finish(base, eval_.qdd.data(), W, &loop)) throw singular(loop);
    eval_.base_wrench.force = Eigen::Map<const Vec3>(W);
    eval_.base_wrench.moment = Eigen::Map<const Vec3>(W + 3);
    return coupling.rate(coupling.wrench_at_com(eval_.base_wrench));
  };
  double change = 0.0;
  const auto converged = [&](const spacecraft::RigidBodyRate& r, const spacecraft::RigidBodyRate& next) {
    // the port's acceleration changes by (dv/dt) + (domega/dt) x l: measured on both, in m/s^2
    change = (next.acceleration - r.acceleration).norm() + coupling_arm_ * (next.angular_acceleration - r.angular_acceleration).norm();
    // relative to the port's acceleration, but at least 1 m/s^2: in free flight the spacecraft's
    // acceleration is the mechanism's reaction alone, orders below anything the mechanism feels
    const double scale = std::max(next.acceleration.norm() + coupling_arm_ * next.angular_acceleration.norm(), 1.0);
    return !(change > scenario_.integrator.coupling_tolerance * scale);
  };
  const int iterations = coupling_.solve(rate, scenario_.integrator.coupling_iterations, reaction, converged);
  if (iterations == 0)
    throw SimulationError("coupling not converged", t,
                          "the port's acceleration still changed by " + std::to_string(change) + " m/s^2 after " +
                              std::to_string(scenario_.integrator.coupling_iterations) +
                              " iterations (mechanism too heavy for its spacecraft?)");
  if (t != guess_time_) {
    previous_rate_guess_ = active_rate_guess_;
    previous_guess_time_ = guess_time_;
  }
  active_rate_ = active_rate_guess_ = rate;
  guess_time_ = t;
  eval_.coupling_iterations = iterations;
  eval_.damper_power = mech_->damper_power(eval_.qd.data());
}

void DockingSystem::fill_rate(VectorRef dydt) const {
  put_rate(dydt, 0, active_rate_);
  put_rate(dydt, 13, passive_rate_);
  const mechanism::MechanismInfo& info = mech_->info();
  for (int k = 0; k < ni_; ++k) {
    const auto i = static_cast<std::size_t>(info.independent[static_cast<std::size_t>(k)]);
    dydt[26 + k] = eval_.qd[i];
    dydt[26 + ni_ + k] = eval_.qdd[i];
  }
  const int w = work_offset();
  dydt[w] = eval_.contact_power;
  dydt[w + 1] = eval_.damper_power;
  dydt[w + 2] = eval_.drive_power;
  dydt[w + 3] = eval_.hysteresis_power;
  dydt[w + 4] = eval_.stop_power;
}

void DockingSystem::evaluate_kinematics_and_contacts(double t, const ConstVectorRef& y) {
  ++kinematics_evaluations_;
  unpack(t, y);
  close_mechanism(t);
  link_states(t);
  contact::evaluate_contacts(geometry_, eval_.units, contact_);
  // contact wrenches onto the carrying bodies (body axes, about the body origin) and their power
  std::fill(eval_.wrench.begin(), eval_.wrench.end(), 0.0);
  double power = 0.0;
  for (std::size_t j = 0; j < carriers_.size(); ++j) {
    const contact::Wrench& on_link = contact_.link_wrenches[j];
    // most links touch nothing at a time
    if ((on_link.force.array() == 0.0).all() && (on_link.moment.array() == 0.0).all()) continue;
    const Carrier& c = carriers_[j];
    const Vec3 force = c.rotation * on_link.force;
    const Vec3 moment = c.rotation * on_link.moment + c.position.cross(force);
    double* slot = eval_.wrench.data() + 6 * c.slot;
    Eigen::Map<Vec3>(slot) += force;
    Eigen::Map<Vec3>(slot + 3) += moment;
    const contact::LinkState& link = eval_.units.links[j];
    // power on the link: F . v + M . omega, in PU axes (x_PU = A^T x_B)
    power += (link.rotation.transpose() * on_link.force).dot(link.velocity) +
             (link.rotation.transpose() * on_link.moment).dot(link.angular_velocity);
  }
  eval_.passive_wrench.force = contact_.passive_wrench.force;
  eval_.passive_wrench.moment = contact_.passive_wrench.moment;
  eval_.contact_power = power + (contact_.passive_wrench.force.dot(eval_.units.passive_velocity) +
                                 contact_.passive_wrench.moment.dot(eval_.units.passive_angular_velocity));
}

const Evaluation& DockingSystem::evaluate(double t, const ConstVectorRef& y) {
  evaluated_ = kinematics_ready_ = false;
  evaluate_kinematics_and_contacts(t, y);
  actuation(t);
  coupled_dynamics(t);
  evaluated_state_ = y;
  evaluated_ = true;
  return eval_;
}

bool DockingSystem::evaluated_at(double t, const ConstVectorRef& y) const {
  return (evaluated_ || kinematics_ready_) && t == eval_.time && same_state(y, evaluated_state_);
}

void DockingSystem::complete_at(double t, const ConstVectorRef& y) {
  const bool here = evaluated_at(t, y);
  if (here && evaluated_) return;
  if (here) {
    // accept() left the kinematics and contacts of this state: the dynamics under the state
    // machines as accept() left them
    actuation(t);
    coupled_dynamics(t);
    kinematics_ready_ = false;
    evaluated_ = true;
  } else {
    evaluate(t, y);
  }
  ++evaluations_;
  coupling_iterations_ += eval_.coupling_iterations;
}

const Evaluation& DockingSystem::evaluation_at(double t, const ConstVectorRef& y) {
  complete_at(t, y);
  return eval_;
}

void DockingSystem::note_peaks() {
  peak_base_force_ = std::max(peak_base_force_, eval_.base_wrench.force.norm());
  peak_base_moment_ = std::max(peak_base_moment_, eval_.base_wrench.moment.norm());
}

void DockingSystem::rate(double t, const ConstVectorRef& y, VectorRef dydt) {
  // a run's record row evaluates the accepted state just before the integrator asks for f there
  complete_at(t, y);
  // peaks at the states the run accepts (each step's first evaluation), not at trial stages, which an
  // adaptive method may place past an impact it then rejects
  if (t == accepted_time_ && same_state(y, accepted_state_)) note_peaks();
  fill_rate(dydt);
}

std::vector<std::pair<std::string, std::string>> DockingSystem::accept(double t, VectorRef y, double h) {
  // renormalised once they drift: each renormalisation changes y, and with it f
  bool renormalised = false;
  for (int offset : {0, 13}) {
    auto q = y.segment<4>(offset + spacecraft::attitude_offset);
    if (!(std::abs(q.squaredNorm() - 1.0) <= kAttitudeNormDrift)) {
      q = spacecraft::normalized_quaternion(q);
      renormalised = true;
    }
  }
  accepted_time_ = t;
  accepted_state_ = y;
  std::vector<std::pair<std::string, std::string>> events;
  // the accelerations of the last evaluation, at this step's end time (RK4's and Dormand-Prince's
  // last stage): the coupling's start for the next step's evaluations that cannot take the last one's
  accepted_rate_ = active_rate_;
  // the last evaluation was at (t, y) when a method's last stage is its step's end (Dormand-Prince)
  if (!evaluated_at(t, y)) {
    evaluate_kinematics_and_contacts(t, y);
    evaluated_state_ = y;
    evaluated_ = false;
    kinematics_ready_ = true;  // the next evaluation here adds the dynamics
  }
  const bool modes = active_modes_.count() + passive_modes_.count() > 0;
  if (modes) {
    complete_at(t, y);  // the port wrenches the modes take over the next step
    accepted_rate_ = active_rate_;
  }
  closed_q_ = eval_.q;

  for (std::size_t k = 0; k < hysteresis_.size(); ++k) {
    const Transmission& tr = scenario_.transmissions[k];
    const auto i = static_cast<std::size_t>(transmission_coordinate_[k]);
    const double x = tr.sign * (eval_.q[i] - tr.reference), rate = tr.sign * eval_.qd[i];
    std::visit([&](auto& element) { element.update(x, rate); }, hysteresis_[k]);
  }

  // contact elements touching now against after the last step
  std::vector<int>& touching = touching_now_;
  touching.clear();
  for (const contact::ContactRecord& c : contact_.contacts) touching.push_back(element_rank_[static_cast<std::size_t>(element_of(c))]);
  std::sort(touching.begin(), touching.end());
  touching.erase(std::unique(touching.begin(), touching.end()), touching.end());
  const auto name = [this](int rank) { return element_names_[static_cast<std::size_t>(rank)]; };
  if (!first_contact_ && !touching.empty()) {
    first_contact_ = true;
    events.emplace_back("first_contact", name(touching.front()));
  }
  for (const int e : touching)
    if (!std::binary_search(touching_.begin(), touching_.end(), e)) events.emplace_back("contact_begin", name(e));
  for (const int e : touching_)
    if (!std::binary_search(touching.begin(), touching.end(), e)) events.emplace_back("contact_end", name(e));
  std::swap(touching_, touching);

  const bool was_captured = contact_.captured;
  central_before_ = contact_.central_latches;
  peripheral_before_ = contact_.peripheral_latches;
  contact::update_latches(geometry_, eval_.units, h, contact_);
  // the latches' held forces enter f
  bool changed = central_before_ != contact_.central_latches || peripheral_before_ != contact_.peripheral_latches;
  for (std::size_t k = 0; k < latched_.size(); ++k) {
    const bool central = k < geometry_.central_latches.size();
    const std::size_t m = central ? k : k - geometry_.central_latches.size();
    const bool triggered = central ? contact_.central_latches[m].triggered : contact_.peripheral_latches[m].triggered;
    if (triggered && !latched_[k])
      events.emplace_back("latch_triggered", central ? geometry_.central_latches[m].name : geometry_.peripheral_latches[m].name);
    latched_[k] = triggered;
  }
  if (contact_.captured && !was_captured) {
    capture_time_ = t;
    events.emplace_back("capture", geometry_.capture == contact::CaptureRule::all_latches ? "all latches triggered"
                                                                                             : "a latch of every pair triggered");
  }

  for (std::size_t k = 0; k < drives_.size(); ++k) {
    DriveState& d = drives_[k];
    const Drive& spec = scenario_.drives[k];
    const double q = eval_.q[static_cast<std::size_t>(d.coordinate)];
    const std::string& name = mech_->info().coordinates[static_cast<std::size_t>(d.coordinate)];
    if (d.phase == DriveState::Phase::waiting) {
      const bool due = spec.start == Drive::Start::time ? t >= spec.start_time
                                                        : capture_time_ && t >= *capture_time_ + spec.start_time;
      if (due) {
        d.phase = DriveState::Phase::driving;
        d.start_position = q;
        d.start_time = t;
        d.end_time = t + std::abs(spec.end_position - q) / spec.speed;
        events.emplace_back("drive_start", name);
        changed = true;
      }
    } else if (d.phase == DriveState::Phase::driving && t >= d.end_time) {
      d.phase = DriveState::Phase::holding;
      events.emplace_back("drive_end", name);
      changed = true;
      if (std::all_of(drives_.begin(), drives_.end(), [](const DriveState& s) { return s.phase == DriveState::Phase::holding; })) {
        retraction_end_ = t;
        events.emplace_back("retraction_end", "every drive at its end position");
      }
    }
  }

  // port modes: exact step over h under the port wrench held from the step's start, then the new
  // hold, the port wrench in body axes at the port's orientation after the step
  const auto step_modes = [h](const spacecraft::ElasticModes& modes, const spacecraft::Port& port,
                              const spacecraft::Wrench& at_port, spacecraft::ModalState& state, Eigen::VectorXd& force) {
    if (modes.count() == 0) return;
    state = modes.step(state, force, h);
    force = modes.modal_forces(spacecraft::port_wrench_in_body_axes(port, at_port, held_deflection(modes, state, force)));
  };
  step_modes(active_modes_, active_port_, eval_.base_wrench, active_modal_, active_modal_force_);
  step_modes(passive_modes_, passive_port_, eval_.passive_wrench, passive_modal_, passive_modal_force_);
  update_deflections();
  // The hysteresis elements keep their force continuous at the committed deflection (a reversal is
  // recorded at (x, F(x))), so they leave f at (t, y) as it was; the latches, drives and modes do not.
  changed = changed || modes;
  if (changed) evaluated_ = kinematics_ready_ = false;
  if (evaluated_) note_peaks();
  rate_kept_ = !changed && !renormalised;
  return events;
}

EnergyTerms DockingSystem::energy(const ConstVectorRef& y) {
  // at the evaluated state (a record row's) its closed q and qd are at hand; elsewhere y is
  // unpacked and closed
  if (!evaluated_at(eval_.time, y)) {
    evaluated_ = kinematics_ready_ = false;
    unpack(eval_.time, y);
    close_mechanism(eval_.time);
  }
  const spacecraft::PortMotion P1 = spacecraft::port_motion(active_port_, eval_.active, active_deflection_);
  double base[9] = {};
  Vec3::Map(base) = P1.port_to_inertial.transpose() * P1.angular_velocity;
  const Vec3 v0 = P1.port_to_inertial.transpose() * P1.velocity;
  const mechanism::Energy e = mech_->energy(eval_.q.data(), eval_.qd.data(), base, v0.data());
  EnergyTerms terms;
  terms.kinetic = spacecraft::kinetic_energy(active_body_, eval_.active) + spacecraft::kinetic_energy(passive_body_, eval_.passive) +
                  e.kinetic;
  terms.potential = e.potential;
  const int w = work_offset();
  terms.contact_work = y[w];
  terms.damper_work = y[w + 1];
  terms.drive_work = y[w + 2];
  terms.hysteresis_work = y[w + 3];
  terms.stop_work = y[w + 4];
  terms.modal = (active_modes_.count() ? active_modes_.energy(active_modal_) : 0.0) +
                (passive_modes_.count() ? passive_modes_.energy(passive_modal_) : 0.0);
  return terms;
}

int DockingSystem::element_of(const contact::ContactRecord& c) const {
  if (c.task >= 0) return c.task;
  const std::string name = c.element;
  int k = static_cast<int>(geometry_.tasks.size());
  for (const contact::CentralLatch& l : geometry_.central_latches) {
    if (l.name == name) return k;
    ++k;
  }
  for (const contact::PeripheralLatch& l : geometry_.peripheral_latches) {
    if (l.name == name) return k;
    ++k;
  }
  throw std::logic_error("contact record of an unknown element " + name);
}

std::pair<Vec3, Mat3> DockingSystem::link_pose(int j) const {
  const contact::LinkState& link = eval_.units.links[static_cast<std::size_t>(j)];
  return {link.position, link.rotation.transpose()};
}

}  // namespace dyngen::simulation
