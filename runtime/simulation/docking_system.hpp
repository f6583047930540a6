// The equations of a docking: two spacecraft (spacecraft module), the docking mechanism on the
// active one's port driven through the mechanism interface with the port's transport motion, and
// the contact of the two docking units (contact module) between the mechanism's buffer links and
// the passive unit PU on the passive spacecraft's port (contact preprint sec. 1; thesis ch. IV-VI).
//
// State y (integrated):
//   [0, 13)        active spacecraft: r_C, v_C (inertial), attitude (scalar first), omega (body)
//   [13, 26)       passive spacecraft, the same
//   q_i, qd_i      the mechanism's independent coordinates and rates (the dependent ones are closed
//                  from them at every evaluation, the last closed values as the guess)
//   5 works        of the contact forces on the system, of the mechanism's dampers, of the drives,
//                  of the transmissions' hysteresis, of the end stops (J): the terms of the energy balance
// Held between steps (changed only by accept()): the contact module's latches and sensors, the
// hysteresis state machines, the drives' phases, the port modes (exact step under the port wrench
// held over the step, thesis 4.3).
//
// Coupling: the mechanism's base wrench depends on the port's acceleration, which depends on the
// base wrench. Every evaluation iterates mechanism and active spacecraft from the last evaluation's
// accelerations (those at the step's start after a rejected trial stage) until the port's acceleration changes by less than coupling_tolerance relative
// (the mechanism being two orders lighter, each iteration gains about that factor), so the
// coupled equations are solved, not lagged, and the energy balance closes.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "contact/contact_set.hpp"
#include "hysteresis/piecewise_linear.hpp"
#include "hysteresis/variable_parameter.hpp"
#include "integrators/ode.hpp"
#include "mechanism/mechanism.hpp"
#include "simulation/coupling_iteration.hpp"
#include "simulation/scenario.hpp"
#include "spacecraft/elastic_modes.hpp"
#include "spacecraft/port.hpp"

namespace dyngen::simulation {

// A failure of the docking model itself (a loop that no longer closes, a coordinate beyond its
// limits, the coupling not converging): the run stops with it, naming the time.
class SimulationError : public std::runtime_error {
 public:
  SimulationError(std::string cause, double time, const std::string& detail);
  const std::string& cause() const { return cause_; }
  double time() const { return time_; }

 private:
  std::string cause_;
  double time_;
};

// Everything one evaluation found, for recording.
struct Evaluation {
  double time = 0.0;
  spacecraft::RigidBodyState active, passive;
  spacecraft::PortMotion active_port, passive_port;  // the mechanism base (AU) and PU
  std::vector<double> q, qd, qdd, tau;               // every coordinate
  std::array<double, 9> base{};                      // the base's transport motion w0, e0, a0 (port axes)
  std::vector<double> wrench;                        // the mechanism's external wrenches, 6 per wrench body
  spacecraft::Wrench base_wrench;                    // on the active spacecraft at its port, port axes
  spacecraft::Wrench passive_wrench;                 // contact on the passive unit, PU axes
  contact::UnitState units;                          // link states in PU
  double contact_power = 0.0, damper_power = 0.0, drive_power = 0.0, hysteresis_power = 0.0, stop_power = 0.0;  // W
  int coupling_iterations = 0;
};

struct EnergyTerms {
  double kinetic = 0.0;    // both spacecraft and the mechanism (absolute)
  double potential = 0.0;  // the mechanism's springs
  double contact_work = 0.0, damper_work = 0.0, drive_work = 0.0, hysteresis_work = 0.0, stop_work = 0.0;  // done on the system
  double modal = 0.0;      // energy of the port modes (not in the balance: their zero-order hold is not exact)
};

class DockingSystem {
 public:
  DockingSystem(const Scenario& scenario, std::unique_ptr<mechanism::Mechanism> mechanism, contact::UnitGeometry geometry);

  Eigen::Index size() const { return size_; }
  // The state at first contact from the scenario's initial conditions (initial_conditions.hpp).
  Eigen::VectorXd initial_state();

