#include "campaign/run_campaign_mpi.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/progress.hpp"
#include "campaign/record_message.hpp"
#include "campaign/run_case.hpp"
#include "campaign/sampler.hpp"
#include "campaign/sha256.hpp"
#include "campaign/store.hpp"

#include <chrono>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace dyngen::campaign {

namespace {

enum Tag : int {
  report = 1,  // worker -> rank 0: the record of the last case (empty the first time)
  assign = 2,  // rank 0 -> worker: the next case index
  finish = 3,  // rank 0 -> worker: no more cases
};

// What every rank must agree on; rank 0's is broadcast and compared.
std::string definition_fingerprint(const CampaignSpec& spec) {
  return sha256_hex(sha256_hex(spec.scenario) + "\n" + std::to_string(spec.seed) + "\n" +
                    std::to_string(spec.case_count) + "\n" + std::string(design_name(spec.design)) + "\n" +
                    inputs_text(spec.inputs) + "\n" + result_columns_text(spec.result_columns));
}

std::string broadcast_text(std::string text, MPI_Comm communicator) {
  auto size = static_cast<std::uint64_t>(text.size());
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, communicator);
  text.resize(size);
  MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, communicator);
  return text;
}

// Rank 0: opens the store; every rank: checks its definition against rank 0's. Throws the same
// CampaignError on every rank when anything is wrong, so no rank is left waiting.
std::optional<Store> agree_on_campaign(const CampaignSpec& spec, const std::filesystem::path& store_path, int rank,
                                       MPI_Comm communicator) {
  std::optional<Store> store;
  std::string problem, fingerprint;
  try {
    validate(spec);
    fingerprint = definition_fingerprint(spec);
    if (rank == 0) store.emplace(Store::open_for_campaign(store_path, spec));
  } catch (const std::exception& error) {
    problem = error.what();
  }
  const std::string rank0_problem = broadcast_text(rank == 0 ? problem : std::string(), communicator);
  if (!rank0_problem.empty()) throw CampaignError("rank 0: " + rank0_problem);
  const std::string rank0_fingerprint = broadcast_text(fingerprint, communicator);
  int agreed = problem.empty() && fingerprint == rank0_fingerprint ? 1 : 0, all_agreed = 0;
  MPI_Allreduce(&agreed, &all_agreed, 1, MPI_INT, MPI_MIN, communicator);
  if (!all_agreed)
    throw CampaignError("the ranks do not run the same campaign definition" +
                        (agreed ? std::string() : " (this rank differs from rank 0" +
                                                      (problem.empty() ? std::string() : ": " + problem) + ")"));
  return store;
}

RunSummary hand_out_cases(const CampaignSpec& spec, Store& store, int workers, MPI_Comm communicator,
                          const RunOptions& options) {
  const Sampler sampler(spec);
  const std::vector<std::uint64_t> missing = store.missing_cases();
  RunSummary summary{spec.case_count, spec.case_count - missing.size(), 0, 0};
  Progress progress(progress_stream(options.quiet), spec.case_count, summary.already_stored, store.failed_case_count());
  std::size_t next = 0;
  std::exception_ptr error;
  for (int active = workers; active > 0;) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, Tag::report, communicator, &arrived, &status);
    if (!arrived) {
      // Blocking receives spin in most MPI implementations; sleeping leaves the core to a worker.
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int size = 0;
    MPI_Get_count(&status, MPI_CHAR, &size);
    std::vector<char> message(static_cast<std::size_t>(size));
    MPI_Recv(message.data(), size, MPI_CHAR, status.MPI_SOURCE, Tag::report, communicator, MPI_STATUS_IGNORE);
    if (!message.empty() && !error) {
      try {
        const CaseRecord record = decode_record(message);
        store.insert(sampler.inputs(record.case_index), record);
        ++summary.run;
        const bool failed = record.status == CaseStatus::failed;
        if (failed) ++summary.failed;
        progress.case_stored(failed);
      } catch (...) {
        error = std::current_exception();
      }
    }
    if (!error && next < missing.size()) {
      const std::uint64_t index = missing[next++];
      MPI_Send(&index, 1, MPI_UINT64_T, status.MPI_SOURCE, Tag::assign, communicator);
    } else {
      MPI_Send(nullptr, 0, MPI_CHAR, status.MPI_SOURCE, Tag::finish, communicator);
      --active;
    }
  }
  progress.finish();
  if (error) std::rethrow_exception(error);
  return summary;
}

RunSummary run_handed_cases(const CampaignSpec& spec, const CaseFunction& run, MPI_Comm communicator) {
  const Sampler sampler(spec);
  RunSummary summary{spec.case_count, 0, 0, 0};
  std::vector<char> message;  // empty: ready for the first case
  while (true) {
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, Tag::report, communicator);
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, communicator, &status);
    if (status.MPI_TAG == Tag::finish) {
      MPI_Recv(nullptr, 0, MPI_CHAR, 0, Tag::finish, communicator, MPI_STATUS_IGNORE);
      return summary;
    }
    std::uint64_t index = 0;
    MPI_Recv(&index, 1, MPI_UINT64_T, 0, Tag::assign, communicator, MPI_STATUS_IGNORE);
    const CaseRecord record = run_case(run, sampler.inputs(index), spec.result_columns);
    ++summary.run;
    if (record.status == CaseStatus::failed) ++summary.failed;
    message = encode_record(record);
  }
}

}  // namespace

RunSummary run_campaign_mpi(const CampaignSpec& spec, const CaseFunction& run, const std::filesystem::path& store_path,
                            MPI_Comm communicator, const RunOptions& options) {
  int rank = 0, size = 1;
  MPI_Comm_rank(communicator, &rank);
  MPI_Comm_size(communicator, &size);
  if (size == 1) return run_campaign(spec, run, store_path, options);
  std::optional<Store> store = agree_on_campaign(spec, store_path, rank, communicator);
  if (rank == 0) return hand_out_cases(spec, *store, size - 1, communicator, options);
  return run_handed_cases(spec, run, communicator);
}

}  // namespace dyngen::campaign
