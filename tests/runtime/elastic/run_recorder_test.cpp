// The recorder on made-up states: its columns, the torques' work (trapezoidal, exact for a linear
// power), the energy balance of the row, and the links coming into line: a crossing of a multiple of
// 2 pi at its interpolated time, none for the start in line or round-off about it, and one event for
// a step that turns the links many times.
#include "elastic/run_recorder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace dyngen::elastic {
namespace {

constexpr double two_pi = 2.0 * std::numbers::pi;

Manipulator chain(int links, double torque) {
  Manipulator manipulator;
  manipulator.links = links;
  manipulator.tip_mass = 0.5;
  manipulator.time_scale = 0.01;
  manipulator.torque = [torque](int, double) { return torque; };
  return manipulator;
}

// links along the vertical but link 2 at `difference` below link 1, hinge 1 turning at `hinge_rate`
ManipulatorState state_at(double time, double difference, double hinge_rate) {
  ManipulatorState state;
  state.time = time;
  for (int n = 0; n < 2; ++n) {
    LinkState link;
    link.angle = n == 0 ? 0.0 : -difference;
    link.hinge_angle = link.angle;
    link.hinge_rate = n == 0 ? hinge_rate : 0.0;
    link.angular_rate = hinge_rate;
    for (Eigen::VectorXd* v : {&link.deflection, &link.slope, &link.curvature, &link.deflection_rate}) v->setZero(5);
    state.links.push_back(link);
  }
  return state;
}

TEST(RunRecorder, ColumnsOfAThreeLinkChain) {
  const RunRecorder recorder(chain(3, 0.0));
  const std::vector<std::string> expected = {
      "time [s]", "torque.joint1 [-]", "torque.joint2 [-]", "torque.joint3 [-]", "angle.link1 [rad]",
      "angle.link2 [rad]", "angle.link3 [rad]", "angle.difference1 [rad]", "angle.difference2 [rad]",
      "hinge_angle.joint1 [rad]", "hinge_angle.joint2 [rad]", "hinge_angle.joint3 [rad]",
      "angular_rate.link1 [rad/s]", "angular_rate.link2 [rad/s]", "angular_rate.link3 [rad/s]",
      "tip_deflection.link1 [-]", "tip_deflection.link2 [-]", "tip_deflection.link3 [-]", "energy.kinetic [-]",
      "energy.elastic [-]", "energy.potential [-]", "energy.torque_work [-]", "energy.balance_error [-]"};
  EXPECT_EQ(recorder.columns(), expected);
}

TEST(RunRecorder, WorkOfTheTorquesAndTheBalance) {
  // M = 2e-5 on every hinge, psi_1' rising linearly from 0 to 0.4 (per T) over 1 s = 100 T:
  // W = M int psi' dtau = 2e-5 * 0.2 * 100 = 4e-4
  RunRecorder recorder(chain(2, 2e-5));
  for (int i = 0; i <= 10; ++i) recorder.advance(state_at(0.1 * i, 0.0, 0.04 * i));
  const std::vector<double> row = recorder.row();
  const auto value = [&](const std::string& column) {
    const auto found = std::find(recorder.columns().begin(), recorder.columns().end(), column);
    return row[static_cast<std::size_t>(found - recorder.columns().begin())];
  };
  EXPECT_NEAR(value("energy.torque_work [-]"), 4e-4, 1e-16);
  EXPECT_NEAR(value("energy.balance_error [-]"),
              value("energy.kinetic [-]") + value("energy.elastic [-]") + value("energy.potential [-]") - 4e-4, 1e-18);
  EXPECT_NEAR(value("angular_rate.link1 [rad/s]"), 0.4 / 0.01, 1e-12);
  EXPECT_EQ(recorder.peak("energy.torque_work [-]"), value("energy.torque_work [-]"));
}

TEST(RunRecorder, LinksComingIntoLine) {
  RunRecorder recorder(chain(2, 0.0));
  std::vector<RunEvent> events;
  const auto advance = [&](double time, double difference) {
    for (const RunEvent& e : recorder.advance(state_at(time, difference, 0.0))) events.push_back(e);
  };
  // the start in line and round-off about it: no event
  advance(0.0, 0.0);
  advance(0.1, -1e-12);
  advance(0.2, 4e-3);
  advance(0.3, -3e-3);
  EXPECT_TRUE(events.empty());
  // leaving the line, then crossing -2 pi a quarter into the step
  advance(0.4, -2.0);
  advance(0.5, -6.0);
  advance(0.6, -6.0 - 4.0 * (two_pi - 6.0));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NEAR(events[0].time, 0.525, 1e-12);
  EXPECT_EQ(events[0].event, "links_aligned");
  EXPECT_EQ(events[0].detail, "links 1 and 2 in line: phi_1 - phi_2 = -6.28318531 rad");
  // back to the line, then round-off about it: one event for the return only
  advance(0.7, -two_pi + 2e-3);
  advance(0.8, -two_pi - 2e-3);
  advance(0.85, -two_pi + 1e-3);
  EXPECT_EQ(events.size(), 2u);
  // leaving it and crossing it again: one more
  advance(0.9, -two_pi - 0.5);
  advance(1.0, -two_pi + 0.5);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_NEAR(events[2].time, 0.95, 1e-12);
  // a step that turns the links 1000 rad: one event that says so
  advance(1.1, 1000.0);
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[3].detail, "links 1 and 2: 160 alignments within one step (not resolved by the step)");
  ASSERT_EQ(recorder.alignments().size(), 1u);
  EXPECT_EQ(recorder.alignments()[0].size(), 4u);
}

}  // namespace
}  // namespace dyngen::elastic
