// What a run of the elastic manipulator records: the history columns, the torques' work integrated
// over the method's steps, the energy balance, the times the links come into line, and the peaks for
// the summary. Fed every step of the method in time order; the files are run_directory.hpp's.
//
// Columns (k = 1..N; dimensionless quantities in the units of manipulator.hpp, unit "-"):
//   time [s]
//   torque.joint<k> [-]            M-bar_k = l M_k^e / (E J)
//   angle.link<k> [rad]            theta_k, link k from the vertical (the seed's phi_k)
//   angle.difference<k> [rad]      theta_k - theta_k+1, k < N (the seed's fig. 1 c: phi_1 - phi_2)
//   hinge_angle.joint<k> [rad]     psi_k, link k against the tip section of link k-1 (or the platform)
//   angular_rate.link<k> [rad/s]   theta_k'
//   tip_deflection.link<k> [-]     w_k(1), the seed's W-bar_k = w_k(l) / l
//   energy.kinetic [-], energy.elastic [-]   (manipulator_state.hpp; in E J / l)
//   energy.potential [-]           the gradient load's potential from its value at t = 0
//   energy.torque_work [-]         W = int sum_k M-bar_k psi_k' dtau, trapezoidal over the method's steps
//   energy.balance_error [-]       kinetic + elastic + potential - torque_work: zero for the seed's
//                                  equations only up to their neglects (README "Energy balance")
// Links k and k+1 come into line when theta_k - theta_k+1 crosses a multiple of 2 pi (linear in time
// between steps); the same multiple again only after the difference has moved 0.01 rad away from it,
// so the start in line and round-off about it make no events.
#pragma once

#include "elastic/manipulator.hpp"
#include "elastic/manipulator_state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace dyngen::elastic {

struct RunEvent {
  double time;  // s
  std::string event, detail;
};

class RunRecorder {
 public:
  explicit RunRecorder(Manipulator manipulator);

  const std::vector<std::string>& columns() const { return columns_; }
  // Every step, from the initial state on: integrates the work, finds the links coming into line.
  // Returns the events found since the previous state.
  std::vector<RunEvent> advance(const ManipulatorState& state);
  // The history row of the latest state passed to advance (its peaks kept).
  std::vector<double> row();

  // largest |value| of a column over the rows so far ("angle.link1 [rad]"); std::invalid_argument if none
  double peak(const std::string& column) const;
  // the times links k, k+1 came into line, per k = 1..N-1
  const std::vector<std::vector<double>>& alignments() const { return alignments_; }

 private:
  double torque_power(const ManipulatorState& state) const;

  Manipulator manipulator_;
  std::vector<std::string> columns_;
  std::vector<double> peaks_;
  std::optional<ManipulatorState> last_;
  double work_ = 0.0;
  double initial_potential_ = 0.0;
  // per pair: the multiple of 2 pi last crossed, and whether the difference has left it since
  std::vector<double> aligned_turn_;
  std::vector<bool> departed_;
  std::vector<std::vector<double>> alignments_;
};

}  // namespace dyngen::elastic
