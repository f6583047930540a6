// The capture rate of a campaign with its confidence interval: the figure a docking mechanism is
// judged by.
#pragma once

#include "campaign/case_table.hpp"

#include <cstdint>
#include <string_view>

namespace dyngen::campaign {

struct ProportionInterval {
  double low = 0.0;
  double high = 1.0;
};

// Wilson's score interval (E. B. Wilson, "Probable inference, the law of succession, and
// statistical inference", JASA 22 (1927) 209-212; recommended by Brown, Cai & DasGupta, Statistical
// Science 16 (2001) 101-133), for k successes in n trials, z = Phi^-1(1 - (1 - confidence)/2):
//   centre = (p + z^2/(2n)) / (1 + z^2/n),  half-width = z / (1 + z^2/n) sqrt(p (1 - p)/n + z^2/(4 n^2)),  p = k/n.
// Inside [0, 1] even at k = 0 or k = n, unlike the normal approximation. n = 0 gives [0, 1].
ProportionInterval wilson_interval(std::uint64_t successes, std::uint64_t trials, double confidence = 0.95);

struct CaptureRate {
  std::uint64_t captured = 0;       // cases whose column is non-zero
  std::uint64_t counted = 0;        // cases whose column is not NULL
  std::uint64_t not_counted = 0;    // cases whose column is NULL (typically failed ones)
  double rate = 0.0;                // captured / counted (0 when nothing is counted)
  ProportionInterval interval;      // Wilson interval at `confidence`
};

// The capture rate over the cases where `column` (integer 0/1, or any number: non-zero = captured)
// is set; cases where it is NULL are left out and counted apart.
CaptureRate capture_rate(const CaseTable& table, std::string_view column = "captured", double confidence = 0.95);

}  // namespace dyngen::campaign
