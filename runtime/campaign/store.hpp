// The results store of a campaign: one SQLite file holding the campaign's definition and one row
// per finished case, each written in its own transaction as the case completes (WAL journal,
// synchronous=FULL), so an interrupted campaign loses only the cases in flight and a rerun runs the
// missing ones. See README.md for the schema.
#pragma once

#include "campaign/campaign_spec.hpp"
#include "campaign/case_inputs.hpp"
#include "campaign/case_result.hpp"
#include "campaign/case_table.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dyngen::campaign {

// The campaign table's row.
struct StoredCampaign {
  std::string scenario;
  std::string scenario_sha256;
  std::uint64_t seed = 0;
  std::uint64_t case_count = 0;
  Design design = Design::random;
  std::vector<VariedInput> inputs;
  std::vector<Column> result_columns;
  std::string created;  // UTC, ISO 8601 ("2025-01-31T12:00:00Z")
  std::vector<std::pair<std::string, std::string>> provenance;  // as the creating run gave it, in its order

  // The provenance value of `name`, or empty when there is none.
  std::string provenance_value(std::string_view name) const;
};

class Store {
 public:
  // Creates the store at `path` for this campaign (schema and campaign row in one transaction), or
  // opens the one there and checks it was made by the same definition: scenario hash, seed, N,
  // design, varied inputs and result columns; any difference is refused with a CampaignError naming
  // each. The provenance is written at creation only. Holds an exclusive lock (flock) on the file while open, so a second campaign on the same
  // store is refused rather than interleaved. The file must be on a local file system (WAL needs
  // shared memory between connections).
  static Store open_for_campaign(const std::filesystem::path& path, const CampaignSpec& spec);
  // Opens an existing store read-only (statistics, export), also while a campaign writes to it.
  static Store open_for_reading(const std::filesystem::path& path);

  Store(Store&&) noexcept;
  Store& operator=(Store&&) noexcept;
  ~Store();

  const StoredCampaign& campaign() const;
  // Case indices in [0, N) without a row, increasing.
  std::vector<std::uint64_t> missing_cases() const;
  std::uint64_t stored_case_count() const;
  std::uint64_t failed_case_count() const;

  // Writes one case (its inputs and its record) in its own transaction; durable on return.
  void insert(const CaseInputs& inputs, const CaseRecord& record);

  // All stored cases by increasing index.
  CaseTable read_cases() const;

 private:
  struct Connection;
  explicit Store(std::unique_ptr<Connection> connection);
  std::unique_ptr<Connection> connection_;
};

}  // namespace dyngen::campaign
