// The threaded engine: 1 and 2 threads make identical stores (wall times apart) for every design;
// a case that throws, fails, or returns values that do not fit is recorded with its diagnostic and
// the campaign goes on; an interrupted store is completed by running only its missing cases, to the
// store an uninterrupted run makes; a store of another campaign is refused and left untouched.
#include "campaign/run_campaign.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/progress.hpp"
#include "campaign/run_case.hpp"
#include "campaign/sampler.hpp"
#include "store_comparison.hpp"
#include "toy_docking.hpp"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <stdexcept>

namespace dyngen::campaign {
namespace {

using testing::expect_same_campaign_and_cases;
using testing::ScratchStore;
using testing::toy_campaign;
using testing::toy_docking;

const RunOptions one_thread{.threads = 1, .quiet = true};
const RunOptions two_threads{.threads = 2, .quiet = true};

class EveryDesign : public ::testing::TestWithParam<Design> {};

TEST_P(EveryDesign, OneAndTwoThreadsMakeIdenticalStores) {
  const CampaignSpec spec = toy_campaign(GetParam(), 128);
  const ScratchStore one("one_thread"), two("two_threads");
  const RunSummary a = run_campaign(spec, toy_docking, one, one_thread);
  const RunSummary b = run_campaign(spec, toy_docking, two, two_threads);
  EXPECT_EQ(a.run, 128u);
  EXPECT_EQ(b.run, 128u);
  EXPECT_EQ(a.failed, b.failed);
  expect_same_campaign_and_cases(one, two);
  // The toy makes a campaign worth having: some cases captured, some missed, some failed.
  const CaseTable table = Store::open_for_reading(one).read_cases();
  std::set<std::string> outcomes;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const Value& outcome = table.rows[r][table.column_index("outcome")];
    outcomes.insert(std::holds_alternative<std::string>(outcome) ? std::get<std::string>(outcome) : "failed");
  }
  EXPECT_EQ(outcomes, (std::set<std::string>{"captured", "missed", "failed"}));
  RecordProperty("failed_cases", std::to_string(a.failed));
}

INSTANTIATE_TEST_SUITE_P(Designs, EveryDesign,
                         ::testing::Values(Design::random, Design::latin_hypercube, Design::sobol),
                         [](const auto& info) { return std::string(design_name(info.param)); });

TEST(RunCampaign, FailingCasesAreRecordedAndTheCampaignGoesOn) {
  const CampaignSpec spec = toy_campaign(Design::random, 100);
  const CaseFunction flaky = [](const CaseInputs& inputs) -> CaseResult {
    if (inputs.case_index % 17 == 5) throw std::runtime_error("latch model diverged");
    if (inputs.case_index % 17 == 6) throw 42;
    if (inputs.case_index % 17 == 7) return CaseResult().set("peak_load", std::string("high"));
    if (inputs.case_index % 17 == 8) return CaseResult().set("latch_time", 1.0);
    return toy_docking(inputs);
  };
  const ScratchStore path("failing");
  const RunSummary summary = run_campaign(spec, flaky, path, two_threads);
  const Store store = Store::open_for_reading(path);
  EXPECT_TRUE(store.missing_cases().empty());
  const CaseTable table = store.read_cases();
  std::uint64_t failed = 0;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::uint64_t i = table.case_index(r);
    const auto& status = std::get<std::string>(table.rows[r][table.column_index("status")]);
    const auto& diagnostic = std::get<std::string>(table.rows[r][table.column_index("diagnostic")]);
    failed += status == "failed";
    switch (i % 17) {
      case 5:
        EXPECT_EQ(diagnostic, "case threw: latch model diverged");
        break;
      case 6:
        EXPECT_EQ(diagnostic, "case threw an exception that is not a std::exception");
        break;
      case 7:
        EXPECT_EQ(diagnostic,
                  "result does not fit the columns; column \"peak_load\" (REAL) given a value of another type");
        break;
      case 8:
        EXPECT_EQ(diagnostic, "result does not fit the columns; value for undeclared column \"latch_time\"");
        break;
      default:
        continue;
    }
    EXPECT_EQ(status, "failed") << i;
  }
  EXPECT_EQ(summary.failed, failed);
  EXPECT_EQ(store.failed_case_count(), failed);
  EXPECT_GE(failed, 4u * 5u);
  RecordProperty("failed_cases", std::to_string(failed));
}

