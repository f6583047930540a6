// Statistics of a campaign: Wilson intervals against Newcombe's published table, percentiles by
// Hyndman & Fan's definition 7 worked by hand, histograms with their edge cases, worst cases with
// ties and NULLs, and all of them on a toy campaign's store against counts made directly from its
// rows.
#include "campaign/capture_rate.hpp"
#include "campaign/column_statistics.hpp"
#include "campaign/worst_cases.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/run_campaign.hpp"
#include "store_comparison.hpp"
#include "toy_docking.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace dyngen::campaign {
namespace {

TEST(Statistics, WilsonIntervalMatchesNewcombesTable) {
  // R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17 (1998) 857-872, table II, method 3 (score), 95 %.
  struct Row {
    std::uint64_t k, n;
    double low, high;
  };
  for (const Row row : {Row{81, 263, 0.2553, 0.3662}, Row{15, 148, 0.0624, 0.1605}, Row{0, 20, 0.0, 0.1611},
                        Row{1, 29, 0.0061, 0.1718}}) {
    const ProportionInterval interval = wilson_interval(row.k, row.n);
    EXPECT_NEAR(interval.low, row.low, 5e-5) << row.k << "/" << row.n;
    EXPECT_NEAR(interval.high, row.high, 5e-5) << row.k << "/" << row.n;
  }
  const ProportionInterval all = wilson_interval(10, 10);
  EXPECT_EQ(all.high, 1.0);
  EXPECT_NEAR(all.low, 0.7225, 5e-5);
  const ProportionInterval none = wilson_interval(0, 0);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_EQ(none.high, 1.0);
  // A wider confidence gives a wider interval.
  EXPECT_LT(wilson_interval(81, 263, 0.99).low, 0.2553);
  EXPECT_THROW(wilson_interval(3, 2), CampaignError);
}

CaseTable table_of(std::vector<Value> captured, std::vector<Value> load) {
  CaseTable table;
  table.columns = {"case_index", "captured", "peak_load"};
  for (std::size_t i = 0; i < captured.size(); ++i)
    table.rows.push_back({static_cast<std::int64_t>(i), captured[i], load[i]});
  return table;
}

TEST(Statistics, CaptureRateLeavesNullCasesOut) {
  const Value null = std::monostate{};
  const CaseTable table = table_of({std::int64_t{1}, std::int64_t{0}, null, std::int64_t{1}, std::int64_t{1}},
                                   {1.0, 2.0, null, 4.0, 5.0});
  const CaptureRate rate = capture_rate(table);
  EXPECT_EQ(rate.captured, 3u);
  EXPECT_EQ(rate.counted, 4u);
  EXPECT_EQ(rate.not_counted, 1u);
  EXPECT_EQ(rate.rate, 0.75);
  EXPECT_EQ(rate.interval.low, wilson_interval(3, 4).low);
}

TEST(Statistics, PercentilesInterpolateBetweenOrderStatistics) {
  // 1..10: h = 9 p, so p5 = 1 + 0.45, p50 = 5.5, p95 = 9.55.
  const Percentiles p = percentiles({10, 3, 1, 2, 4, 9, 5, 6, 8, 7});
  EXPECT_EQ(p.count, 10u);
  EXPECT_DOUBLE_EQ(p.p5, 1.45);
  EXPECT_DOUBLE_EQ(p.p50, 5.5);
  EXPECT_DOUBLE_EQ(p.p95, 9.55);
  EXPECT_EQ(p.min, 1.0);
  EXPECT_EQ(p.max, 10.0);
  EXPECT_DOUBLE_EQ(p.mean, 5.5);
  // NumPy's documentation: np.percentile([[10, 7, 4], [3, 2, 1]], 50) = 3.5.
  EXPECT_DOUBLE_EQ(percentiles({10, 7, 4, 3, 2, 1}).p50, 3.5);
  const Percentiles one = percentiles({2.5});
  EXPECT_EQ(one.p5, 2.5);
  EXPECT_EQ(one.p95, 2.5);
  EXPECT_THROW(percentiles({}), CampaignError);
}

TEST(Statistics, HistogramBinsEdgesAndOutliers) {
  const Histogram h = histogram({0.0, 0.1, 0.25, 0.5, 0.99, 1.0, -0.1, 1.5}, 4, 0.0, 1.0);
  EXPECT_EQ(h.counts, (std::vector<std::uint64_t>{2, 1, 1, 2}));  // 0.25 opens bin 1; 1.0 closes the last
  EXPECT_EQ(h.below, 1u);
  EXPECT_EQ(h.above, 1u);
  EXPECT_EQ(h.bin_width(), 0.25);
  const Histogram over_range = histogram({3.0, 1.0, 2.0, 2.0}, 2);
  EXPECT_EQ(over_range.low, 1.0);
  EXPECT_EQ(over_range.high, 3.0);
  EXPECT_EQ(over_range.counts, (std::vector<std::uint64_t>{1, 3}));
  const Histogram single = histogram({4.0, 4.0}, 3);
  EXPECT_EQ(single.counts, (std::vector<std::uint64_t>{0, 2, 0}));
  EXPECT_THROW(histogram({1.0}, 0, 0.0, 1.0), CampaignError);
}

TEST(Statistics, WorstCasesRankWithTiesByIndexAndSkipNulls) {
  const Value null = std::monostate{};
  const CaseTable table = table_of({null, null, null, null, null, null}, {3.0, 7.0, null, 7.0, 1.0, 5.0});
  const auto largest = worst_cases(table, "peak_load", 3);
  ASSERT_EQ(largest.size(), 3u);
  EXPECT_EQ(largest[0].case_index, 1u);
  EXPECT_EQ(largest[1].case_index, 3u);
  EXPECT_EQ(largest[2].case_index, 5u);
  const auto smallest = worst_cases(table, "peak_load", 10, Worst::smallest);
  ASSERT_EQ(smallest.size(), 5u);
  EXPECT_EQ(smallest[0].case_index, 4u);
  EXPECT_EQ(smallest[0].value, 1.0);
  EXPECT_THROW(worst_cases(table, "no_such_column", 1), CampaignError);
}

TEST(Statistics, OnAToyCampaignStoreTheyAgreeWithItsRows) {
  const testing::ScratchStore path("statistics");
  run_campaign(testing::toy_campaign(Design::latin_hypercube, 200), testing::toy_docking, path,
               {.threads = 2, .quiet = true});
  const CaseTable table = Store::open_for_reading(path).read_cases();
  std::uint64_t captured = 0, set = 0;
  std::vector<double> loads;
  for (const auto& row : table.rows) {
    const Value& flag = row[table.column_index("captured")];
    if (std::holds_alternative<std::int64_t>(flag)) {
      ++set;
      captured += std::get<std::int64_t>(flag) != 0;
    }
    loads.push_back(std::get<double>(row[table.column_index("peak_load")]));
  }
  const CaptureRate rate = capture_rate(table);
  EXPECT_EQ(rate.captured, captured);
  EXPECT_EQ(rate.counted, set);
  EXPECT_EQ(rate.not_counted, 200u - set);
  EXPECT_LE(rate.interval.low, rate.rate);
  EXPECT_GE(rate.interval.high, rate.rate);
  std::sort(loads.begin(), loads.end());
  const Percentiles p = column_percentiles(table, "peak_load");
  EXPECT_EQ(p.max, loads.back());
  EXPECT_DOUBLE_EQ(p.p50, (loads[99] + loads[100]) / 2);
  EXPECT_EQ(worst_cases(table, "peak_load", 1)[0].value, loads.back());
  const Histogram h = column_histogram(table, "peak_load", 20);
  std::uint64_t total = 0;
  for (const auto count : h.counts) total += count;
  EXPECT_EQ(total, 200u);
  EXPECT_THROW(column_percentiles(table, "outcome"), CampaignError);
  RecordProperty("capture_rate", std::to_string(rate.rate) + " [" + std::to_string(rate.interval.low) + ", " +
                                     std::to_string(rate.interval.high) + "] of " + std::to_string(rate.counted));
}

}  // namespace
}  // namespace dyngen::campaign
