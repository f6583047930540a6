// `dyngen campaign` end to end on the bundled probe-cone scenario with short cases (the head
// starts 0.25 m into the cone and each case runs 0.06 s: cases that never touch, cases in contact,
// and cases whose initial state already penetrates the cone, i.e. failed ones): one and two threads
// and MPI ranks make the same store; a campaign killed (SIGKILL) or interrupted (Ctrl-C) and
// resumed by the same command ends as the uninterrupted store; a store of another seed or scenario
// is refused; a bad scenario stops before any case with file:line (a nominal initial state that
// cannot start too); the CSV export holds every case;
// the report's command for a worst case reruns it alone with the stored results.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <regex>
#include <thread>

#include <nlohmann/json.hpp>

#include "campaign/campaign_spec.hpp"
#include "campaign/store.hpp"
#include "run_dyngen.hpp"
#include "store_comparison.hpp"

namespace dyngen {
namespace {

namespace fs = std::filesystem;
using campaign::testing::expect_same_campaign_and_cases;
using testing::read_text;
using testing::run_dyngen;

const std::string kScenario = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/probe_cone_nominal.yaml";
const std::string kShortCases = "--set initial.axial_position=0.25 --until 0.06";

class CampaignCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("DYNGEN_CACHE_DIR", DYNGEN_KERNEL_CACHE, 1);
    directory_ = testing::scratch_dir() / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(directory_);
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }

  std::string store(const std::string& name) const { return (directory_ / name).string(); }

  // `dyngen campaign` of the scenario with the short cases, `cases` of them from seed 5.
  static std::string campaign_arguments(int cases, const std::string& db, const std::string& more = "") {
    return "campaign " + kScenario + " --cases " + std::to_string(cases) + " --seed 5 --db " + db + " " + kShortCases +
           " --quiet " + more;
  }

  fs::path directory_;
};

std::uint64_t stored_cases(const std::string& db) {
  try {
    return campaign::Store::open_for_reading(db).stored_case_count();
  } catch (const std::exception&) {
    return 0;  // not created yet
  }
}