  // y' = f(t, y); fills last() with what it found. Throws SimulationError, contact::ContactError.
  void rate(double t, const integrators::ConstVectorRef& y, integrators::VectorRef dydt);
  // Evaluates at (t, y) afresh.
  const Evaluation& evaluate(double t, const integrators::ConstVectorRef& y);
  // The evaluation at (t, y): the last one when it was there (for recording).
  const Evaluation& evaluation_at(double t, const integrators::ConstVectorRef& y);
  const Evaluation& last() const { return eval_; }
  // Right-hand side evaluations since initial_state(), and the coupling iterations they took.
  long evaluations() const { return evaluations_; }
  // Evaluations of the kinematics and contacts (each evaluation's, and accept()'s where it made its own).
  long kinematics_evaluations() const { return kinematics_evaluations_; }
  long coupling_iterations() const { return coupling_iterations_; }
  // The largest base wrench force and moment on the active spacecraft at the accepted states (N, N m).
  double peak_base_force() const { return peak_base_force_; }
  double peak_base_moment() const { return peak_base_moment_; }

  // After an accepted step of length h ending at (t, y): renormalises the attitudes in y once they
  // drift, evaluates the kinematics and the contacts there unless the last evaluation was there
  // (the dynamics only for port modes; the next evaluation at (t, y) adds them), commits the
  // closure, the hysteresis state machines, the latches (update_latches), the drives' phases and the
  // port modes. Returns the events that happened (name, detail) for the run's log.
  std::vector<std::pair<std::string, std::string>> accept(double t, integrators::VectorRef y, double h);
  // The last accept() left y and f at (t, y) as they were: a method whose last stage is f at its
  // step's end (Dormand-Prince) may take that as the next step's first stage.
  bool rate_kept() const { return rate_kept_; }

  EnergyTerms energy(const integrators::ConstVectorRef& y);
  // The mechanism's own energy and momentum (mechanism::Mechanism::energy) at a configuration.
  mechanism::Energy mechanism_energy(const double* q, const double* qd, const double* base, const double* v0) {
    return mech_->energy(q, qd, base, v0);
  }

  const mechanism::MechanismInfo& mechanism() const { return mech_->info(); }
  const contact::UnitGeometry& geometry() const { return geometry_; }
  const contact::ContactData& contacts() const { return contact_; }
  const Scenario& scenario() const { return scenario_; }
  int independent_offset() const { return 26; }
  int work_offset() const { return 26 + 2 * ni_; }
  bool captured() const { return contact_.captured; }
  std::optional<double> capture_time() const { return capture_time_; }
  std::optional<double> retraction_end_time() const { return retraction_end_; }
  // The earliest time a driving drive's reference reaches its end position and stops there (its
  // rate jumps to zero: a run steps onto it, so no step straddles the jump), or infinity.
  double next_drive_end() const;
  // Index of the link carried by each wrench body slot (-1: none), and the carriers by link.
  struct Carrier {
    int slot = -1;  // wrench body slot of the mechanism
    Vec3 position = Vec3::Zero();
    Mat3 rotation = Mat3::Identity();  // p_body = position + rotation p_link
    int same_as = -1;                   // an earlier link carried by the same body at the same pose
  };
  const std::vector<Carrier>& carriers() const { return carriers_; }
  // The contact elements ("active-passive" primitive names: the pair table, then the latches' back
  // faces) and the element of a contact record.
  const std::vector<std::string>& contact_elements() const { return elements_; }
  int element_of(const contact::ContactRecord& c) const;
  // Pose of link j in PU: x_PU = position + rotation x_link.
  std::pair<Vec3, Mat3> link_pose(int j) const;

 private:
  struct DriveState {
    int coordinate = -1;
    enum class Phase { waiting, driving, holding } phase = Phase::waiting;
    double start_position = 0.0, start_time = 0.0, end_time = 0.0;
  };
  using HysteresisElement = std::variant<hysteresis::PiecewiseLinearHysteresis, hysteresis::VariableHysteresis>;

