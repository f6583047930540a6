#include "report/envelope.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::report {

std::vector<std::size_t> envelope_rows(const std::vector<double>& x, const std::vector<const std::vector<double>*>& series,
                                       std::size_t max_rows) {
  const std::size_t rows = x.size();
  std::vector<std::size_t> kept;
  if (rows <= max_rows || series.empty()) {
    for (std::size_t row = 0; row < rows; ++row) kept.push_back(row);
    return kept;
  }
  const std::size_t buckets = std::max<std::size_t>(100, max_rows / (2 * series.size()));
  const double x0 = x.front(), span = x.back() - x.front();
  const auto bucket_of = [&](std::size_t row) {
    return span > 0 ? std::min(buckets - 1, static_cast<std::size_t>((x[row] - x0) / span * buckets)) : 0;
  };
  kept.push_back(0);
  kept.push_back(rows - 1);
  std::size_t begin = 0;
  while (begin < rows) {
    std::size_t end = begin;
    const std::size_t bucket = bucket_of(begin);
    while (end < rows && bucket_of(end) == bucket) ++end;
    for (const std::vector<double>* values : series) {
      std::size_t low = rows, high = rows;
      for (std::size_t row = begin; row < end; ++row) {
        const double v = (*values)[row];
        if (row > 0 && std::isnan(v) != std::isnan((*values)[row - 1])) kept.push_back(row);
        if (std::isnan(v)) continue;
        if (low == rows || v < (*values)[low]) low = row;
        if (high == rows || v > (*values)[high]) high = row;
      }
      if (low != rows) kept.push_back(low);
      if (high != rows) kept.push_back(high);
    }
    begin = end;
  }
  std::sort(kept.begin(), kept.end());
  kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
  return kept;
}

}  // namespace dyngen::report
