#include "campaign/run_campaign.hpp"

#include "campaign/progress.hpp"
#include "campaign/run_case.hpp"
#include "campaign/sampler.hpp"
#include "campaign/store.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace dyngen::campaign {

RunSummary run_campaign(const CampaignSpec& spec, const CaseFunction& run, const std::filesystem::path& store_path,
                        const RunOptions& options) {
  Store store = Store::open_for_campaign(store_path, spec);
  const Sampler sampler(spec);
  const std::vector<std::uint64_t> missing = store.missing_cases();
  RunSummary summary{spec.case_count, spec.case_count - missing.size(), 0, 0};
  Progress progress(progress_stream(options.quiet), spec.case_count, summary.already_stored, store.failed_case_count());

  const unsigned requested = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const auto threads = static_cast<unsigned>(std::min<std::uint64_t>(requested, missing.size()));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex store_mutex;  // guards store, summary, progress and error
  std::exception_ptr error;

  const auto work = [&] {
    try {
      while (!stop) {
        const std::size_t k = next++;
        if (k >= missing.size()) return;
        const CaseInputs inputs = sampler.inputs(missing[k]);
        const CaseRecord record = run_case(run, inputs, spec.result_columns);
        const std::lock_guard lock(store_mutex);
        if (stop) return;
        store.insert(inputs, record);
        ++summary.run;
        const bool failed = record.status == CaseStatus::failed;
        if (failed) ++summary.failed;
        progress.case_stored(failed);
      }
    } catch (...) {
      const std::lock_guard lock(store_mutex);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    if (threads > 0) work();
  }  // the pool joins here
  progress.finish();
  if (error) std::rethrow_exception(error);
  return summary;
}

}  // namespace dyngen::campaign