// A running `dyngen ARGUMENTS` (stdout, stderr to files) that the test signals.
class Child {
 public:
  Child(const std::string& arguments, const fs::path& output) {
    pid_ = ::fork();
    if (pid_ == 0) {
      const int out = ::open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, STDOUT_FILENO);
      ::dup2(out, STDERR_FILENO);
      const std::string command = "exec " + std::string(DYNGEN_BINARY_DIR) + "/bin/dyngen " + arguments;
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  // Waits until the store holds `count` cases (false after 60 s or when the process ended first).
  bool wait_for(const std::string& db, std::uint64_t count) const {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < give_up) {
      if (stored_cases(db) >= count) return true;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }
  // Sends `signal` and returns the wait status.
  int stop(int signal) const {
    ::kill(pid_, signal);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    return status;
  }

 private:
  pid_t pid_;
};

TEST_F(CampaignCommand, OneAndTwoThreadsMakeTheSameStore) {
  const auto one = run_dyngen(campaign_arguments(12, store("one.sqlite"), "--threads 1"));
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = run_dyngen(campaign_arguments(12, store("two.sqlite"), "--threads 2"));
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_TRUE(std::regex_search(two.out, std::regex("12 of 12 cases stored in .*two\\.sqlite \\(12 run now, 0 from before\\), "
                                                    "[1-9][0-9]* failed\n")))
      << two.out;
  EXPECT_NE(two.out.find("capture rate: "), std::string::npos);
  expect_same_campaign_and_cases(store("one.sqlite"), store("two.sqlite"));

  // the cases cover what the tests claim: failed ones, runs with contact, runs without
  const campaign::CaseTable cases = campaign::Store::open_for_reading(store("two.sqlite")).read_cases();
  int failed = 0, touched = 0, untouched = 0;
  for (std::size_t r = 0; r < cases.rows.size(); ++r) {
    if (!cases.number(r, "captured")) ++failed;
    else if (cases.number(r, "first_contact_time")) ++touched;
    else ++untouched;
  }
  EXPECT_GT(failed, 0);
  EXPECT_GT(touched, 0);
  EXPECT_GT(untouched, 0);
  const campaign::StoredCampaign stored = campaign::Store::open_for_reading(store("two.sqlite")).campaign();
  EXPECT_EQ(stored.provenance_value("scenario_file"), kScenario);
  EXPECT_EQ(stored.provenance_value("scenario_options"), kShortCases);
  EXPECT_EQ(stored.provenance_value("working_directory"), fs::current_path().string());
  EXPECT_EQ(stored.inputs.size(), 9u);
  EXPECT_EQ(stored.inputs[0].path, "initial.lateral_miss");
}

TEST_F(CampaignCommand, MpiRanksMakeTheSameStoreAsThreads) {
  const auto threads = run_dyngen(campaign_arguments(12, store("threads.sqlite"), "--threads 2"));
  ASSERT_EQ(threads.exit_code, 0) << threads.err;
  // three ranks: rank 0 keeps the store, two workers take cases as they come
  const std::string mpirun = std::string(DYNGEN_MPIEXEC) + " -np 3 --allow-run-as-root --oversubscribe " +
                             std::string(DYNGEN_BINARY_DIR) + "/bin/dyngen " +
                             campaign_arguments(12, store("mpi.sqlite"), "--mpi") + " >" + store("mpi.out") + " 2>&1";
  ASSERT_EQ(std::system(mpirun.c_str()), 0) << read_text(store("mpi.out"));
  EXPECT_NE(read_text(store("mpi.out")).find("on 2 worker ranks"), std::string::npos) << read_text(store("mpi.out"));
  expect_same_campaign_and_cases(store("threads.sqlite"), store("mpi.sqlite"));
}

TEST_F(CampaignCommand, AKilledCampaignResumesToTheUninterruptedStore) {
  const std::string db = store("killed.sqlite");
  {
    const Child child(campaign_arguments(48, db, "--threads 2"), store("killed.out"));
    ASSERT_TRUE(child.wait_for(db, 12)) << read_text(store("killed.out"));
    const int status = child.stop(SIGKILL);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  }
  const std::uint64_t kept = stored_cases(db);
  ASSERT_LT(kept, 48u) << "the campaign ended before it was killed";
  const auto resumed = run_dyngen(campaign_arguments(48, db, "--threads 2"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("48 of 48 cases stored in " + db + " (" + std::to_string(48 - kept) + " run now, " +
                             std::to_string(kept) + " from before)"),
            std::string::npos)
      << resumed.out;
  const auto whole = run_dyngen(campaign_arguments(48, store("whole.sqlite"), "--threads 2"));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  expect_same_campaign_and_cases(db, store("whole.sqlite"));
}

TEST_F(CampaignCommand, CtrlCKeepsTheStoredCasesAndTheSameCommandFinishes) {
  const std::string db = store("interrupted.sqlite");
  {
    const Child child(campaign_arguments(32, db, "--threads 2"), store("interrupted.out"));
    ASSERT_TRUE(child.wait_for(db, 4)) << read_text(store("interrupted.out"));
    const int status = child.stop(SIGINT);
    ASSERT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 130);
  }
  EXPECT_NE(read_text(store("interrupted.out"))
                .find("interrupted; the cases stored so far are kept -- the same command resumes"),
            std::string::npos);
  const std::uint64_t kept = stored_cases(db);
  EXPECT_GE(kept, 4u);
  const auto resumed = run_dyngen(campaign_arguments(32, db, "--threads 2"));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(stored_cases(db), 32u);
}

TEST_F(CampaignCommand, AStoreOfAnotherSeedOrScenarioIsRefused) {
  const std::string db = store("refuse.sqlite");
  ASSERT_EQ(run_dyngen(campaign_arguments(4, db)).exit_code, 0);
  const auto other_seed = run_dyngen("campaign " + kScenario + " --cases 4 --seed 6 --db " + db + " " + kShortCases);
  EXPECT_EQ(other_seed.exit_code, 1);
  EXPECT_NE(other_seed.err.find("was made by another campaign definition"), std::string::npos) << other_seed.err;
  EXPECT_NE(other_seed.err.find("seed: 5 in the store, 6 here"), std::string::npos) << other_seed.err;
  const auto other_scenario = run_dyngen(campaign_arguments(4, db, "--set active.mass=7100"));
  EXPECT_EQ(other_scenario.exit_code, 1);
  EXPECT_NE(other_scenario.err.find("scenario: sha256 "), std::string::npos) << other_scenario.err;
  // the same definition again: nothing left to run
  const auto again = run_dyngen(campaign_arguments(4, db));
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("(0 run now, 4 from before)"), std::string::npos) << again.out;
}

