// Thinning for drawing keeps every interval's extremes: no peak is lost.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "report/envelope.hpp"

namespace dyngen::report {
namespace {

TEST(Envelope, ShortSeriesKeepEveryRow) {
  const std::vector<double> x = {0, 1, 2}, y = {5, 6, 7};
  EXPECT_EQ(envelope_rows(x, {&y}, 10), (std::vector<std::size_t>{0, 1, 2}));
}

TEST(Envelope, LongSeriesKeepTheirPeaksAndEnds) {
  const std::size_t n = 100000;
  std::vector<double> x(n), a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = 1e-4 * i;
    a[i] = std::sin(x[i] * 3) + (i == 43210 ? 50.0 : 0.0);  // one sample spike
    b[i] = i == 77777 ? -20.0 : std::cos(x[i]);
  }
  b[5000] = NAN;
  const std::vector<std::size_t> rows = envelope_rows(x, {&a, &b}, 4000);
  EXPECT_LE(rows.size(), 4000u + 40u);  // buckets * 2 * series, plus the ends and the gap edges
  EXPECT_GT(rows.size(), 1000u);
  EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
  EXPECT_EQ(std::adjacent_find(rows.begin(), rows.end()), rows.end());
  EXPECT_EQ(rows.front(), 0u);
  EXPECT_EQ(rows.back(), n - 1);
  for (const std::size_t kept : {std::size_t{43210}, std::size_t{77777}, std::size_t{5000}, std::size_t{5001}})
    EXPECT_TRUE(std::binary_search(rows.begin(), rows.end(), kept)) << kept;
  // every bucket's maximum of `a` is kept: the thinned maximum is the true one
  double thinned_max = -INFINITY;
  for (const std::size_t row : rows) thinned_max = std::max(thinned_max, a[row]);
  EXPECT_EQ(thinned_max, *std::max_element(a.begin(), a.end()));
}

}  // namespace
}  // namespace dyngen::report
