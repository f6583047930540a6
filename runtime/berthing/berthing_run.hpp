// A berthing run (thesis ch. VIII, "Simulation of spacecraft berthing"): the arm brings the payload
// to the port by its joint path or by the operator's rate commands (approach), the guides of the
// berthing mechanism meet (contact) and its latches capture (captured: the servos go limp, or keep
// their reference, as the scenario says), then the run goes on for the scenario's time after
// capture. One fixed RK4 step of the berthing system per frame, the joint reference updated at
// every step's start; with `real_time` every frame is paced to the wall clock (real_time_pacer.hpp)
// and the operator's input never waits.
//
// Recorded as it goes into the run directory (tools/report/README.md): history.csv
// (berthing_history.hpp) and events.csv line by line, summary.json and diagram.json at the end. A
// run that leaves the valid range stops with a diagnostic naming the time and the cause and keeps
// what it recorded: a penetration above its limit or a pair test outside its range (contact), a
// joint beyond its limits, the coupling not converging, a non-finite state, a bad operator line on
// standard input.
#pragma once

#include <atomic>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "berthing/berthing_history.hpp"
#include "berthing/berthing_scenario.hpp"
#include "berthing/berthing_system.hpp"

namespace dyngen::berthing {

struct BerthingRunSettings {
  std::optional<std::filesystem::path> out;      // the run directory; none: nothing is written
  std::ostream* progress = nullptr;              // a terminal: a progress line once the run takes over a second
  const std::atomic<bool>* interrupt = nullptr;  // set (by SIGINT): stop cleanly after the step
  bool real_time = false;                        // pace every frame to the wall clock
  int operator_input = 0;                        // the descriptor `commands: stdin` reads (standard input)
};

struct BerthingOutcome {
  // captured, not captured (contact without capture), completed (no contact), interrupted, or
  // "stopped: <cause>" (penetration limit, outside valid range, latch travel limit, non-finite
  // state, joint limit, coupling not converged, operator input)
  std::string status;
  bool stopped = false;  // by a diagnostic
  std::string message;   // the diagnostic, or why there was no capture
  bool captured = false;
  std::optional<double> capture_time, first_contact_time;
  std::optional<PoseError> pose_error_at_capture;
  PoseError pose_error_at_end;
  std::vector<std::string> contact_sequence;                      // port primitives in the order first touched
  std::vector<std::pair<std::string, double>> latch_times, sensor_times;  // name, time
  double end_time = 0.0;
  long steps = 0;
  double wall_time = 0.0;  // s
  double max_penetration = 0.0;  // of one contact point at a step's end, m
  std::string max_penetration_pair;
  double peak_normal_force = 0.0;  // of one contact point at a step's end, N
  std::string peak_normal_force_pair;
  double peak_kinetic_energy = 0.0;
  double energy_balance_error_joules = 0.0;  // max over the record times of |E(t) - E(0) - W(t)|
  double energy_balance_error = 0.0;         // the same over the peak kinetic energy
  double momentum_drift = 0.0, angular_momentum_drift = 0.0;  // max |p(t) - p(0)|, |H(t) - H(0)| (no external load)
  double least_manipulability = 0.0, peak_damping = 0.0;     // operator mode
  long commands_applied = 0;                                 // operator mode
  // real time
  long frames = 0, overruns = 0;
  double max_lateness = 0.0, load = 0.0;  // s; busy share of the wall time

  nlohmann::ordered_json summary(const BerthingScenario& scenario, const BerthingSystem& system, bool real_time) const;
};

// Sets up the arm (initial configuration, joint path or operator control: every scenario error,
// simulation::ScenarioError, is thrown before anything is written) and runs the scenario.
BerthingOutcome run_berthing(const BerthingScenario& scenario, BerthingSystem& system, const BerthingRunSettings& settings);

}  // namespace dyngen::berthing
