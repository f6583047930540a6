// Runs a campaign over MPI ranks, beyond one machine: rank 0 owns the store and hands out the
// missing case indices one at a time; ranks 1..P-1 run cases and send their records back. The
// store is the one a threaded run makes. Built as its own library (dyngen_campaign_mpi) so the rest
// of the engine does not need MPI.
#pragma once

#include "campaign/campaign_spec.hpp"
#include "campaign/case_result.hpp"
#include "campaign/run_campaign.hpp"

#include <mpi.h>

#include <filesystem>

namespace dyngen::campaign {

// Collective over `communicator` (MPI initialized by the caller): every rank calls it with the same
// definition and case function. Before any case runs, rank 0 opens the store and checks it (a
// refused store, or a rank whose definition differs from rank 0's, makes every rank throw the same
// CampaignError). Then rank 0 hands out the next missing index to whichever worker reports back --
// dynamic, because docking cases differ in duration by an order of magnitude (early capture vs a
// full retraction), where a static interleave would wait for the unluckiest rank -- stores each
// record as it arrives (in its own transaction, like the threaded engine) and draws the progress
// line. Rank 0 runs no cases itself and polls for messages with short sleeps, so it does not take a
// core from a worker: start one rank per core plus one (--oversubscribe). With a single rank this
// is run_campaign with `options.threads`. Returns on every rank: rank 0's summary covers the
// campaign, a worker's the cases it ran. A store error on rank 0 stops the workers at their next
// report and is rethrown on rank 0.
RunSummary run_campaign_mpi(const CampaignSpec& spec, const CaseFunction& run, const std::filesystem::path& store_path,
                            MPI_Comm communicator, const RunOptions& options = {});

}  // namespace dyngen::campaign
