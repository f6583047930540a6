// run_elastic_scenario: the run directories it writes are read back by the report's own reader
// (tools/report: the contract of `dyngen report`); the bundled scenario (the seed's example, 4.2 s,
// 1.5 s of computing) agrees with its finite-element cross-check, keeps the energy balance and shows
// the seed's landmark; a run that goes wrong stops with its diagnostic and keeps what it wrote.
#include "elastic/elastic_scenario.hpp"

#include "report/run_directory.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace dyngen::elastic {
namespace {

namespace fs = std::filesystem;

fs::path fresh_directory(const std::string& name) {
  const fs::path directory = fs::path(DYNGEN_BINARY_DIR) / "elastic_scenario_run_test" / name;
  fs::remove_all(directory);
  return directory;
}

nlohmann::json summary_of(const fs::path& directory) {
  std::ifstream in(directory / "summary.json");
  return nlohmann::json::parse(in);
}

const std::vector<double>& column(const report::Run& run, const std::string& header) {
  for (const report::HistoryColumn& c : run.history.columns) {
    if (c.header == header) return c.values;
  }
  throw std::invalid_argument("no column " + header);
}

ElasticScenario scenario_text(const std::string& text) { return read_elastic_scenario(YAML::Load(text), "test.yaml"); }

TEST(ElasticScenarioRun, ShortRunWritesDirectoriesTheReportAccepts) {
  const ElasticScenario scenario = scenario_text(R"(type: elastic_manipulator
simulation: {duration: 0.1}
cross_check: {enabled: true}
record: {interval: 5.0e-3}
)");
  const fs::path directory = fresh_directory("short");
  std::vector<double> progress;
  const ElasticRunOutcome outcome =
      run_elastic_scenario(scenario, directory, [&](double seconds) { progress.push_back(seconds); });
  EXPECT_TRUE(outcome.completed);
  EXPECT_EQ(outcome.status, "completed");
  EXPECT_EQ(outcome.cross_check_status, "completed");
  EXPECT_EQ(outcome.steps, 40);
  EXPECT_NEAR(outcome.end_time, 0.1, 1e-12);
  ASSERT_EQ(progress.size(), 40u);
  EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
  EXPECT_NEAR(progress.back(), 0.1, 1e-12);

  const std::vector<std::string> headers = {
      "time [s]", "torque.joint1 [-]", "torque.joint2 [-]", "angle.link1 [rad]", "angle.link2 [rad]",
      "angle.difference1 [rad]", "hinge_angle.joint1 [rad]", "hinge_angle.joint2 [rad]",
      "angular_rate.link1 [rad/s]", "angular_rate.link2 [rad/s]", "tip_deflection.link1 [-]",
      "tip_deflection.link2 [-]", "energy.kinetic [-]", "energy.elastic [-]", "energy.potential [-]",
      "energy.torque_work [-]", "energy.balance_error [-]"};
  for (const fs::path& run_directory : {directory, directory / "cross_check"}) {
    const report::Run run = report::load_run(run_directory);  // throws on any breach of the contract
    std::vector<std::string> read_headers;
    for (const report::HistoryColumn& c : run.history.columns) read_headers.push_back(c.header);
    EXPECT_EQ(read_headers, headers);
    ASSERT_EQ(run.history.rows(), 21u);  // 0, 5 ms, ..., 0.1 s
    EXPECT_NEAR(run.history.time()[4], 0.02, 1e-12);
    EXPECT_EQ(run.summary.status, "completed");
    EXPECT_FALSE(run.summary.captured);
    ASSERT_TRUE(run.events.has_value());
    EXPECT_EQ(run.events->events.front().name, "start");
    EXPECT_EQ(run.events->events.back().name, "end");
    EXPECT_NEAR(column(run, "torque.joint1 [-]")[20], 6.179e-5 * (1.0 - std::cos(0.6)), 1e-8 * 1.1e-5);  // 9 digits
  }

  const nlohmann::json summary = summary_of(directory);
  for (const char* key : {"status", "captured", "capture_time", "steps", "wall_time", "scenario", "method", "settings",
                          "time_scale", "end_time", "peak", "energy_balance", "cross_check", "units"}) {
    EXPECT_TRUE(summary.contains(key)) << key;
  }
  EXPECT_EQ(summary["method"], "transfer_matrix");
  EXPECT_EQ(summary["steps"], 40);
  EXPECT_EQ(summary["scenario"], "test.yaml");
  EXPECT_FALSE(summary.contains("message"));
  EXPECT_TRUE(summary["links_aligned"]["links1_2"].empty()) << "no alignment within 0.1 s";
  EXPECT_EQ(summary["cross_check"]["method"], "finite_element");
  EXPECT_EQ(summary["cross_check"]["directory"], "cross_check");
  EXPECT_EQ(summary["cross_check"]["rows_compared"], 21);
  EXPECT_TRUE(summary["cross_check"]["max_difference"].contains("tip_deflection.link2"));
  EXPECT_EQ(summary["units"]["cross_check.max_difference.angle.link1"], "rad");
  EXPECT_EQ(summary["units"]["peak.angular_rate.link2"], "rad/s");
  const nlohmann::json cross_summary = summary_of(directory / "cross_check");
  EXPECT_EQ(cross_summary["method"], "finite_element");
  EXPECT_EQ(cross_summary["steps"], 400);
  EXPECT_FALSE(cross_summary.contains("cross_check"));
}

TEST(ElasticScenarioRun, SeedsExampleAgreesWithItsCrossCheckAndComesBackIntoLine) {
  const std::string file = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/elastic_two_link.yaml";
  const fs::path directory = fresh_directory("seed_example");
  const ElasticRunOutcome outcome = run_elastic_scenario(read_elastic_scenario(YAML::LoadFile(file), file), directory);
  ASSERT_TRUE(outcome.completed) << outcome.status;
  ASSERT_EQ(outcome.cross_check_status, "completed");
  const nlohmann::json summary = summary_of(directory);

  // The two discretisations of the seed's equations (runtime/elastic/README.md, "Cross-check"):
  // measured 5.3e-6 and 2.0e-6 rad in the angles, 1.0e-7 and 9.8e-8 in the tip deflections (peaks
  // 7.1e-5, 4.9e-5: the second bending vibration, which Houbolt's step of 2.5 ms damps and Newmark's
  // of 0.25 ms keeps)
  const nlohmann::json& difference = summary["cross_check"]["max_difference"];
  EXPECT_LT(difference["angle.link1"].get<double>(), 1e-5);
  EXPECT_LT(difference["angle.link2"].get<double>(), 1e-5);
  EXPECT_LT(difference["angle.difference1"].get<double>(), 1e-5);
  EXPECT_LT(difference["tip_deflection.link1"].get<double>(), 2e-7);
  EXPECT_LT(difference["tip_deflection.link2"].get<double>(), 2e-7);
  EXPECT_LT(summary["cross_check"]["relative_difference"]["tip_deflection.link2"].get<double>(), 4e-3);

  // Energy balance: kinetic + elastic + potential - work of the torques; what is left is the seed's
  // neglect of the deflection's Coriolis acceleration and the axial force's work on the bending
  // (README "Energy balance"): measured 1.28e-4 of the work (method), 1.22e-4 (cross-check)
  EXPECT_NEAR(summary["energy_balance"]["max_torque_work"].get<double>(), 5.43e-4, 1e-6);
  EXPECT_LT(summary["energy_balance"]["relative_error"].get<double>(), 2e-4);
  EXPECT_LT(summary_of(directory / "cross_check")["energy_balance"]["relative_error"].get<double>(), 2e-4);

  // The seed's landmark (its figures 1 and 2): the links come back into line, phi_1 - phi_2 = -2 pi,
  // once, near t = 4.06 s (measured 4.045 s, in both methods), and the tip deflections, smooth
  // elsewhere, change fast around it: both change sign there, and dW/dt is largest there
  const std::vector<double> aligned = summary["links_aligned"]["links1_2"].get<std::vector<double>>();
  ASSERT_EQ(aligned.size(), 1u);
  EXPECT_NEAR(aligned[0], 4.05, 0.02);
  const std::vector<double> cross_aligned =
      summary_of(directory / "cross_check")["links_aligned"]["links1_2"].get<std::vector<double>>();
  ASSERT_EQ(cross_aligned.size(), 1u);
  EXPECT_NEAR(cross_aligned[0], aligned[0], 1e-4);
  const report::Run run = report::load_run(directory);
  const std::vector<double>& time = run.history.time();
  for (const char* tip : {"tip_deflection.link1 [-]", "tip_deflection.link2 [-]"}) {
    const std::vector<double>& w = column(run, tip);
    double fastest_before = 0.0, fastest_near = 0.0, fastest_time = 0.0, fastest = 0.0;
    bool sign_change_near = false;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const double rate = std::abs(w[i] - w[i - 1]) / (time[i] - time[i - 1]);
      if (rate > fastest) fastest = rate, fastest_time = time[i];
      if (time[i] < aligned[0] - 0.1) fastest_before = std::max(fastest_before, rate);
      if (std::abs(time[i] - aligned[0]) < 0.03) {
        fastest_near = std::max(fastest_near, rate);
        if (w[i] * w[i - 1] < 0.0) sign_change_near = true;
      }
    }
    EXPECT_TRUE(sign_change_near) << tip;
    EXPECT_NEAR(fastest_time, aligned[0], 0.03) << tip;
    EXPECT_GT(fastest_near, 5.0 * fastest_before) << tip;  // measured 8.5 and 12.4 times
  }
}