// The scenario file with its relative paths made absolute, `from` replaced by `to`, in the test's
// folder; and the line of the replacement.
std::pair<std::string, int> broken_scenario(const fs::path& directory, const std::string& from, const std::string& to) {
  std::string text = read_text(kScenario);
  const std::string models = std::string(DYNGEN_SOURCE_DIR) + "/models/";
  for (std::size_t at; (at = text.find(" ../")) != std::string::npos;) text.replace(at, 4, " " + models);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  text.replace(at, from.size(), to);
  const fs::path file = directory / "broken.yaml";
  std::ofstream(file) << text;
  return {file.string(), line};
}

TEST_F(CampaignCommand, AScenarioErrorStopsBeforeAnyCaseWithFileAndLine) {
  const std::string db = store("never.sqlite");
  const auto expect_error = [&](const std::string& from, const std::string& to, const std::string& message) {
    const auto [file, line] = broken_scenario(directory_, from, to);
    const auto result = run_dyngen("campaign " + file + " --cases 4 --seed 1 --db " + db);
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_TRUE(result.err.starts_with(file + ":" + std::to_string(line) + ":")) << result.err;
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_FALSE(fs::exists(db)) << "a store was created";
  };
  expect_error("\"uniform(0, 0.07)\"", "\"uniform(0, 0.07\"", "initial.angular_misalignment.distribution");
  expect_error("{link: head, body: head,", "{link: nose, body: head,", "contact link 'nose'");
  expect_error("mass: 7000 ", "mass: -7000 ", "mass");
  expect_error("integrator: {method: rk45,", "integrator: {method: rk45,,", "");  // YAML syntax
  const auto no_such_field = run_dyngen(campaign_arguments(4, db, "--set initial.lateral_mis=0.1"));
  EXPECT_EQ(no_such_field.exit_code, 1);
  EXPECT_NE(no_such_field.err.find("field 'lateral_mis': expected one of the keys: angular_misalignment"), std::string::npos) << no_such_field.err;
  EXPECT_FALSE(fs::exists(db));
  // a nominal state `dyngen simulate` could not start from: the head 0.4 m in, inside the socket
  const auto inside = run_dyngen("campaign " + kScenario + " --cases 4 --seed 1 --db " + db +
                                 " --set initial.axial_position=0.4");
  EXPECT_EQ(inside.exit_code, 1);
  EXPECT_NE(inside.err.find(kScenario + ": the nominal initial state: contact error at t = 0 s"), std::string::npos)
      << inside.err;
  EXPECT_FALSE(fs::exists(db));
  const auto usage = run_dyngen("campaign " + kScenario + " --cases 4 --seed 1");
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("--db FILE is required"), std::string::npos) << usage.err;
}

