// Percentiles and histograms of a numeric result column (peak loads, penetration, capture time).
#pragma once

#include "campaign/case_table.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace dyngen::campaign {

// The p-quantile (0 <= p <= 1) of sorted values by linear interpolation between order statistics,
// Hyndman & Fan's definition 7 (The American Statistician 50 (1996) 361-365; R's and NumPy's
// default):  h = (n - 1) p,  Q = x_floor(h) + (h - floor(h)) (x_floor(h)+1 - x_floor(h)),  0-based.
double percentile(const std::vector<double>& sorted, double p);

struct Percentiles {
  std::size_t count = 0;  // values summarized (NULLs left out)
  double min = 0.0, p5 = 0.0, p50 = 0.0, p95 = 0.0, max = 0.0;
  double mean = 0.0;
};

// Throws CampaignError when there is no value.
Percentiles percentiles(std::vector<double> values);
// Of the non-NULL values of a numeric column.
Percentiles column_percentiles(const CaseTable& table, std::string_view column);

// Equal-width bins over [low, high]: bin b holds low + b w <= x < low + (b + 1) w, w = (high - low) / bins,
// the last bin also holding x = high; values outside are counted in below/above.
struct Histogram {
  double low = 0.0, high = 0.0;
  std::vector<std::uint64_t> counts;
  std::uint64_t below = 0, above = 0;
  double bin_width() const { return (high - low) / static_cast<double>(counts.size()); }
};

Histogram histogram(const std::vector<double>& values, std::size_t bins, double low, double high);
// Over [min, max] of the values (a single distinct value v gets [v - 1/2, v + 1/2]); throws when empty.
Histogram histogram(const std::vector<double>& values, std::size_t bins);
Histogram column_histogram(const CaseTable& table, std::string_view column, std::size_t bins);

}  // namespace dyngen::campaign
