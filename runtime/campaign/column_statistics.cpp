#include "campaign/column_statistics.hpp"

#include "campaign/campaign_error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace dyngen::campaign {

double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) throw CampaignError("a percentile of no values");
  const double h = static_cast<double>(sorted.size() - 1) * std::clamp(p, 0.0, 1.0);
  const auto below = static_cast<std::size_t>(std::floor(h));
  if (below + 1 >= sorted.size()) return sorted.back();
  return sorted[below] + (h - static_cast<double>(below)) * (sorted[below + 1] - sorted[below]);
}

Percentiles percentiles(std::vector<double> values) {
  if (values.empty()) throw CampaignError("percentiles of no values");
  std::sort(values.begin(), values.end());
  Percentiles result;
  result.count = values.size();
  result.min = values.front();
  result.p5 = percentile(values, 0.05);
  result.p50 = percentile(values, 0.50);
  result.p95 = percentile(values, 0.95);
  result.max = values.back();
  result.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  return result;
}

Percentiles column_percentiles(const CaseTable& table, std::string_view column) {
  auto values = table.numbers(column);
  if (values.empty()) throw CampaignError("column \"" + std::string(column) + "\" has no value to summarize");
  return percentiles(std::move(values));
}

Histogram histogram(const std::vector<double>& values, std::size_t bins, double low, double high) {
  if (bins == 0 || !(low < high)) throw CampaignError("a histogram needs at least one bin and low < high");
  Histogram result{low, high, std::vector<std::uint64_t>(bins, 0)};
  for (const double x : values) {
    if (x < low) {
      ++result.below;
    } else if (x > high) {
      ++result.above;
    } else {
      const auto bin = static_cast<std::size_t>((x - low) / (high - low) * static_cast<double>(bins));
      ++result.counts[std::min(bin, bins - 1)];
    }
  }
  return result;
}

Histogram histogram(const std::vector<double>& values, std::size_t bins) {
  if (values.empty()) throw CampaignError("a histogram of no values");
  const auto [min, max] = std::minmax_element(values.begin(), values.end());
  if (*min == *max) return histogram(values, bins, *min - 0.5, *max + 0.5);
  return histogram(values, bins, *min, *max);
}

Histogram column_histogram(const CaseTable& table, std::string_view column, std::size_t bins) {
  const auto values = table.numbers(column);
  if (values.empty()) throw CampaignError("column \"" + std::string(column) + "\" has no value to histogram");
  return histogram(values, bins);
}

}  // namespace dyngen::campaign