TEST_F(CampaignCommand, TheExportHoldsEveryCaseInOrder) {
  const std::string db = store("export.sqlite");
  ASSERT_EQ(run_dyngen(campaign_arguments(6, db)).exit_code, 0);
  const auto printed = run_dyngen("campaign-export " + db);
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  const auto written = run_dyngen("campaign-export " + db + " --out " + store("cases.csv"));
  ASSERT_EQ(written.exit_code, 0) << written.err;
  EXPECT_EQ(read_text(store("cases.csv")), printed.out);
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = printed.out.find("\r\n", start)) != std::string::npos; start = end + 2)
    lines.push_back(printed.out.substr(start, end - start));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_TRUE(lines[0].starts_with("case_index,initial.lateral_miss,initial.miss_direction,")) << lines[0];
  EXPECT_NE(lines[0].find(",status,diagnostic,captured,capture_time,outcome,"), std::string::npos) << lines[0];
  EXPECT_TRUE(lines[0].ends_with(",wall_time_s")) << lines[0];
  for (int k = 0; k < 6; ++k) EXPECT_TRUE(lines[k + 1].starts_with(std::to_string(k) + ",")) << lines[k + 1];
}

std::string html_unescaped(std::string text) {
  for (const auto& [entity, character] :
       std::vector<std::pair<std::string, std::string>>{{"&quot;", "\""}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}})
    for (std::size_t at; (at = text.find(entity)) != std::string::npos;) text.replace(at, entity.size(), character);
  return text;
}

TEST_F(CampaignCommand, TheReportedCommandOfAWorstCaseRerunsItAlone) {
  // captures: the head 0.25 m in, at most 2 cm off the axis, stopped 10 ms after capture
  const std::string db = store("captures.sqlite");
  const std::string options =
      "--set initial.axial_position=0.25 --set initial.lateral_miss.distribution='uniform(0, 0.02)' --until 1.5 "
      "--after-capture 0.01";
  const auto made = run_dyngen("campaign " + kScenario + " --cases 2 --seed 9 --db " + db + " --quiet " + options);
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const auto report = run_dyngen("report " + db);
  ASSERT_EQ(report.exit_code, 0) << report.err;
  const std::string html = read_text(store("captures.html"));
  const std::smatch command = [&] {
    std::smatch m;
    std::regex_search(html, m, std::regex("<h3>Largest force on the active spacecraft \\(mechanism base\\)</h3>\n"
                                          "<div class=\"table-wrap\">.*?<td class=\"num\">1</td><td class=\"num\">([0-9]+)</td>.*?"
                                          "<code class=\"command\"[^>]*>(dyngen simulate [^<]*)</code>"));
    return m;
  }();
  ASSERT_EQ(command.size(), 3u) << "no worst case with its command in the report";
  const std::string worst = command[1], line = html_unescaped(command[2]);
  EXPECT_TRUE(line.starts_with("dyngen simulate " + kScenario + " --set initial.axial_position=0.25 --set "
                               "'initial.lateral_miss.distribution=uniform(0, 0.02)' --until 1.5 --after-capture 0.01 "
                               "--set initial.lateral_miss="))
      << line;

  const auto rerun = run_dyngen(line.substr(std::string("dyngen ").size()) + " --out " + store("rerun"));
  ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
  const nlohmann::json summary = nlohmann::json::parse(read_text(store("rerun") + "/summary.json"));
  const campaign::CaseTable cases = campaign::Store::open_for_reading(db).read_cases();
  const std::size_t row = static_cast<std::size_t>(std::stoul(worst));
  ASSERT_EQ(cases.case_index(row), std::stoul(worst));
  EXPECT_EQ(summary["status"], "captured");
  EXPECT_EQ(cases.number(row, "captured"), 1.0);
  EXPECT_EQ(cases.number(row, "capture_time"), summary["capture_time"].get<double>());
  EXPECT_EQ(cases.number(row, "peak_active_force"), summary["peak_active_force"].get<double>());
  EXPECT_EQ(cases.number(row, "peak_passive_moment"), summary["peak_passive_moment"].get<double>());
  EXPECT_EQ(cases.number(row, "max_penetration"), summary["max_penetration"].get<double>());
  EXPECT_EQ(cases.number(row, "steps"), summary["steps"].get<double>());
  EXPECT_EQ(cases.number(row, "initial.lateral_miss"), summary["initial"]["lateral_miss"].get<double>());
}

}  // namespace
}  // namespace dyngen
