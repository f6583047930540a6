#include "campaign/distribution.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/standard_normal.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

namespace dyngen::campaign {

namespace {

std::string number_text(double x) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  return std::string(buffer, end);
}

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

[[noreturn]] void fail(std::string_view text, const std::string& why) {
  throw CampaignError("distribution \"" + std::string(text) + "\": " + why);
}

// "name(a, b, ...)" -> name and the numbers; throws naming the text on anything else.
std::pair<std::string_view, std::vector<double>> split_call(std::string_view text) {
  const std::string_view call = trimmed(text);
  const auto open = call.find('(');
  if (open == std::string_view::npos || call.back() != ')')
    fail(text, "expected uniform(low, high), normal(mean, sigma[, low, high]) or fixed(value)");
  const std::string_view name = trimmed(call.substr(0, open));
  std::string_view arguments = call.substr(open + 1, call.size() - open - 2);
  std::vector<double> numbers;
  while (true) {
    const auto comma = arguments.find(',');
    const std::string_view argument = trimmed(arguments.substr(0, comma));
    double value = 0.0;
    const auto [end, error] = std::from_chars(argument.data(), argument.data() + argument.size(), value);
    if (argument.empty() || error != std::errc() || end != argument.data() + argument.size())
      fail(text, "\"" + std::string(argument) + "\" is not a number");
    numbers.push_back(value);
    if (comma == std::string_view::npos) break;
    arguments.remove_prefix(comma + 1);
  }
  return {name, numbers};
}

}  // namespace

Distribution::Distribution(DistributionKind kind, double mean, double sigma, double low, double high)
    : kind_(kind), mean_(mean), sigma_(sigma), low_(low), high_(high) {}

Distribution Distribution::uniform(double low, double high) {
  if (!std::isfinite(low) || !std::isfinite(high) || !(low < high))
    fail("uniform(" + number_text(low) + ", " + number_text(high) + ")", "needs finite bounds with low < high");
  return Distribution(DistributionKind::uniform, 0.0, 0.0, low, high);
}

Distribution Distribution::normal(double mean, double sigma, double low, double high) {
  Distribution d(DistributionKind::normal, mean, sigma, low, high);
  if (!std::isfinite(mean) || !std::isfinite(sigma) || !(sigma > 0.0))
    fail(d.text(), "needs a finite mean and a finite sigma > 0");
  if (std::isnan(low) || std::isnan(high) || !(low < high)) fail(d.text(), "needs bounds with low < high");
  const double alpha = (low - mean) / sigma, beta = (high - mean) / sigma;
  d.upper_tail_ = alpha > 0.0;
  d.probability_at_low_ = d.upper_tail_ ? standard_normal_upper_tail(alpha) : standard_normal_cdf(alpha);
  d.probability_at_high_ = d.upper_tail_ ? standard_normal_upper_tail(beta) : standard_normal_cdf(beta);
  if (d.probability_at_low_ == d.probability_at_high_)
    fail(d.text(), "the bounds hold no probability mass in double precision (standardized bounds " +
                       number_text(alpha) + ", " + number_text(beta) + ")");
  return d;
}

Distribution Distribution::fixed(double value) {
  if (!std::isfinite(value)) fail("fixed(" + number_text(value) + ")", "needs a finite value");
  return Distribution(DistributionKind::fixed, value, 0.0, value, value);
}

Distribution Distribution::parse(std::string_view text) {
  const auto [name, numbers] = split_call(text);
  if (name == "uniform" && numbers.size() == 2) return uniform(numbers[0], numbers[1]);
  if (name == "normal" && numbers.size() == 2) return normal(numbers[0], numbers[1]);
  if (name == "normal" && numbers.size() == 4) return normal(numbers[0], numbers[1], numbers[2], numbers[3]);
  if (name == "fixed" && numbers.size() == 1) return fixed(numbers[0]);
  fail(text, "expected uniform(low, high), normal(mean, sigma[, low, high]) or fixed(value)");
}

double Distribution::quantile(double u) const {
  switch (kind_) {
    case DistributionKind::fixed:
      return low_;
    case DistributionKind::uniform:
      return std::min(high_, low_ + u * (high_ - low_));
    case DistributionKind::normal:
      break;
  }
  const double probability = probability_at_low_ + u * (probability_at_high_ - probability_at_low_);
  // Q(z) = Phi(-z), so z = -Phi^-1(Q) on the upper-tail side.
  const double z = upper_tail_ ? -standard_normal_quantile(probability) : standard_normal_quantile(probability);
  // The last-bit rounding of Phi^-1 may step just past a bound; the bound is the right value there.
  return std::clamp(mean_ + sigma_ * z, low_, high_);
}

std::string Distribution::text() const {
  switch (kind_) {
    case DistributionKind::uniform:
      return "uniform(" + number_text(low_) + ", " + number_text(high_) + ")";
    case DistributionKind::fixed:
      return "fixed(" + number_text(low_) + ")";
    case DistributionKind::normal:
      break;
  }
  std::string text = "normal(" + number_text(mean_) + ", " + number_text(sigma_);
  if (std::isfinite(low_) || std::isfinite(high_)) text += ", " + number_text(low_) + ", " + number_text(high_);
  return text + ")";
}

}  // namespace dyngen::campaign
