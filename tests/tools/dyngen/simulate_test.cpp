// dyngen simulate end to end on the bundled scenarios, through the files a run writes:
//  S1 (probe-cone): contact sequence cone -> edge -> socket -> bottom, an alternating axial force
//    whose second impact is weaker than the first, capture when all four latches trigger, the energy
//    balance with contact, dampers and hysteresis within 1e-6 of the initial energy; a lateral miss
//    beyond the cone's mouth does not capture, and says so;
//  S2 (peripheral): capture with a latch of every pair, retraction ending with the rings aligned;
//  free vibration: energy drift <= 1e-8 over 10 s; RK4's fourth order on the recorded state;
//  a bad scenario named with file:line:column and nothing written; a run stopped by a diagnostic
//  keeps its record and exits with 3;
//  S4 (berthing): --real-time paces a run to the wall clock, with the operator's commands read line by
//  line from standard input, and reports its frames and overruns; a bad operator line stops the run
//  with its stdin:line:column; a bad berthing scenario is named at its line and column; --real-time is
//  refused for other scenario types.
// Kernels are compiled once into a cache inside the build tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "run_dyngen.hpp"

namespace dyngen {
namespace {

using testing::read_text;
using testing::run_dyngen;

const std::string kScenarios = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/";

class Simulate : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { setenv("DYNGEN_CACHE_DIR", DYNGEN_KERNEL_CACHE, 1); }
};

std::filesystem::path run_directory(const std::string& name) { return testing::scratch_dir() / name; }

nlohmann::json summary(const std::filesystem::path& run) { return nlohmann::json::parse(read_text(run / "summary.json")); }

// history.csv as columns by name.
std::map<std::string, std::vector<double>> history(const std::filesystem::path& run) {
  std::istringstream in(read_text(run / "history.csv"));
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  for (std::istringstream header(line); std::getline(header, line, ',');) names.push_back(line);
  std::map<std::string, std::vector<double>> columns;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string field;
    for (std::size_t k = 0; std::getline(row, field, ','); ++k) columns[names.at(k)].push_back(std::stod(field));
  }
  return columns;
}

struct Event {
  double time;
  std::string name, detail;
};

