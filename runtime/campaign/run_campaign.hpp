// Runs a campaign on one machine: a pool of threads, each taking the next missing case index, the
// store written case by case. Rerunning on an interrupted store runs only the missing cases.
#pragma once

#include "campaign/campaign_spec.hpp"
#include "campaign/case_result.hpp"

#include <cstdint>
#include <filesystem>

namespace dyngen::campaign {

struct RunOptions {
  unsigned threads = 0;  // worker threads; 0 = std::thread::hardware_concurrency()
  bool quiet = false;    // no progress line, even on a terminal
};

struct RunSummary {
  std::uint64_t case_count = 0;      // N
  std::uint64_t already_stored = 0;  // cases the store held at the start (a resumed campaign)
  std::uint64_t run = 0;             // cases run and stored by this call
  std::uint64_t failed = 0;          // of those, failed
};

// Opens or creates the store (Store::open_for_campaign: a store of another definition is refused),
// then runs every missing case with `run` on `options.threads` threads (the calling thread is one of
// them) and stores each as it completes, under a mutex (one SQLite connection, one writer at a
// time). A case that throws or fails is stored as failed and the campaign goes on. Case i's inputs
// depend on (definition, i) only, so the store does not depend on the thread count or the order of
// completion (wall times apart). A store error stops the workers after their current case and is
// rethrown; everything stored until then stays.
RunSummary run_campaign(const CampaignSpec& spec, const CaseFunction& run, const std::filesystem::path& store_path,
                        const RunOptions& options = {});

}  // namespace dyngen::campaign
