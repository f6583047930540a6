// A run of the elastic manipulator as the project's run directory:
//   history.csv   "time [s]" then "group.item [unit]" columns, values printed with %.9g
//   events.csv    "time,event,detail": start, the links coming into line, end (or failure)
//   summary.json  status, steps, wall time (and, as every run directory, captured = false,
//                 capture_time = null), method, peaks, energy balance, the times the links come into
//                 line, the cross-check's largest differences, and the units of these keys
// (the contract of tools/report/README.md, "Run directory").
// Columns (k = 1..N; dimensionless quantities in the units of manipulator.hpp, unit "-"):
//   torque.joint<k> [-]          M-bar_k
//   angle.link<k> [rad]          theta_k, link k from the vertical (the seed's phi_k)
//   angle.joint<k> [rad]         psi_k, the hinge angle (joint 1: = angle.link1)
//   angle.difference [rad]       phi_1 - phi_2 (two or more links; the seed's fig. 1 c)
//   tip_deflection.link<k> [-]   w_k(1), the seed's W-bar_k = w_k(l) / l
//   energy.kinetic [-], energy.elastic [-], energy.gradient [-]   (manipulator_state.hpp; E J / l)
//   energy.balance_error [-]     kinetic + elastic + gradient - gradient(0) - work.torques
//   work.torques [-]             int sum_k M-bar_k psi_k' dtau, trapezoidal over the method's steps
// Files are written to a temporary name and renamed, so a directory never holds a half-written file.
#pragma once

#include "elastic/manipulator.hpp"
#include "elastic/manipulator_state.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dyngen::elastic {

struct RunEvent {
  double time;  // s
  std::string event, detail;
};

class RunHistory {
 public:
  RunHistory(Manipulator manipulator, std::string method, std::string settings);

  // Every step: adds the torques' work since the previous observation; keep_row appends a history row.
  void observe(const ManipulatorState& state, bool keep_row);
  void add_event(double time, std::string event, std::string detail);

  const std::string& method() const { return method_; }
  const std::string& settings() const { return settings_; }
  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<std::vector<double>>& rows() const { return rows_; }
  const std::vector<RunEvent>& events() const { return events_; }
  // the values of the named column ("angle.link1 [rad]"), std::invalid_argument if there is none
  std::vector<double> column(const std::string& name) const;

  std::string status = "running";  // "completed", or "failed: <reason>"
  long steps = 0;
  double wall_time = 0.0;  // s

 private:
  double torque_power(const ManipulatorState& state) const;

  Manipulator manipulator_;
  std::string method_, settings_;
  std::vector<std::string> columns_;
  std::vector<std::vector<double>> rows_;
  std::vector<RunEvent> events_;
  std::optional<ManipulatorState> last_state_;
  double work_ = 0.0;
  std::optional<double> initial_gradient_potential_;  // V at the first row
};

// Largest |a - b| per column of a over the times both histories hold (matched to 1e-9 s).
struct ColumnDifference {
  std::string column;
  double max_difference;
};
std::vector<ColumnDifference> max_differences(const RunHistory& a, const RunHistory& b);

// Writes history.csv, events.csv and summary.json into `directory` (created if missing); the summary
// carries the differences from `cross_check` when given. std::runtime_error when a file cannot be written.
void write_run_directory(const std::filesystem::path& directory, const RunHistory& history,
                         const RunHistory* cross_check = nullptr);

}  // namespace dyngen::elastic