std::vector<Event> events(const std::filesystem::path& run) {
  std::istringstream in(read_text(run / "events.csv"));
  std::string line;
  std::getline(in, line);
  std::vector<Event> list;
  while (std::getline(in, line)) {
    const auto a = line.find(','), b = line.find(',', a + 1);
    list.push_back({std::stod(line.substr(0, a)), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return list;
}

// The first time a contact began with a passive primitive whose name starts with `prefix`.
double first_touch(const std::vector<Event>& list, const std::string& prefix) {
  for (const Event& e : list)
    if (e.name == "contact_begin" && e.detail.substr(e.detail.find('-') + 1).rfind(prefix, 0) == 0) return e.time;
  return HUGE_VAL;
}

TEST_F(Simulate, ProbeConeCapturesAfterTheSeedsContactSequence) {
  const auto run = run_directory("s1");
  const testing::RunResult r =
      run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --out " + run.string() + " --set stop.after_capture=0.3");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json s = summary(run);
  ASSERT_EQ(s["status"], "captured") << s.dump(2);
  const double capture = s["capture_time"];
  // cone -> edge -> socket -> bottom
  const std::vector<Event> list = events(run);
  const double cone = first_touch(list, "cone_"), edge = first_touch(list, "edge_"), socket = first_touch(list, "socket"),
               bottom = first_touch(list, "socket_bottom");
  EXPECT_LT(cone, edge);
  EXPECT_LT(edge, socket);
  EXPECT_LT(socket, bottom);
  EXPECT_LT(bottom, HUGE_VAL);
  // capture once all four latches have triggered (times as events.csv rounds them, to 1e-8 s)
  const auto capture_event = std::find_if(list.begin(), list.end(), [](const Event& e) { return e.name == "capture"; });
  ASSERT_NE(capture_event, list.end());
  EXPECT_NEAR(capture_event->time, capture, 1e-8);
  int latches = 0;
  for (const Event& e : list) latches += e.name == "latch_triggered" && e.time <= capture_event->time;
  EXPECT_EQ(latches, 4);
  // the head's axial impacts: separate contacts, the second weaker than the first
  const auto h = history(run);
  std::vector<double> peaks;
  bool touching = false;
  for (std::size_t k = 0; k < h.at("time [s]").size() && h.at("time [s]")[k] < capture; ++k) {
    double force = 0.0;
    for (const auto& [name, values] : h)
      if (name.rfind("contact.head_sphere-", 0) == 0 && name.find(".normal") != std::string::npos) force += values[k];
    if (force > 0.0 && !touching) peaks.push_back(0.0);
    if (force > 0.0) peaks.back() = std::max(peaks.back(), force);
    touching = force > 0.0;
  }
  ASSERT_GE(peaks.size(), 3u);
  EXPECT_LT(peaks[1], peaks[0]);
  EXPECT_LE(s["energy_balance_error"].get<double>(), 1e-6);
  // and the report draws it
  const testing::RunResult report = run_dyngen("report " + run.string());
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_TRUE(std::filesystem::exists(run / "report.html"));
}

TEST_F(Simulate, AMissBeyondTheConesMouthDoesNotCapture) {
  const auto run = run_directory("miss");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --out " + run.string() +
                                          " --set initial.lateral_miss=0.45 --set stop.separation=0.05");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json s = summary(run);
  EXPECT_EQ(s["status"], "not captured");
  EXPECT_FALSE(s["captured"].get<bool>());
  EXPECT_NE(s["message"].get<std::string>().find("separated after contact without capture"), std::string::npos) << s["message"];
  EXPECT_NE(s["message"].get<std::string>().find("docking_plane"), std::string::npos) << s["message"];
  EXPECT_NE(r.out.find("status: not captured"), std::string::npos) << r.out;
}

TEST_F(Simulate, PeripheralRingCapturesWithALatchOfEveryPairAndRetractsAligned) {
  const auto run = run_directory("s2");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "peripheral_nominal.yaml --out " + run.string());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json s = summary(run);
  ASSERT_EQ(s["status"], "captured") << s.dump(2);
  for (const char* pair : {"latch_1", "latch_2", "latch_3"}) {
    bool triggered = false;
    for (const auto& [name, time] : s["latch_trigger_times"].items())
      triggered = triggered || (name.rfind(pair, 0) == 0 && time.get<double>() <= s["capture_time"].get<double>());
    EXPECT_TRUE(triggered) << pair;
  }
  ASSERT_TRUE(s["retraction_end_time"].is_number());
  // at the end the ring is back at its reference pose and the units' axes agree within the latches' play
  const auto h = history(run);
  for (const auto& [name, values] : h) {
    if (name.rfind("q.ring", 0) == 0) {
      EXPECT_LT(std::abs(values.back()), 2e-3) << name;
    }
    if (name.find("relative.roll") == 0 || name.find("relative.pitch") == 0 || name.find("relative.yaw") == 0) {
      EXPECT_LT(std::abs(values.back()), 0.01) << name;
    }
  }
  EXPECT_LE(s["energy_balance_error"].get<double>(), 1e-6);
}

// The kernel cache's index (tools/dyngen/kernel_cache.hpp): after a run, an entry of the model
// names the cache folder holding its compiled kernels; an entry naming a folder that is not there
// costs a generation, not the run, and is written anew.
TEST_F(Simulate, AModelSeenBeforeIsFoundThroughTheKernelIndex) {
  const std::filesystem::path cache(DYNGEN_KERNEL_CACHE);
  const std::string until = " --until 0.0001 --out " + run_directory("indexed").string();
  const auto entries = [&] {
    std::vector<std::filesystem::path> list;
    for (const auto& e : std::filesystem::directory_iterator(cache / "index"))
      if (e.path().filename().string().starts_with("probe_cone_central-")) list.push_back(e.path());
    return list;
  };
  const auto names_the_library = [&](const std::filesystem::path& entry) {
    std::string folder = read_text(entry);
    folder.erase(folder.find_last_not_of('\n') + 1);
    return std::filesystem::exists(cache / folder / "libprobe_cone_central_kernels.so");
  };
  testing::RunResult r = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml" + until);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_FALSE(entries().empty());
  EXPECT_TRUE(std::ranges::any_of(entries(), names_the_library));

  for (const auto& entry : entries()) std::ofstream(entry) << "probe_cone_central-0000000000000000\n";
  r = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml" + until);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(summary(run_directory("indexed"))["status"], "completed");
  EXPECT_TRUE(std::ranges::any_of(entries(), names_the_library));
}

TEST_F(Simulate, FreeVibrationKeepsTheEnergy) {
  const auto run = run_directory("free");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "free_vibration.yaml --out " + run.string());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json s = summary(run);
  EXPECT_EQ(s["end_time"].get<double>(), 10.0);
  EXPECT_LE(s["energy_balance_error"].get<double>(), 1e-8);
  // something vibrates: the springs' energy changes by a good part of the total
  const auto& potential = history(run).at("energy.potential [J]");
  const auto [low, high] = std::minmax_element(potential.begin(), potential.end());
  EXPECT_GT(*high - *low, 0.2 * s["initial_energy"].get<double>());
}