  void unpack(double t, const integrators::ConstVectorRef& y);
  void evaluate_kinematics_and_contacts(double t, const integrators::ConstVectorRef& y);
  void close_mechanism(double t);
  void link_states(double t);
  void actuation(double t);
  void coupled_dynamics(double t);
  void fill_rate(integrators::VectorRef dydt) const;
  // eval_ holds (t, y)'s kinematics and contacts, and its dynamics unless kinematics_ready_.
  bool evaluated_at(double t, const integrators::ConstVectorRef& y) const;
  // Makes eval_ f at (t, y), completing or reusing what it holds there.
  void complete_at(double t, const integrators::ConstVectorRef& y);
  void note_peaks();
  // the ports' deflections from the modal states and the modal forces held over the step
  void update_deflections();

  Scenario scenario_;
  std::unique_ptr<mechanism::Mechanism> mech_;
  contact::UnitGeometry geometry_;
  contact::ContactData contact_;
  spacecraft::RigidBody active_body_, passive_body_;
  spacecraft::Port active_port_, passive_port_;
  spacecraft::ElasticModes active_modes_, passive_modes_;
  spacecraft::PortFrame active_frame_, passive_frame_;  // of the state link_states() last took
  spacecraft::ModalState active_modal_, passive_modal_;
  Eigen::VectorXd active_modal_force_, passive_modal_force_;  // held over the step
  spacecraft::PortDeflection active_deflection_, passive_deflection_;  // of the modes as accept() left them

  int n_ = 0, ni_ = 0, wrench_slots_ = 0;
  // the port's distance from the active spacecraft's CoM, at least 1 m: the length that weighs the
  // angular acceleration in the coupling's convergence test
  double coupling_arm_ = 1.0;
  Eigen::Index size_ = 0;
  std::vector<Carrier> carriers_;  // per contact link
  std::vector<int> transmission_coordinate_;
  std::vector<HysteresisElement> hysteresis_;
  std::vector<DriveState> drives_;
  std::vector<int> stop_coordinate_;
  std::vector<int> limited_;  // independent coordinates held within their limits by none of the end stops
  std::vector<double> closed_q_;  // the last accepted closed configuration: the closure's guess
  // coupling guesses: the last two evaluations' accelerations (at distinct times) and the step start's
  spacecraft::RigidBodyRate active_rate_guess_, previous_rate_guess_, accepted_rate_;
  double guess_time_ = 0.0, previous_guess_time_ = -1.0;
  CouplingIteration coupling_;

  Evaluation eval_;
  spacecraft::RigidBodyRate active_rate_, passive_rate_;
  std::optional<double> capture_time_, retraction_end_;
  double peak_base_force_ = 0.0, peak_base_moment_ = 0.0;
  long evaluations_ = 0, coupling_iterations_ = 0, kinematics_evaluations_ = 0;
  double accepted_time_ = 0.0;
  Eigen::VectorXd accepted_state_;  // after accept(): the state each step starts from
  bool evaluated_ = false;           // eval_ is f at (eval_.time, evaluated_state_) with the state machines as they are
  bool kinematics_ready_ = false;    // eval_'s kinematics and contacts are there, its dynamics are not
  Eigen::VectorXd evaluated_state_;
  bool rate_kept_ = false;
  std::vector<std::string> elements_;
  // the elements' distinct names in order, each element's place among them (events name elements
  // in that order), and the places in contact after the last accepted step and now
  std::vector<std::string> element_names_;
  std::vector<int> element_rank_;
  std::vector<int> touching_, touching_now_;
  bool first_contact_ = false;
  std::vector<bool> latched_;
  // the latches' states before accept()'s update_latches (members: their storage is reused)
  std::vector<contact::CentralLatchState> central_before_;
  std::vector<contact::PeripheralLatchState> peripheral_before_;
};

}  // namespace dyngen::simulation
