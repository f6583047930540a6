// Thinning of long time histories for drawing: a chart a few hundred pixels wide gains nothing
// from 100 000 samples, but it must not lose a peak (peak contact forces are what the engineer
// looks for), so instead of every k-th row it keeps each interval's extremes.
#pragma once

#include <cstddef>
#include <vector>

namespace dyngen::report {

// Rows to draw, increasing: all rows when there are at most `max_rows`; otherwise the first and
// the last row and, in each of max_rows / (2 * series) equal intervals of x (at least 100), the
// rows holding each series' minimum and maximum, and the rows where a gap (nan) of a series
// begins or ends. `x` is non-decreasing; each series has one value per x.
std::vector<std::size_t> envelope_rows(const std::vector<double>& x, const std::vector<const std::vector<double>*>& series,
                                       std::size_t max_rows);

}  // namespace dyngen::report