TEST_F(Simulate, AdamsBashforthMoultonDormandPrinceAndCvodeRunTheSameScenario) {
  // the other integrators on the contact-free check: the energy kept to their accuracy
  for (const char* method : {"abm", "rk45", "cvode"}) {
    const auto run = run_directory(std::string("integrator_") + method);
    const testing::RunResult r = run_dyngen("simulate " + kScenarios + "free_vibration.yaml --out " + run.string() +
                                            " --until 1.0 --integrator " + method + (std::string(method) == "cvode" ? " --dt 1e-3" : ""));
    ASSERT_EQ(r.exit_code, 0) << method << r.out << r.err;
    const nlohmann::json s = summary(run);
    EXPECT_EQ(s["integrator"], method);
    EXPECT_EQ(s["end_time"].get<double>(), 1.0) << method;
    EXPECT_LE(s["energy_balance_error"].get<double>(), 1e-5) << method;
  }
}

TEST_F(Simulate, CvodeCapturesTheNominalDockingAtRk45sTime) {
  // through the contacts and the latches' events: CVODE's trial steps past a penetration limit are
  // retried shorter, and each change of the latches restarts it; accept() runs at its output times
  // (the scenario's 0.01 s), so the capture is seen at the first one after it
  const auto run = run_directory("cvode_docking");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --out " + run.string() +
                                          " --integrator cvode --set stop.after_capture=0");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json s = summary(run);
  ASSERT_EQ(s["status"], "captured") << s.dump(2);
  EXPECT_GE(s["capture_time"].get<double>(), 2.38934 - 1e-9);
  EXPECT_LE(s["capture_time"].get<double>(), 2.38934 + 0.01 + 1e-9);
  EXPECT_LE(s["energy_balance_error"].get<double>(), 1e-4);
}

TEST_F(Simulate, HalvingTheStepShowsRk4sFourthOrder) {
  // the recorded relative motion of the units at 1 s for four steps, long enough that the differences
  // stand well above the 9 digits history.csv keeps (the latch linkages, near their toggle, are not
  // yet in RK4's asymptotic range at these steps: their coordinates are left out)
  std::vector<std::map<std::string, double>> ends;
  for (const char* dt : {"1.6e-3", "8e-4", "4e-4", "2e-4"}) {
    const auto run = run_directory(std::string("order_") + dt);
    const testing::RunResult r = run_dyngen("simulate " + kScenarios + "free_vibration.yaml --out " + run.string() +
                                            " --until 1.0 --dt " + dt + " --set record.interval=1.0");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::map<std::string, double> end;
    for (const auto& [name, values] : history(run))
      if (name.rfind("relative.", 0) == 0) end[name] = values.back();
    ends.push_back(end);
  }
  // differences of successive halvings: |y(h) - y(h/2)| = C h^p (1 - 2^-p), so each ratio is 2^p
  const auto difference = [&](std::size_t k) {
    double worst = 0.0;
    for (const auto& [name, value] : ends[k]) worst = std::max(worst, std::abs(value - ends[k + 1].at(name)));
    return worst;
  };
  EXPECT_NEAR(std::log2(difference(0) / difference(1)), 4.0, 0.2) << difference(0) << " " << difference(1);
  EXPECT_NEAR(std::log2(difference(1) / difference(2)), 4.0, 0.2) << difference(1) << " " << difference(2);
}

