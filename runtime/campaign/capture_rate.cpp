#include "campaign/capture_rate.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/standard_normal.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace dyngen::campaign {

ProportionInterval wilson_interval(std::uint64_t successes, std::uint64_t trials, double confidence) {
  if (!(confidence > 0.0 && confidence < 1.0))
    throw CampaignError("a confidence level is between 0 and 1, got " + std::to_string(confidence));
  if (successes > trials)
    throw CampaignError(std::to_string(successes) + " successes in " + std::to_string(trials) + " trials");
  if (trials == 0) return {};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z = standard_normal_quantile(1.0 - (1.0 - confidence) / 2.0);
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denominator;
  const double half_width = z / denominator * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
  return {std::max(0.0, centre - half_width), std::min(1.0, centre + half_width)};
}

CaptureRate capture_rate(const CaseTable& table, std::string_view column, double confidence) {
  CaptureRate result;
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    const auto value = table.number(row, column);
    if (!value) {
      ++result.not_counted;
      continue;
    }
    ++result.counted;
    if (*value != 0.0) ++result.captured;
  }
  if (result.counted > 0) result.rate = static_cast<double>(result.captured) / static_cast<double>(result.counted);
  result.interval = wilson_interval(result.captured, result.counted, confidence);
  return result;
}

}  // namespace dyngen::campaign