TEST(RunCampaign, ResumeRunsOnlyMissingCasesAndEqualsAnUninterruptedRun) {
  const CampaignSpec spec = toy_campaign(Design::latin_hypercube, 100);
  const ScratchStore whole("uninterrupted"), resumed("resumed");
  run_campaign(spec, toy_docking, whole, two_threads);
  // An interrupted run: scattered cases stored, as completion order leaves them.
  std::set<std::uint64_t> stored;
  {
    Store store = Store::open_for_campaign(resumed, spec);
    const Sampler sampler(spec);
    for (std::uint64_t i = 0; i < spec.case_count; i += 3 + i % 5) {
      store.insert(sampler.inputs(i), run_case(toy_docking, sampler.inputs(i), spec.result_columns));
      stored.insert(i);
    }
  }
  std::mutex mutex;
  std::set<std::uint64_t> ran;
  const CaseFunction counting = [&](const CaseInputs& inputs) {
    {
      const std::lock_guard lock(mutex);
      ran.insert(inputs.case_index);
    }
    return toy_docking(inputs);
  };
  const RunSummary summary = run_campaign(spec, counting, resumed, two_threads);
  EXPECT_EQ(summary.already_stored, stored.size());
  EXPECT_EQ(summary.run, spec.case_count - stored.size());
  for (const std::uint64_t i : ran) EXPECT_FALSE(stored.contains(i)) << "case " << i << " ran twice";
  EXPECT_EQ(ran.size() + stored.size(), spec.case_count);
  expect_same_campaign_and_cases(whole, resumed);
  // Once complete, a rerun runs nothing.
  EXPECT_EQ(run_campaign(spec, counting, resumed, two_threads).run, 0u);
}

TEST(RunCampaign, AStoreOfAnotherCampaignIsRefusedAndLeftAlone) {
  const ScratchStore path("refused_run");
  run_campaign(toy_campaign(Design::random, 20, 1), toy_docking, path, one_thread);
  bool called = false;
  const CaseFunction never = [&](const CaseInputs& inputs) {
    called = true;
    return toy_docking(inputs);
  };
  try {
    run_campaign(toy_campaign(Design::random, 20, 2), never, path, one_thread);
    FAIL() << "no refusal";
  } catch (const CampaignError& error) {
    EXPECT_NE(std::string(error.what()).find("seed: 1 in the store, 2 here"), std::string::npos) << error.what();
  }
  EXPECT_FALSE(called);
  EXPECT_EQ(Store::open_for_reading(path).campaign().seed, 1u);
  EXPECT_EQ(Store::open_for_reading(path).stored_case_count(), 20u);
}

TEST(RunCampaign, ProgressLineShowsDoneFailuresRateAndTimeToGo) {
  EXPECT_EQ(progress_line(412, 1000, 3, 12.5), "412/1000 cases (41 %), 3 failed, 12.5 cases/s, ETA 47 s");
  EXPECT_EQ(progress_line(10, 1000, 0, 0.5), "10/1000 cases (1 %), 0 failed, 0.5 cases/s, ETA 33 min 00 s");
  EXPECT_EQ(progress_line(0, 20000, 0, 2.0), "0/20000 cases (0 %), 0 failed, 2 cases/s, ETA 2 h 46 min");
  EXPECT_EQ(progress_line(5, 10, 1, 0.0), "5/10 cases (50 %), 1 failed");
  // Quiet, or stderr not a terminal (as under ctest): no progress line.
  EXPECT_EQ(progress_stream(true), nullptr);
}

}  // namespace
}  // namespace dyngen::campaign