TEST_F(Simulate, ABadScenarioIsNamedAndNothingIsWritten) {
  const auto run = run_directory("bad");
  std::string text = read_text(kScenarios + "probe_cone_nominal.yaml");
  text.replace(text.find("mass: 7000"), 10, "mass: heavy");
  for (const char* relative : {"../probe_cone_central.yaml", "../docking_units/probe_cone.yaml"}) {
    const auto at = text.find(relative);
    text.replace(at, std::string(relative).size(), std::string(DYNGEN_SOURCE_DIR) + "/models/" + (relative + 3));
  }
  const auto file = testing::write_text("bad_scenario.yaml", text);
  const testing::RunResult r = run_dyngen("simulate " + file.string() + " --out " + run.string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("bad_scenario.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("active spacecraft, field 'mass': expected a finite number, got 'heavy'"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(run));
  const testing::RunResult option = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --set initial.speed=1");
  EXPECT_EQ(option.exit_code, 1);
  EXPECT_NE(option.err.find("(--set): initial, field 'speed': expected one of the keys"), std::string::npos) << option.err;
}

TEST_F(Simulate, ARunStoppedByADiagnosticKeepsItsRecord) {
  const auto run = run_directory("stopped");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --out " + run.string() +
                                          " --set initial.closing_velocity=2.0");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const nlohmann::json s = summary(run);
  EXPECT_EQ(s["status"], "stopped: penetration limit");
  EXPECT_NE(s["message"].get<std::string>().find("reduce the integration step"), std::string::npos) << s["message"];
  const auto h = history(run);
  ASSERT_GT(h.at("time [s]").size(), 100u);
  EXPECT_NEAR(h.at("time [s]").back(), s["end_time"].get<double>(), 2e-3);
  bool diagnostic = false;
  for (const Event& e : events(run)) diagnostic = diagnostic || e.name == "diagnostic";
  EXPECT_TRUE(diagnostic);
}

TEST_F(Simulate, ARealTimeBerthingReadsTheOperatorFromStandardInput) {
  const auto run = run_directory("berthing_real_time");
  const auto commands = testing::write_text("operator.txt", "0 0 0 0 0 0 0\n0.1 0.01 0 0 0 0 0\n0.3 0 0 0 0 0 0\n");
  const auto start = std::chrono::steady_clock::now();
  const testing::RunResult r =
      run_dyngen("simulate " + kScenarios + "berthing_operator.yaml --set control.operator.commands=stdin --real-time --until 0.5 --out " +
                 run.string() + " < " + commands.string());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  EXPECT_NE(r.out.find("real time: 500 frames of 1 ms, "), std::string::npos) << r.out;
  const nlohmann::json s = summary(run);
  EXPECT_EQ(s["status"], "completed");
  EXPECT_EQ(s["real_time"]["enabled"], true);
  EXPECT_EQ(s["real_time"]["frames"], 500);
  EXPECT_EQ(s["operator"]["commands"], "stdin");
  EXPECT_EQ(s["operator"]["commands_applied"], 3);
  // the payload moved towards the port at up to 10 mm/s while the command held
  const auto h = history(run);
  const auto& x = h.at("pose_error.x [m]");
  EXPECT_GT(x.back() - x.front(), 0.5e-3);
  EXPECT_LT(x.back() - x.front(), 2.5e-3);
}

TEST_F(Simulate, ABadOperatorLineStopsTheBerthingAndNamesItsLine) {
  const auto run = run_directory("berthing_bad_line");
  const auto commands = testing::write_text("operator_bad.txt", "0 0 0 0 0 0 0\n0.5 0.01 0 0 0 0 0\n0.7 0.01 0 0 0\n");
  const testing::RunResult r = run_dyngen("simulate " + kScenarios + "berthing_operator.yaml --set control.operator.commands=stdin --until 1 --out " +
                                          run.string() + " < " + commands.string());
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const nlohmann::json s = summary(run);
  EXPECT_EQ(s["status"], "stopped: operator input");
  // the line is known to be bad once the command before it (at 0.5 s) is in force
  EXPECT_NE(s["message"].get<std::string>().find("t = 0.500000 s: stdin:3:15: error: expected 7 fields"), std::string::npos)
      << s["message"];
  EXPECT_NEAR(history(run).at("time [s]").back(), 0.4, 1e-9);  // the record before the stop (every 0.1 s)
}

TEST_F(Simulate, ABadBerthingScenarioIsNamedAndRealTimeIsForBerthingOnly) {
  const auto run = run_directory("berthing_bad");
  std::string text = read_text(kScenarios + "berthing_nominal.yaml");
  text.replace(text.find("after_capture: limp"), 19, "after_capture: float");
  for (const char* relative : {"../station_arm.yaml", "../docking_units/berthing_ring.yaml"}) {
    const auto at = text.find(relative);
    text.replace(at, std::string(relative).size(), std::string(DYNGEN_SOURCE_DIR) + "/models/" + (relative + 3));
  }
  const auto file = testing::write_text("bad_berthing.yaml", text);
  const testing::RunResult r = run_dyngen("simulate " + file.string() + " --out " + run.string());
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("bad_berthing.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("control, field 'after_capture': expected one of limp, servo, got 'float'"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(run));
  const testing::RunResult docking = run_dyngen("simulate " + kScenarios + "probe_cone_nominal.yaml --real-time --out " + run.string());
  EXPECT_EQ(docking.exit_code, 2);
  EXPECT_NE(docking.err.find("--real-time applies to berthing scenarios"), std::string::npos) << docking.err;
  EXPECT_FALSE(std::filesystem::exists(run));
}

}  // namespace
}  // namespace dyngen
