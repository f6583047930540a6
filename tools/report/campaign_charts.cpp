#include "report/campaign_charts.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>

#include "campaign/capture_rate.hpp"
#include "campaign/column_statistics.hpp"
#include "simulation/docking_campaign.hpp"

namespace dyngen::report {

const char* const kCapturedColour = "#2ca02c";
const char* const kNotCapturedColour = "#d62728";
const char* const kFailedColour = "#404040";

namespace {

using campaign::CaseTable;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The envelope's axes: the initial conditions the issue of capture depends on most (thesis 4.5).
constexpr const char* kLateralMiss = "initial.lateral_miss";
constexpr const char* kEnvelopeOrdinates[] = {"initial.angular_misalignment", "initial.closing_velocity"};

// The result columns drawn as histograms, in the page's order.
constexpr const char* kHistogramColumns[] = {"peak_active_force", "peak_active_moment", "peak_passive_force",
                                             "peak_passive_moment", "max_penetration", "capture_time"};

bool has_column(const CaseTable& cases, const std::string& name) {
  return std::find(cases.columns.begin(), cases.columns.end(), name) != cases.columns.end();
}

// One value per case: the column's where it is a column (a varied input), else the nominal value.
std::optional<std::vector<double>> per_case(const CaseTable& cases, const std::string& column,
                                            const std::map<std::string, double>& nominal) {
  if (has_column(cases, column)) {
    std::vector<double> values(cases.rows.size());
    for (std::size_t r = 0; r < cases.rows.size(); ++r) values[r] = cases.number(r, column).value_or(kNaN);
    return values;
  }
  if (const auto value = nominal.find(column); value != nominal.end())
    return std::vector<double>(cases.rows.size(), value->second);
  return std::nullopt;
}

// y against x, one dot per case, a series per outcome (x sorted, as uPlot's x must be).
Chart outcome_scatter(const CaseTable& cases, const std::string& x_column, const std::vector<double>& x,
                      const std::string& y_column, const std::vector<double>& y) {
  std::vector<std::size_t> order(cases.rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return x[a] < x[b]; });
  Chart chart;
  chart.title = column_label(y_column) + " against " + column_label(x_column) + ", by outcome";
  chart.x_label = column_label(x_column);
  chart.y_label = column_label(y_column);
  chart.shows_time = false;
  chart.points = true;
  chart.series = {{"captured", {}, kCapturedColour}, {"not captured", {}, kNotCapturedColour}, {"failed", {}, kFailedColour}};
  for (const std::size_t r : order) {
    chart.x.push_back(x[r]);
    const auto outcome = static_cast<std::size_t>(case_outcome(cases, r));
    for (std::size_t s = 0; s < chart.series.size(); ++s) chart.series[s].values.push_back(s == outcome ? y[r] : kNaN);
  }
  return chart;
}

// Capture rate (%) with its 95 % Wilson interval in equal-width bins of an input, over the cases
// with an outcome (about 25 a bin, 2 to 10 bins); empty bins are gaps.
Chart capture_by_bins(const CaseTable& cases, const std::string& input, std::size_t bins) {
  std::vector<double> all, captured;
  for (std::size_t r = 0; r < cases.rows.size(); ++r) {
    const auto value = cases.number(r, input);
    const auto capture = cases.number(r, "captured");
    if (!value || !capture) continue;
    all.push_back(*value);
    if (*capture != 0.0) captured.push_back(*value);
  }
  const campaign::Histogram trials = campaign::histogram(all, bins);
  const campaign::Histogram hits = campaign::histogram(captured, bins, trials.low, trials.high);
  Chart chart;
  chart.title = "Capture rate in bins of " + column_label(input);
  chart.x_label = column_label(input) + " (bin centre)";
  chart.y_label = "capture rate [%]";
  chart.shows_time = false;
  chart.series = {{"capture rate", {}, kCapturedColour}, {"95 % interval, low", {}, "#7f7f7f", true},
                  {"95 % interval, high", {}, "#7f7f7f", true}};
  for (std::size_t b = 0; b < bins; ++b) {
    chart.x.push_back(trials.low + (static_cast<double>(b) + 0.5) * trials.bin_width());
    const std::uint64_t n = trials.counts[b], k = hits.counts[b];
    const campaign::ProportionInterval interval = campaign::wilson_interval(k, n);
    const bool empty = n == 0;
    chart.series[0].values.push_back(empty ? kNaN : 100.0 * static_cast<double>(k) / static_cast<double>(n));
    chart.series[1].values.push_back(empty ? kNaN : 100.0 * interval.low);
    chart.series[2].values.push_back(empty ? kNaN : 100.0 * interval.high);
  }
  return chart;
}

// Counts in equal-width bins drawn as steps: x the bin edges, each count held across its bin (the
// last repeated at the right edge).
Chart histogram_chart(const CaseTable& cases, const std::string& column, std::size_t bins) {
  const campaign::Histogram shape = campaign::column_histogram(cases, column, bins);
  Chart chart;
  chart.title = "Distribution of " + column_label(column);
  chart.x_label = column_label(column);
  chart.y_label = "cases [-]";
  chart.shows_time = false;
  chart.steps = true;
  chart.series = {{"cases", {}, "", false}};
  for (std::size_t b = 0; b <= bins; ++b) {
    chart.x.push_back(shape.low + static_cast<double>(b) * shape.bin_width());
    chart.series[0].values.push_back(static_cast<double>(shape.counts[std::min(b, bins - 1)]));
  }
  return chart;
}

// Rice's rule, 2 n^(1/3) bins, within [min_bins, max_bins].
std::size_t bin_count(std::size_t values, std::size_t min_bins, std::size_t max_bins) {
  const auto rice = static_cast<std::size_t>(std::ceil(2.0 * std::cbrt(static_cast<double>(values))));
  return std::clamp(rice, min_bins, max_bins);
}

}  // namespace

