// Berthing runs end to end, their run directories read back by the report's own reader (the
// contract of `dyngen report`): the nominal joint-path scenario and the operator scenario berth
// (guides first, then the ready-to-latch indicators, latches, capture; the payload within a few
// millimetres and a fraction of a degree of the port at capture; momentum and energy kept); a run
// leaving the valid range stops with its diagnostic (the penetration limit; a joint beyond its
// limits), keeps what it recorded and says so; an interrupt stops it cleanly; a run paced to the
// wall clock takes its simulated time and reports its frames; a payload pose the arm cannot reach
// is refused before anything is written.
#include "berthing/berthing_run.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>

#include <unistd.h>

#include "report/run_directory.hpp"
#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

using testing::make_system;
using testing::scenario;

std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("berthing_run_test_" + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(dir);
  return dir;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const report::HistoryColumn& column(const report::Run& run, const std::string& header) {
  for (const report::HistoryColumn& c : run.history.columns)
    if (c.header == header) return c;
  throw std::runtime_error("no column " + header);
}

double first(const report::Run& run, const std::string& event) {
  for (const report::Event& e : run.events->events)
    if (e.name == event) return e.time;
  return HUGE_VAL;
}

TEST(BerthingRun, TheNominalJointPathBerthsThePayload) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto system = make_system(s);
  BerthingRunSettings settings;
  settings.out = scratch("nominal");
  const BerthingOutcome out = run_berthing(s, *system, settings);
  ASSERT_EQ(out.status, "captured") << out.message;
  ASSERT_TRUE(out.capture_time && out.pose_error_at_capture);
  EXPECT_GT(*out.capture_time, 150.0);
  EXPECT_LT(*out.capture_time, 180.0);
  // at capture the latches hold the payload within their 10 mm, aligned by the guides
  EXPECT_LT(out.pose_error_at_capture->lateral(), 5e-3);
  EXPECT_LT(std::abs(out.pose_error_at_capture->position.x()), 10e-3);
  EXPECT_LT(out.pose_error_at_capture->angle(), 0.5 * std::numbers::pi / 180.0);
  // the arm's positioning error (36 mm off the axis) was taken out by the guides
  EXPECT_GT(system->peak_contact_force(), 100.0);
  EXPECT_LT(system->peak_contact_force(), 5000.0);
  EXPECT_LT(out.max_penetration, 1e-3);
  EXPECT_LT(out.energy_balance_error, 1e-5);
  EXPECT_LT(out.momentum_drift, 1e-3);
  EXPECT_EQ(out.end_time, *out.capture_time + s.after_capture_time);

  const report::Run run = report::load_run(*settings.out);  // throws on any breach of the contract
  EXPECT_EQ(run.summary.status, "captured");
  EXPECT_EQ(*run.summary.capture_time, *out.capture_time);
  EXPECT_LT(first(run, "first_contact"), first(run, "sensor_on"));
  EXPECT_LT(first(run, "sensor_on"), first(run, "latch_triggered"));
  EXPECT_LE(first(run, "latch_triggered"), first(run, "capture"));
  EXPECT_EQ(first(run, "servos_limp"), first(run, "capture"));
  // the report's charts: joint angles and torques, the payload's pose error, contact forces
  const report::HistoryColumn& x = column(run, "pose_error.x [m]");
  EXPECT_NEAR(x.values.front(), -1.5, 1e-9);
  EXPECT_NEAR(column(run, "joint_angle.lower_boom [rad]").values.front(), s.initial_joint_angles.values[3], 0.2);
  double peak_torque = 0.0;
  for (double v : column(run, "joint_torque.upper_boom [N m]").values) peak_torque = std::max(peak_torque, std::abs(v));
  EXPECT_GT(peak_torque, 100.0);
  double peak_normal = 0.0;
  for (const report::HistoryColumn& c : run.history.columns)
    if (c.name.group == "contact" && c.name.item.ends_with(".normal"))
      for (double v : c.values) peak_normal = std::max(peak_normal, v);
  EXPECT_GT(peak_normal, 50.0);
  ASSERT_TRUE(run.diagram.has_value());
}

TEST(BerthingRun, TheOperatorsCommandsBerthThePayload) {
  const BerthingScenario s = scenario("berthing_operator.yaml");
  const auto system = make_system(s);
  const BerthingOutcome out = run_berthing(s, *system, {});
  ASSERT_EQ(out.status, "captured") << out.message;
  EXPECT_LT(out.pose_error_at_capture->lateral(), 5e-3);
  EXPECT_LT(out.pose_error_at_capture->angle(), 0.5 * std::numbers::pi / 180.0);
  EXPECT_EQ(out.commands_applied, 5);  // the last one (at 150 s) comes after the run's end
  EXPECT_GT(out.least_manipulability, 100.0);
  EXPECT_LT(out.energy_balance_error, 1e-5);
}

