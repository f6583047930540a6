#include "report/campaign_page.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>

#include "campaign/capture_rate.hpp"
#include "campaign/column_statistics.hpp"
#include "campaign/worst_cases.hpp"
#include "report/html_text.hpp"
#include "report/page.hpp"
#include "simulation/docking_campaign.hpp"
#include "simulation/rerun_command.hpp"

namespace dyngen::report {
namespace {

using campaign::CaseTable;
using campaign::StoredCampaign;

constexpr std::size_t kWorstPerCriterion = 5;
constexpr std::size_t kListedCases = 10;  // failed or not captured cases listed with their commands
constexpr std::size_t kExampleCases = 8;  // case indices named per outcome

struct Criterion {
  const char* column;
  const char* title;
};

constexpr Criterion kWorstCriteria[] = {
    {"peak_active_force", "Largest force on the active spacecraft (mechanism base)"},
    {"peak_active_moment", "Largest moment on the active spacecraft (mechanism base)"},
    {"peak_passive_force", "Largest contact force on the passive unit"},
    {"peak_passive_moment", "Largest contact moment on the passive unit"},
    {"max_penetration", "Deepest penetration"},
    {"capture_time", "Latest captures"},
    {"energy_balance_error", "Largest energy balance errors (numerical quality)"},
};

constexpr const char* kStatisticsColumns[] = {
    "peak_active_force", "peak_active_moment", "peak_passive_force", "peak_passive_moment", "max_penetration",
    "capture_time",      "first_contact_time", "end_time",           "steps",               "energy_balance_error",
    "wall_time_s"};

std::string percent(double fraction) { return format_number(100.0 * fraction, 4) + " %"; }

std::string number_text(double value) { return format_number(value, 5); }

std::string text_cell(const CaseTable& cases, std::size_t row, const std::string& column) {
  const auto position = std::find(cases.columns.begin(), cases.columns.end(), column);
  if (position == cases.columns.end()) return "-";
  const campaign::Value& value = cases.rows[row][static_cast<std::size_t>(position - cases.columns.begin())];
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  if (const auto* real = std::get_if<double>(&value)) return number_text(*real);
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return std::to_string(*integer);
  return "-";
}

bool has_column(const CaseTable& cases, const std::string& name) {
  return std::find(cases.columns.begin(), cases.columns.end(), name) != cases.columns.end();
}

// The scenario's name and description from the stored text (empty when it cannot be read).
std::pair<std::string, std::string> scenario_title(const std::string& scenario_text) {
  try {
    const YAML::Node root = YAML::Load(scenario_text);
    const auto text = [&](const char* key) {
      return root[key] && root[key].IsScalar() ? root[key].Scalar() : std::string();
    };
    return {text("name"), text("description")};
  } catch (const YAML::Exception&) {
    return {};
  }
}

// The command that reruns a case alone, from the store's provenance and the case's inputs.
class Rerun {
 public:
  explicit Rerun(const StoredCampaign& campaign)
      : file_(campaign.provenance_value("scenario_file")),
        options_(campaign.provenance_value("scenario_options")),
        directory_(campaign.provenance_value("working_directory")) {
    if (file_.empty()) file_ = "SCENARIO";
    for (const campaign::VariedInput& input : campaign.inputs) inputs_.push_back(input.path);
  }

  std::string command(const CaseTable& cases, std::size_t row) const {
    campaign::CaseInputs inputs;
    inputs.case_index = cases.case_index(row);
    for (const std::string& path : inputs_) inputs.values.emplace_back(path, cases.number(row, path).value_or(0.0));
    return simulation::rerun_command(file_, options_, inputs);
  }

  // Where the commands run, as a sentence for the page.
  std::string where() const {
    return directory_.empty() ? "Each command reruns its case alone."
                              : "Each command reruns its case alone when run from " + directory_ +
                                    " (where the campaign was started); dyngen report on its run directory then "
                                    "shows it in full.";
  }

