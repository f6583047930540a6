// Two stores hold the same campaign when their campaign rows (creation time apart) and their cases
// tables (wall times apart) are equal value for value -- doubles bit for bit.
#pragma once

#include "campaign/store.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

namespace dyngen::campaign::testing {

inline CaseTable without_wall_times(CaseTable table) {
  const std::size_t wall = table.column_index(kWallTimeColumn);
  table.columns.erase(table.columns.begin() + static_cast<std::ptrdiff_t>(wall));
  for (auto& row : table.rows) row.erase(row.begin() + static_cast<std::ptrdiff_t>(wall));
  return table;
}

inline void expect_same_campaign_and_cases(const std::filesystem::path& a, const std::filesystem::path& b) {
  const Store first = Store::open_for_reading(a), second = Store::open_for_reading(b);
  const StoredCampaign &x = first.campaign(), &y = second.campaign();
  EXPECT_EQ(x.scenario, y.scenario);
  EXPECT_EQ(x.scenario_sha256, y.scenario_sha256);
  EXPECT_EQ(x.seed, y.seed);
  EXPECT_EQ(x.case_count, y.case_count);
  EXPECT_EQ(x.design, y.design);
  EXPECT_EQ(x.inputs, y.inputs);
  EXPECT_EQ(x.result_columns, y.result_columns);
  const CaseTable p = without_wall_times(first.read_cases()), q = without_wall_times(second.read_cases());
  EXPECT_EQ(p.columns, q.columns);
  ASSERT_EQ(p.rows.size(), q.rows.size());
  for (std::size_t r = 0; r < p.rows.size(); ++r) EXPECT_EQ(p.rows[r], q.rows[r]) << "row " << r;
}

// A store path under the temporary directory, free when made and removed (with its -wal and -shm
// files) when the test ends.
class ScratchStore {
 public:
  explicit ScratchStore(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("dyngen_campaign_" + name + "_" + std::to_string(::getpid()) + ".sqlite")) {
    remove();
  }
  ScratchStore(const ScratchStore&) = delete;
  ScratchStore& operator=(const ScratchStore&) = delete;
  ~ScratchStore() { remove(); }
  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }

 private:
  void remove() const {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
  }
  std::filesystem::path path_;
};

}  // namespace dyngen::campaign::testing