TEST(ElasticScenarioRun, RunThatGoesWrongStopsWithItsDiagnosticAndKeepsWhatItWrote) {
  // the seed's printed "rho l / E g = 3.049e-9" taken literally: the links spin up 1e4 times faster
  const ElasticScenario scenario = scenario_text(R"(type: elastic_manipulator
manipulator: {inertia_parameter: 3.049e-9}
simulation: {duration: 0.5}
cross_check: {enabled: true}
)");
  const fs::path directory = fresh_directory("diverging");
  const ElasticRunOutcome outcome = run_elastic_scenario(scenario, directory);
  EXPECT_FALSE(outcome.completed);
  EXPECT_EQ(outcome.status.rfind("failed: at t = 0.1", 0), 0u) << outcome.status;
  EXPECT_NE(outcome.status.find("the deflection of link"), std::string::npos) << outcome.status;
  EXPECT_EQ(outcome.cross_check_status.rfind("stopped: the run it checks failed", 0), 0u) << outcome.cross_check_status;

  const report::Run run = report::load_run(directory);
  EXPECT_EQ(run.summary.status, outcome.status);
  EXPECT_EQ(run.summary.message, outcome.status.substr(std::string("failed: ").size()));
  EXPECT_NEAR(run.history.time().back(), outcome.end_time - 2.5e-3, 1e-12);  // the last good state
  EXPECT_GT(run.history.rows(), 60u);
  EXPECT_EQ(run.events->events.back().name, "diagnostic");
  const report::Run cross = report::load_run(directory / "cross_check");
  EXPECT_EQ(cross.summary.status, outcome.cross_check_status);
  EXPECT_EQ(cross.events->events.back().name, "stop");
}

