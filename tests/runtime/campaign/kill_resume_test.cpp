// A campaign killed with SIGKILL in the middle (a child process running a slow case function on two
// threads, killed once some cases are stored) loses only the cases in flight: the store it leaves
// opens, holds no partial row, and resuming it gives the store an uninterrupted run makes.
#include "campaign/run_campaign.hpp"

#include "campaign/campaign_error.hpp"

#include "store_comparison.hpp"
#include "toy_docking.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace dyngen::campaign {
namespace {

using testing::expect_same_campaign_and_cases;
using testing::ScratchStore;
using testing::toy_campaign;

TEST(KillResume, SigkilledCampaignResumesToTheUninterruptedStore) {
  const CampaignSpec spec = toy_campaign(Design::sobol, 128);
  const ScratchStore killed("killed"), whole("whole");
  const RunOptions options{.threads = 2, .quiet = true};

  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // 10 ms a case on 2 threads: about 0.64 s for the whole campaign, far longer than the wait below.
    run_campaign(spec, testing::slow_toy_docking(std::chrono::milliseconds(10)), killed, options);
    ::_exit(0);
  }
  // Kill once a quarter of the cases are stored (the deadline only guards against a hung child; it
  // measures nothing).
  std::uint64_t stored_before_kill = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (stored_before_kill < spec.case_count / 4 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    try {
      stored_before_kill = Store::open_for_reading(killed).stored_case_count();
    } catch (const CampaignError&) {
      // The child has not created the store yet.
    }
  }
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the child finished before it was killed";

  const std::uint64_t stored_after_kill = Store::open_for_reading(killed).stored_case_count();
  EXPECT_GE(stored_after_kill, stored_before_kill);
  EXPECT_LT(stored_after_kill, spec.case_count) << "the kill came after the last case";
  RecordProperty("stored_when_killed", std::to_string(stored_after_kill));

  const RunSummary resumed = run_campaign(spec, testing::toy_docking, killed, options);
  EXPECT_EQ(resumed.already_stored, stored_after_kill);
  EXPECT_EQ(resumed.run, spec.case_count - stored_after_kill);
  run_campaign(spec, testing::toy_docking, whole, options);
  expect_same_campaign_and_cases(killed, whole);
}

}  // namespace
}  // namespace dyngen::campaign
