// A run's history grouped into sections and charts: known groups where an engineer looks for
// them, one unit per y axis, unknown groups still plotted, the PNG figures' panels.
#include <gtest/gtest.h>

#include "report/history.hpp"
#include "report/run_charts.hpp"

namespace dyngen::report {
namespace {

const History kHistory = parse_history_csv(
    "time [s],relative.x [m],relative.yaw [rad],closing_velocity [m/s],"
    "contact.head-cone.normal [N],contact.head-cone.friction [N],contact.head-cone.penetration [m],"
    "contact.pad-edge.normal [N],contact.pad-edge.friction [N],"
    "q.probe [m],q.gimbal [rad],stroke.axial [m],latch.l1 [-],"
    "energy.kinetic [J],energy.dissipated [J],energy.balance_error [J],"
    "base_wrench.fx [N],base_wrench.mx [N m],thermal.damper [K],thermal.oil [K],misc [-]\n"
    "0,-0.5,0.01,0.25,0,0,0,0,0,0,0,0,0,60,0,0,0,0,290,291,1\n"
    "0.1,-0.47,0.01,0.24,300,45,0.001,0,0,0.01,0.02,0.01,1,55,5,1e-6,-300,-30,291,291,2\n",
    "h");

const ChartSection* section(const std::vector<ChartSection>& sections, const std::string& id) {
  for (const ChartSection& s : sections)
    if (s.id == id) return &s;
  return nullptr;
}

std::vector<std::string> titles(const ChartSection& section) {
  std::vector<std::string> result;
  for (const Chart& chart : section.charts) result.push_back(chart.title);
  return result;
}

std::vector<std::string> labels(const Chart& chart) {
  std::vector<std::string> result;
  for (const Series& series : chart.series) result.push_back(series.label);
  return result;
}

TEST(RunCharts, SectionsInTheOrderAnEngineerReads) {
  std::vector<std::string> ids;
  for (const ChartSection& s : history_sections(kHistory)) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"contact_forces", "mechanism", "relative_motion", "energy", "base_wrench",
                                           "other_signals"}));
}

TEST(RunCharts, ContactForcesOverviewThenEachPairThatTouched) {
  const auto sections = history_sections(kHistory);
  const ChartSection& contact = *section(sections, "contact_forces");
  EXPECT_EQ(titles(contact), (std::vector<std::string>{"Normal force of each pair", "Friction force of each pair",
                                                       "head-cone", "head-cone [m]"}));
  EXPECT_EQ(labels(contact.charts[0]), (std::vector<std::string>{"head-cone"}));
  EXPECT_EQ(contact.charts[0].y_label, "normal force [N]");
  EXPECT_EQ(labels(contact.charts[2]), (std::vector<std::string>{"normal", "friction"}));
  EXPECT_EQ(contact.charts[3].y_label, "displacement [m]");
  EXPECT_EQ(contact.notes, (std::vector<std::string>{"Never in contact (all values zero): pad-edge."}));
  EXPECT_EQ(contact.figure_panels, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(contact.charts[0].x, kHistory.time());
  EXPECT_EQ(contact.charts[0].x_label, "time [s]");
}

TEST(RunCharts, OneUnitPerAxis) {
  const auto sections = history_sections(kHistory);
  const ChartSection& mechanism = *section(sections, "mechanism");
  EXPECT_EQ(titles(mechanism), (std::vector<std::string>{"Damper strokes [m]", "Mechanism coordinates [m]",
                                                         "Mechanism coordinates [rad]", "Latches (1 = triggered)"}));
  EXPECT_TRUE(mechanism.charts[3].steps);
  EXPECT_EQ(mechanism.figure_panels, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(titles(*section(sections, "relative_motion")),
            (std::vector<std::string>{"Relative position [m]", "Relative attitude [rad]", "Closing velocity [m/s]"}));
  EXPECT_EQ(labels(section(sections, "relative_motion")->charts[2]), (std::vector<std::string>{"closing_velocity"}));
  EXPECT_EQ(titles(*section(sections, "energy")),
            (std::vector<std::string>{"Energy terms [J]", "Energy balance error [J]"}));
  EXPECT_EQ(titles(*section(sections, "base_wrench")),
            (std::vector<std::string>{"Base force [N]", "Base moment [N m]"}));
}

TEST(RunCharts, UnknownGroupsArePlottedToo) {
  const auto sections = history_sections(kHistory);
  const ChartSection& other = *section(sections, "other_signals");
  EXPECT_EQ(titles(other), (std::vector<std::string>{"thermal [K]", "misc [-]"}));
  EXPECT_EQ(labels(other.charts[0]), (std::vector<std::string>{"damper", "oil"}));
  EXPECT_TRUE(other.figure_panels.empty());
}

TEST(RunCharts, AManipulatorsPoseErrorJointAnglesRatesAndTorques) {
  const History berthing = parse_history_csv(
      "time [s],pose_error.x [m],pose_error.y [m],pose_error.roll [rad],closing_velocity [m/s],"
      "joint_angle.shoulder [rad],joint_angle.elbow [rad],joint_rate.shoulder [rad/s],joint_torque.shoulder [N m],"
      "contact.ring-petal.normal [N]\n"
      "0,-1.5,0.25,0.03,0,0.3,2.1,0,0,0\n"
      "0.1,-1.49,0.24,0.03,0.01,0.31,2.09,0.01,50,0\n",
      "h");
  const auto sections = history_sections(berthing);
  std::vector<std::string> ids;
  for (const ChartSection& s : sections) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"contact_forces", "manipulator", "relative_motion"}));
  const ChartSection& manipulator = *section(sections, "manipulator");
  EXPECT_EQ(titles(manipulator), (std::vector<std::string>{"Payload pose error [m]", "Payload pose error [rad]",
                                                           "Joint angles [rad]", "Joint rates [rad/s]",
                                                           "Joint torques [N m]"}));
  EXPECT_EQ(labels(manipulator.charts[0]), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(labels(manipulator.charts[2]), (std::vector<std::string>{"shoulder", "elbow"}));
  EXPECT_EQ(manipulator.charts[4].y_label, "moment [N m]");
  EXPECT_EQ(manipulator.figure_panels, (std::vector<std::size_t>{0, 1, 2, 4}));
}

TEST(RunCharts, AbsentGroupsGiveNoSection) {
  const History time_only = parse_history_csv("time [s],energy.kinetic [J]\n0,1\n", "h");
  const auto sections = history_sections(time_only);
  ASSERT_EQ(sections.size(), 1u);
  EXPECT_EQ(sections[0].id, "energy");
}

}  // namespace
}  // namespace dyngen::report