TEST(BerthingRun, APenetrationBeyondItsLimitStopsTheRunWhichKeepsItsRecord) {
  BerthingScenario s = scenario("berthing_nominal.yaml");
  // the same unit with a limit far below the penetrations of the berthing
  const auto dir = scratch("limit");
  std::filesystem::create_directories(dir);
  std::string geometry = read_text(s.geometry);
  geometry = std::regex_replace(geometry, std::regex("max_penetration: 0\\.005"), "max_penetration: 0.00001");
  s.geometry = (dir / "tight_ring.yaml").string();
  std::ofstream(s.geometry) << geometry;
  const auto system = make_system(s);
  BerthingRunSettings settings;
  settings.out = dir / "run";
  const BerthingOutcome out = run_berthing(s, *system, settings);
  EXPECT_TRUE(out.stopped);
  EXPECT_EQ(out.status, "stopped: penetration limit");
  EXPECT_NE(out.message.find("reduce the integration step"), std::string::npos) << out.message;
  EXPECT_GT(out.end_time, 140.0);
  const report::Run run = report::load_run(*settings.out);
  EXPECT_EQ(run.summary.status, "stopped: penetration limit");
  EXPECT_EQ(run.summary.message, out.message);
  EXPECT_GT(run.history.time().back(), out.end_time - 0.2);  // rows until the stop
  EXPECT_NEAR(first(run, "diagnostic"), out.end_time, 1e-3);  // %.9g in events.csv
}

TEST(BerthingRun, AJointBeyondItsLimitsStopsTheRun) {
  // the arm with its wrist roll limited to +-0.2 rad, the payload turned about it by the operator at 0.02 rad/s
  BerthingScenario s = scenario("berthing_operator.yaml");
  const auto dir = scratch("joint_limit");
  std::filesystem::create_directories(dir);
  std::string model = read_text(s.model);
  const std::string roll = "joint: {type: revolute, axis: z, frame: {xyz: [0, 0, offset]}, actuated: true, limits: [\"-limit\", \"limit\"]}";
  ASSERT_NE(model.find(roll), std::string::npos);
  model.replace(model.find(roll), roll.size(),
                "joint: {type: revolute, axis: z, frame: {xyz: [0, 0, offset]}, actuated: true, limits: [-0.2, 0.2]}");
  s.model = (dir / "station_arm.yaml").string();
  std::ofstream(s.model) << model;
  s.initial_payload.reset();
  s.initial_joint_angles.values.back() = 0.1;
  s.command_list = {{0.0, (Twist() << 0, 0, 0, 0, 0, 0.02).finished()}};  // about the roll axis, z of ring and PU
  s.duration = 20.0;
  const auto system = make_system(s, testing::numeric_arm(s.model));
  const BerthingOutcome out = run_berthing(s, *system, {});
  EXPECT_EQ(out.status, "stopped: joint limit");
  EXPECT_NE(out.message.find("joint 'wrist_roll' at 0.2"), std::string::npos) << out.message;
  EXPECT_GT(out.end_time, 2.0);
  EXPECT_LT(out.end_time, 15.0);
}

TEST(BerthingRun, AnInterruptStopsTheRunCleanly) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const auto system = make_system(s);
  std::atomic<bool> interrupt{true};
  BerthingRunSettings settings;
  settings.interrupt = &interrupt;
  const BerthingOutcome out = run_berthing(s, *system, settings);
  EXPECT_EQ(out.status, "interrupted");
  EXPECT_FALSE(out.stopped);
  EXPECT_EQ(out.steps, 0);
}

TEST(BerthingRun, ARealTimeRunTakesItsSimulatedTimeAndCountsItsFrames) {
  BerthingScenario s = scenario("berthing_nominal.yaml");
  s.duration = 0.3;
  const auto system = make_system(s);
  BerthingRunSettings settings;
  settings.real_time = true;
  settings.out = scratch("real_time");
  const auto start = std::chrono::steady_clock::now();
  const BerthingOutcome out = run_berthing(s, *system, settings);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(300));
  EXPECT_EQ(out.status, "completed");
  EXPECT_EQ(out.frames, 300);
  EXPECT_GE(out.overruns, 0);
  EXPECT_GT(out.load, 0.0);
  EXPECT_LT(out.load, 1.0);
  const nlohmann::json summary = nlohmann::json::parse(read_text(*settings.out / "summary.json"));
  EXPECT_EQ(summary["real_time"]["enabled"], true);
  EXPECT_EQ(summary["real_time"]["frames"], 300);
  EXPECT_EQ(summary["real_time"]["overruns"], out.overruns);
}

TEST(BerthingRun, APoseTheArmCannotReachIsRefusedBeforeAnythingIsWritten) {
  BerthingScenario s = scenario("berthing_nominal.yaml");
  s.waypoints[0].payload->pose.position = Vec3(-30.0, 0.0, 0.0);
  const auto system = make_system(s);
  BerthingRunSettings settings;
  settings.out = scratch("unreachable");
  try {
    run_berthing(s, *system, settings);
    ADD_FAILURE() << "the pose was accepted";
  } catch (const simulation::ScenarioError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(s.waypoints[0].payload->where + ": payload pose: the arm does not reach it", 0), 0u)
        << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(*settings.out));
}

}  // namespace
}  // namespace dyngen::berthing