 private:
  std::string file_, options_, directory_;
  std::vector<std::string> inputs_;
};

// A table of cases whose last column is the command that reruns each (selected whole by a click).
std::string case_table_html(const std::vector<std::string>& header, const std::vector<bool>& numeric,
                            const std::vector<std::vector<std::string>>& rows, const std::vector<std::string>& commands) {
  const auto is_numeric = [&](std::size_t c) { return c < numeric.size() && numeric[c]; };
  std::string html = "<div class=\"table-wrap\"><table class=\"data cases\"><thead><tr>";
  for (std::size_t c = 0; c < header.size(); ++c)
    html += std::string(is_numeric(c) ? "<th class=\"num\">" : "<th>") + escape_html(header[c]) + "</th>";
  html += "<th>rerun alone</th></tr></thead><tbody>";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    html += "<tr>";
    for (std::size_t c = 0; c < rows[r].size(); ++c)
      html += std::string(is_numeric(c) ? "<td class=\"num\">" : header[c] == "diagnostic" ? "<td class=\"diagnostic\">" : "<td>") +
              escape_html(rows[r][c]) + "</td>";
    html += "<td class=\"rerun\"><code class=\"command\" title=\"click to select the whole command\">" +
            escape_html(commands[r]) + "</code></td></tr>";
  }
  return html + "</tbody></table></div>";
}

// Rows of the cases by case index (the table is ordered by it).
std::size_t row_of(const CaseTable& cases, std::uint64_t case_index) {
  std::size_t low = 0, high = cases.rows.size();
  while (low < high) {
    const std::size_t middle = (low + high) / 2;
    if (cases.case_index(middle) < case_index)
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}

struct Counts {
  std::size_t stored = 0, failed = 0;
  campaign::CaptureRate capture;
};

Counts counts_of(const CaseTable& cases) {
  Counts counts;
  counts.stored = cases.rows.size();
  for (std::size_t r = 0; r < cases.rows.size(); ++r)
    if (case_outcome(cases, r) == CaseOutcome::failed) ++counts.failed;
  if (has_column(cases, "captured")) counts.capture = campaign::capture_rate(cases);
  return counts;
}

void add_summary(Page& page, const std::string& store, const StoredCampaign& campaign, const CaseTable& cases,
                 const Counts& counts) {
  Section& section = page.add_section("summary", "Summary");
  const campaign::CaptureRate& capture = counts.capture;
  std::vector<std::pair<std::string, std::string>> figures = {
      {"cases stored", std::to_string(counts.stored) + " of " + std::to_string(campaign.case_count)},
      {"capture rate", capture.counted ? percent(capture.rate) : "-"},
      {"95 % interval", capture.counted ? percent(capture.interval.low) + " – " + percent(capture.interval.high) : "-"},
      {"failed", std::to_string(counts.failed)},
      {"design", std::string(campaign::design_name(campaign.design)) + ", seed " + std::to_string(campaign.seed)}};
  if (has_column(cases, campaign::kWallTimeColumn.data()) && counts.stored > 0) {
    const campaign::Percentiles wall = campaign::column_percentiles(cases, campaign::kWallTimeColumn);
    figures.emplace_back("wall time per case", format_number(wall.mean, 3) + " s mean");
  }
  section.add_key_figures(figures);
  if (counts.failed > 0) {
    const auto all = capture.counted + capture.not_counted;
    const campaign::ProportionInterval pessimistic = campaign::wilson_interval(capture.captured, all);
    section.add_message(std::to_string(counts.failed) +
                        " cases stopped by a diagnostic (see Outcomes): their capture is unknown, so the capture rate "
                        "leaves them out. Counted as not captured, it would be " +
                        percent(static_cast<double>(capture.captured) / static_cast<double>(all)) + " (" +
                        percent(pessimistic.low) + " – " + percent(pessimistic.high) + ").");
  }
  section.add_text("Capture rate: captured cases over the cases with an outcome (" + std::to_string(capture.captured) +
                   " of " + std::to_string(capture.counted) +
                   "), with Wilson's 95 % score interval, which stays within 0 – 100 % and is the one to quote for a "
                   "rate near 100 %.");
  if (counts.stored < campaign.case_count)
    section.add_note("Incomplete: " + std::to_string(campaign.case_count - counts.stored) +
                     " cases are not stored yet (the campaign is running, or was interrupted: the same dyngen campaign "
                     "command resumes it). This report covers the stored cases.");

  const auto [name, description] = scenario_title(campaign.scenario);
  Table definition{{"item", "value"}, {}, {}, "The campaign"};
  const auto add = [&](const std::string& item, const std::string& value) {
    if (!value.empty()) definition.rows.push_back({item, value});
  };
  add("scenario", name);
  add("description", description);
  add("scenario file", campaign.provenance_value("scenario_file"));
  add("scenario SHA-256", campaign.scenario_sha256);
  add("command", campaign.provenance_value("command"));
  add("working directory", campaign.provenance_value("working_directory"));
  add("store", store);
  add("created", campaign.created);
  add("design", std::string(campaign::design_name(campaign.design)));
  add("seed", std::to_string(campaign.seed));
  add("cases", std::to_string(campaign.case_count));
  section.add_table(definition);

  Table inputs{{"input", "distribution", "unit", "sampled min", "median", "max"}, {}, {false, false, false, true, true, true},
               "Varied inputs (the initial conditions with a distribution), sampled values of the stored cases"};
  for (const campaign::VariedInput& input : campaign.inputs) {
    std::vector<std::string> row = {input.path, input.distribution.text(), simulation::docking_column_unit(input.path)};
    const std::vector<double> values = cases.numbers(input.path);
    if (values.empty()) {
      row.insert(row.end(), {"-", "-", "-"});
    } else {
      const campaign::Percentiles p = campaign::percentiles(values);
      row.insert(row.end(), {number_text(p.min), number_text(p.p50), number_text(p.max)});
    }
    inputs.rows.push_back(row);
  }
  section.add_table(inputs);
  section.add_html("<details class=\"scenario\"><summary>The scenario as stored (the campaign's options applied; the "
                   "fingerprints of the files it reads at the end)</summary><pre>" +
                   escape_html(campaign.scenario) + "</pre></details>");
}

void add_case_list(Section& section, const CaseTable& cases, const Rerun& rerun, const std::string& store,
                   const std::string& title, const std::vector<std::size_t>& rows, const std::string& where) {
  section.add_heading(title + " (" + std::to_string(rows.size()) + ")");
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> commands;
  for (std::size_t k = 0; k < std::min(rows.size(), kListedCases); ++k) {
    const std::size_t r = rows[k];
    cells.push_back({std::to_string(cases.case_index(r)), text_cell(cases, r, "outcome"),
                     text_cell(cases, r, std::string(campaign::kDiagnosticColumn))});
    commands.push_back(rerun.command(cases, r));
  }
  section.add_html(case_table_html({"case", "outcome", "diagnostic"}, {true}, cells, commands));
  if (rows.size() > kListedCases)
    section.add_note(std::to_string(rows.size() - kListedCases) + " more; all of them: sqlite3 " +
                     simulation::shell_word(store) + " \"SELECT case_index, outcome, diagnostic FROM cases WHERE " + where +
                     "\"");
}

void add_outcomes(Page& page, const std::string& store, const CaseTable& cases, const Rerun& rerun) {
  Section& section = page.add_section("outcomes", "Outcomes");
  if (cases.rows.empty()) {
    section.add_note("No case is stored yet.");
    return;
  }
  std::map<std::string, std::vector<std::uint64_t>> by_outcome;
  std::vector<std::size_t> failed, missed;
  for (std::size_t r = 0; r < cases.rows.size(); ++r) {
    by_outcome[text_cell(cases, r, "outcome")].push_back(cases.case_index(r));
    const CaseOutcome outcome = case_outcome(cases, r);
    if (outcome == CaseOutcome::failed) failed.push_back(r);
    if (outcome == CaseOutcome::not_captured) missed.push_back(r);
  }
  std::vector<std::pair<std::string, std::vector<std::uint64_t>>> ordered(by_outcome.begin(), by_outcome.end());
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  Table table{{"outcome", "cases", "share", "first cases"}, {}, {false, true, true, false},
              "How the runs ended (not captured: the units separated, or no capture before the scenario's end; "
              "completed: no contact; stopped: a diagnostic)"};
  for (const auto& [outcome, indices] : ordered) {
    std::string examples;
    for (std::size_t k = 0; k < std::min(indices.size(), kExampleCases); ++k)
      examples += (k ? ", " : "") + std::to_string(indices[k]);
    if (indices.size() > kExampleCases) examples += ", ...";
    table.rows.push_back({outcome, std::to_string(indices.size()),
                          percent(static_cast<double>(indices.size()) / static_cast<double>(cases.rows.size())), examples});
  }
  section.add_table(table);
  if (!failed.empty()) add_case_list(section, cases, rerun, store, "Failed cases", failed, "status = 'failed'");
  if (!missed.empty()) add_case_list(section, cases, rerun, store, "Cases not captured", missed, "captured = 0");
  if (!failed.empty() || !missed.empty()) section.add_note(rerun.where());
}

void add_envelope(Page& page, const CampaignCharts& charts) {
  Section& section = page.add_section("envelope", "Capture envelope");
  section.add_text(
      "Each dot is one case at its initial conditions: green captured, red not captured, dark grey failed (stopped by "
      "a diagnostic). Where captures and misses overlap the outcome depends on the other inputs too. Drag on a chart "
      "to zoom, double-click to zoom out.");
  for (const Chart& chart : charts.envelope) section.add_chart(chart);
  if (charts.envelope.empty() && charts.envelope_notes.empty()) section.add_note("No case is stored yet.");
  for (const std::string& note : charts.envelope_notes) section.add_note(note);
  if (charts.capture_by_input.empty()) return;
  section.add_heading("Capture rate across each varied input");
  section.add_text(
      "The cases with an outcome in equal-width bins of one input (all others varying as sampled): the capture rate "
      "in each bin with its 95 % Wilson interval (dashed). A rate falling across the bins marks where the envelope "
      "ends along that input.");
  for (const Chart& chart : charts.capture_by_input) section.add_chart(chart);
}

void add_loads(Page& page, const CaseTable& cases, const CampaignCharts& charts) {
  Section& section = page.add_section("loads", "Peak loads");
  section.add_text(
      "Peak force and moment on the active spacecraft (the mechanism's base wrench) and of the contact on the passive "
      "unit, deepest penetration, capture time, and the run's numbers, over the stored cases (failed cases included "
      "with the values they reached). Percentiles interpolate between order statistics (Hyndman & Fan's definition 7).");
  Table table{{"quantity", "cases", "min", "p5", "p50", "p95", "p99", "max", "mean"},
              {},
              {false, true, true, true, true, true, true, true, true},
              ""};
  for (const char* column : kStatisticsColumns) {
    if (!has_column(cases, column)) continue;
    std::vector<double> values = cases.numbers(column);
    if (values.empty()) continue;
    const campaign::Percentiles p = campaign::percentiles(values);
    std::sort(values.begin(), values.end());
    table.rows.push_back({column_label(column), std::to_string(p.count), number_text(p.min), number_text(p.p5),
                          number_text(p.p50), number_text(p.p95), number_text(campaign::percentile(values, 0.99)),
                          number_text(p.max), number_text(p.mean)});
  }
  if (table.rows.empty()) {
    section.add_note("No case is stored yet.");
    return;
  }
  section.add_table(table);
  for (const Chart& chart : charts.histograms) section.add_chart(chart);
  for (const std::string& note : charts.histogram_notes) section.add_note(note);
}

void add_worst_cases(Page& page, const CaseTable& cases, const Rerun& rerun) {
  Section& section = page.add_section("worst", "Worst cases");
  section.add_text("The " + std::to_string(kWorstPerCriterion) + " worst cases by each criterion. " + rerun.where() +
                   " Click a command to select it whole.");
  bool any = false;
  for (const Criterion& criterion : kWorstCriteria) {
    if (!has_column(cases, criterion.column)) continue;
    const auto worst = campaign::worst_cases(cases, criterion.column, kWorstPerCriterion);
    if (worst.empty()) continue;
    any = true;
    section.add_heading(criterion.title);
    std::vector<std::vector<std::string>> cells;
    std::vector<std::string> commands;
    for (std::size_t k = 0; k < worst.size(); ++k) {
      const std::size_t r = row_of(cases, worst[k].case_index);
      cells.push_back({std::to_string(k + 1), std::to_string(worst[k].case_index), number_text(worst[k].value),
                       text_cell(cases, r, "outcome")});
      commands.push_back(rerun.command(cases, r));
    }
    section.add_html(case_table_html({"rank", "case", column_label(criterion.column), "outcome"}, {true, true, true},
                                     cells, commands));
  }
  if (!any) section.add_note("No case is stored yet.");
}

}  // namespace

std::string campaign_page_html(const std::string& store, const StoredCampaign& campaign, const CaseTable& cases,
                               const CampaignCharts& charts, const PageFigures& figures) {
  const Counts counts = counts_of(cases);
  const std::string name = scenario_title(campaign.scenario).first;
  Page page("Monte Carlo docking campaign", (name.empty() ? "" : name + " · ") + store);
  if (counts.capture.counted > 0)
    page.add_badge("capture rate " + percent(counts.capture.rate) + " (95 %: " + percent(counts.capture.interval.low) +
                       " – " + percent(counts.capture.interval.high) + ")",
                   Tone::neutral);
  page.add_badge(std::to_string(counts.stored) + " of " + std::to_string(campaign.case_count) + " cases",
                 counts.stored == campaign.case_count ? Tone::good : Tone::warning);
  page.add_badge(counts.failed ? std::to_string(counts.failed) + " failed" : "no case failed",
                 counts.failed ? Tone::bad : Tone::good);

  const Rerun rerun(campaign);
  add_summary(page, store, campaign, cases, counts);
  add_outcomes(page, store, cases, rerun);
  add_envelope(page, charts);
  add_loads(page, cases, charts);
  add_worst_cases(page, cases, rerun);
  add_figures_section(page, figures);
  return page.html();
}

}  // namespace dyngen::report
