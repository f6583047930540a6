// The charts of a docking campaign's report, from its stored cases: the capture envelope (initial
// lateral miss against angular misalignment and against closing velocity, one dot per case
// coloured by outcome), the capture rate with its Wilson interval in bins of each varied input, and
// histograms of the peak loads, the penetration and the capture time. Built once, drawn on the page
// (uPlot) and as PNG figures (gnuplot).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "campaign/case_table.hpp"
#include "campaign/store.hpp"
#include "report/chart.hpp"

namespace dyngen::report {

// What became of a case: captured, not captured (ended without capture, with or without contact),
// or failed (stopped by a diagnostic; its capture unknown).
enum class CaseOutcome { captured, not_captured, failed };
CaseOutcome case_outcome(const campaign::CaseTable& cases, std::size_t row);

// The outcome colours of the page and the figures.
extern const char* const kCapturedColour;
extern const char* const kNotCapturedColour;
extern const char* const kFailedColour;

// The nominal value of each initial condition in the stored scenario text (initial.<key>: value
// or {value: ...}), by dotted path; conditions it cannot read are absent.
std::map<std::string, double> nominal_initial_conditions(const std::string& scenario_text);

struct CampaignCharts {
  std::vector<Chart> envelope;          // scatter plots coloured by outcome
  std::vector<std::string> envelope_notes;   // envelope charts left out and why
  std::vector<Chart> capture_by_input;  // capture rate in bins of each varied input
  std::vector<Chart> histograms;        // of loads, penetration, capture time
  std::vector<std::string> histogram_notes;  // histograms left out and why
};

// Axis label of a column: "lateral miss [m]" for initial.lateral_miss.
std::string column_label(const std::string& column);

CampaignCharts campaign_charts(const campaign::StoredCampaign& campaign, const campaign::CaseTable& cases);

}  // namespace dyngen::report
