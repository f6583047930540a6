// A docking run: the docking system integrated from first contact (RK4 by default, or
// Adams-Bashforth-Moulton or CVODE) with the state machines advanced after every accepted step,
// until the scenario's stop conditions; events, time histories, the dynamic diagram and a summary
// recorded as it goes (run_writer.hpp). A run that leaves the model's validity range (penetration
// above its limit, a pair test outside its valid range, a loop that no longer closes, a coordinate
// beyond its limits, a non-finite state) stops with a diagnostic naming the time and the cause;
// what was recorded until then is kept.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "simulation/docking_system.hpp"

namespace dyngen::simulation {

struct RunSettings {
  std::optional<std::filesystem::path> out;     // the run directory; none: nothing is written (campaigns)
  std::ostream* progress = nullptr;             // a terminal: a progress line once the run takes over a second
  const std::atomic<bool>* interrupt = nullptr;  // set (by SIGINT): stop cleanly at the next step
};

struct RunOutcome {
  // captured, not captured, completed (no capture rule reached and no contact), interrupted, or
  // "stopped: <cause>" (penetration limit, outside valid range, latch travel limit, closure failure,
  // coordinate beyond its limits, singular loop, coupling not converged, non-finite state)
  std::string status;
  bool stopped = false;  // by a diagnostic
  std::string message;   // the diagnostic, or why there was no capture
  bool captured = false;
  std::optional<double> capture_time, first_contact_time, retraction_end_time;
  double end_time = 0.0;
  long steps = 0;
  long rejected_steps = 0;  // by the error control (rk45)
  double wall_time = 0.0;  // s
  double peak_active_force = 0.0, peak_active_moment = 0.0;    // base wrench on the active spacecraft, N, N m
  double peak_passive_force = 0.0, peak_passive_moment = 0.0;  // contact wrench on the passive unit (PU origin)
  double max_penetration = 0.0;
  std::string max_penetration_pair;
  double initial_kinetic_energy = 0.0;
  double initial_energy = 0.0;               // kinetic + potential (springs) at t = 0
  double energy_balance_error_joules = 0.0;  // max over the record times of |E(t) - E(0) - W(t)|
  double energy_balance_error = 0.0;         // the same over the initial energy
  std::vector<std::string> contact_sequence;  // passive primitives in the order they were first touched
  std::vector<std::pair<std::string, double>> latch_times;  // latch, trigger time

  // summary.json: the keys above with their units.
  nlohmann::ordered_json summary(const DockingSystem& system) const;
};

RunOutcome run_docking(DockingSystem& system, const RunSettings& settings);

}  // namespace dyngen::simulation