TEST(ElasticScenarioRun, FiniteElementsAsTheMethodAndTheSeedsAsTheCrossCheck) {
  const ElasticScenario scenario = scenario_text(R"(type: elastic_manipulator
simulation: {method: finite_element, duration: 0.5, step: 2.5e-4}
finite_element: {elements: 4}
cross_check: {enabled: true, step: 2.5e-3}
record: {interval: 2.5e-3}
)");
  const fs::path directory = fresh_directory("finite_element");
  const ElasticRunOutcome outcome = run_elastic_scenario(scenario, directory);
  ASSERT_TRUE(outcome.completed) << outcome.status;
  EXPECT_EQ(outcome.steps, 2000);
  const nlohmann::json summary = summary_of(directory);
  EXPECT_EQ(summary["method"], "finite_element");
  EXPECT_EQ(summary["cross_check"]["method"], "transfer_matrix");
  EXPECT_EQ(summary["cross_check"]["rows_compared"], 201);
  EXPECT_LT(summary["cross_check"]["max_difference"]["angle.link2"].get<double>(), 1e-7);  // measured 2.2e-8
  EXPECT_EQ(summary_of(directory / "cross_check")["steps"], 200);
}

TEST(ElasticScenarioRun, ScenarioWithoutALawPerHingeWritesNothing) {
  ElasticScenario scenario;
  scenario.links = 3;  // two torque laws
  const fs::path directory = fresh_directory("mismatch");
  EXPECT_THROW(run_elastic_scenario(scenario, directory), std::invalid_argument);
  EXPECT_FALSE(fs::exists(directory));
}

}  // namespace
}  // namespace dyngen::elastic
