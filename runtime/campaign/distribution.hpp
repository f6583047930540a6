// The distribution of one varied input: uniform, normal (optionally truncated to bounds) or fixed.
// Sampled by its quantile function from a design's unit coordinate, so one uniform number makes
// one value: Latin hypercube strata and Sobol points keep their structure through the mapping.
#pragma once

#include <limits>
#include <string>
#include <string_view>

namespace dyngen::campaign {

enum class DistributionKind { uniform, normal, fixed };

class Distribution {
 public:
  // Uniform on [low, high], low < high, both finite.
  static Distribution uniform(double low, double high);
  // Normal N(mean, sigma^2) truncated to [low, high]; infinite bounds leave that side open. The
  // bounds must hold probability mass in double precision (not 40 sigma out).
  static Distribution normal(double mean, double sigma, double low = -kInfinity, double high = kInfinity);
  // Always value.
  static Distribution fixed(double value);
  // The text form: "uniform(low, high)", "normal(mean, sigma)", "normal(mean, sigma, low, high)"
  // with -inf/inf for an open side, "fixed(value)". Throws CampaignError naming the text.
  static Distribution parse(std::string_view text);

  DistributionKind kind() const { return kind_; }
  bool varies() const { return kind_ != DistributionKind::fixed; }
  // uniform: its bounds; normal: the truncation bounds (may be infinite); fixed: the value twice.
  double low() const { return low_; }
  double high() const { return high_; }
  // normal: the parent distribution's mean and standard deviation (before truncation).
  double mean() const { return mean_; }
  double sigma() const { return sigma_; }

  // The value at cumulative probability u in (0, 1) (any u for fixed). A normal inside bounds is
  // sampled by the inverse CDF of the truncated distribution (no rejection):
  //   x = mean + sigma Phi^-1(Phi(alpha) + u (Phi(beta) - Phi(alpha))),  alpha, beta the standardized bounds,
  // through the upper tail Q = 1 - Phi when the interval lies above the mean, so bounds far in a
  // tail keep their precision. Always within [low, high].
  double quantile(double u) const;

  // The canonical text form (shortest round-trip numbers): parse(text()) == *this.
  std::string text() const;

  bool operator==(const Distribution&) const = default;

  static constexpr double kInfinity = std::numeric_limits<double>::infinity();

 private:
  Distribution(DistributionKind kind, double mean, double sigma, double low, double high);

  DistributionKind kind_;
  double mean_, sigma_, low_, high_;
  // normal: the interval [alpha, beta] in probabilities, as lower-tail Phi values, or as upper-tail
  // Q values when it lies above the mean (upper_tail_).
  bool upper_tail_ = false;
  double probability_at_low_ = 0.0, probability_at_high_ = 1.0;
};

}  // namespace dyngen::campaign