CaseOutcome case_outcome(const CaseTable& cases, std::size_t row) {
  const auto captured = cases.number(row, "captured");
  if (!captured) return CaseOutcome::failed;
  return *captured != 0.0 ? CaseOutcome::captured : CaseOutcome::not_captured;
}

std::map<std::string, double> nominal_initial_conditions(const std::string& scenario_text) {
  std::map<std::string, double> nominal;
  try {
    const YAML::Node initial = YAML::Load(scenario_text)["initial"];
    if (!initial.IsMap()) return nominal;
    for (const auto& entry : initial) {
      const YAML::Node value = entry.second.IsMap() ? entry.second["value"] : entry.second;
      double number = 0.0;
      if (value && value.IsScalar() && YAML::convert<double>::decode(value, number))
        nominal["initial." + entry.first.as<std::string>()] = number;
    }
  } catch (const YAML::Exception&) {
    // not a scenario the report can read: no nominal values, the charts of varied inputs only
  }
  return nominal;
}

std::string column_label(const std::string& column) {
  if (column == campaign::kWallTimeColumn) return "wall time of a case [s]";
  std::string name = column.starts_with("initial.") ? column.substr(8) : column;
  std::replace(name.begin(), name.end(), '_', ' ');
  const std::string unit = simulation::docking_column_unit(column);
  return name + " [" + (unit.empty() ? "-" : unit) + "]";
}

CampaignCharts campaign_charts(const campaign::StoredCampaign& campaign, const CaseTable& cases) {
  CampaignCharts charts;
  if (cases.rows.empty()) return charts;
  const std::map<std::string, double> nominal = nominal_initial_conditions(campaign.scenario);
  const auto x = per_case(cases, kLateralMiss, nominal);
  for (const char* ordinate : kEnvelopeOrdinates) {
    const auto y = per_case(cases, ordinate, nominal);
    if (!has_column(cases, kLateralMiss) && !has_column(cases, ordinate)) {
      charts.envelope_notes.push_back(column_label(ordinate) + " against " + column_label(kLateralMiss) +
                             ": neither varies in this campaign.");
    } else if (x && y) {
      charts.envelope.push_back(outcome_scatter(cases, kLateralMiss, *x, ordinate, *y));
    }
  }
  const std::size_t counted = cases.numbers("captured").size();
  for (const campaign::VariedInput& input : campaign.inputs)
    if (input.distribution.varies() && counted > 0)
      charts.capture_by_input.push_back(capture_by_bins(cases, input.path, std::clamp<std::size_t>(counted / 25, 2, 10)));
  for (const char* column : kHistogramColumns) {
    if (!has_column(cases, column)) continue;
    const std::size_t values = cases.numbers(column).size();
    if (values == 0) {
      charts.histogram_notes.push_back("No case has a " + column_label(column) + ": no histogram.");
      continue;
    }
    charts.histograms.push_back(histogram_chart(cases, column, bin_count(values, 5, 40)));
  }
  return charts;
}

}  // namespace dyngen::report
