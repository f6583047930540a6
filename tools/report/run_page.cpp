#include "report/run_page.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>

#include <nlohmann/json.hpp>

#include "report/assets.hpp"
#include "report/html_text.hpp"
#include "report/page.hpp"

namespace dyngen::report {
namespace {

std::string seconds(double value) { return format_number(value, 6) + " s"; }

std::string time_range(const Run& run) {
  return format_number(run.history.time().front(), 6) + " – " + seconds(run.history.time().back());
}

std::string value_text(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "-";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer() || value.is_number_unsigned()) return value.dump();
  if (value.is_number()) return format_number(value.get<double>(), 6);
  return value.dump();
}

// The headline numbers of a run: what an engineer reads first.
std::vector<std::pair<std::string, std::string>> key_figures(const Run& run) {
  const Summary& summary = run.summary;
  const double simulated = run.history.time().back() - run.history.time().front();
  std::vector<std::pair<std::string, std::string>> cards = {
      {"status", summary.status},
      {"capture", summary.capture_time ? "at " + seconds(*summary.capture_time) : "not captured"},
      {"simulated", time_range(run)},
      {"steps", std::to_string(static_cast<long long>(summary.steps))},
      {"wall time", seconds(summary.wall_time)}};
  if (summary.wall_time > 0 && simulated > 0)
    cards.emplace_back("real-time factor", format_number(simulated / summary.wall_time, 3) + " x");
  return cards;
}

void add_summary(Page& page, const Run& run) {
  Section& section = page.add_section("summary", "Summary");
  section.add_key_figures(key_figures(run));
  if (!run.summary.message.empty()) section.add_message(run.summary.message);
  Table table{{"key", "value", "unit"}, {}, {}, "summary.json"};
  for (const SummaryEntry& entry : run.summary.entries) table.rows.push_back({entry.key, value_text(entry.value), entry.unit});
  section.add_table(table);
  for (const std::string& note : run.notes) section.add_note(note);
}

void add_diagram(Page& page, const Run& run) {
  Section& section = page.add_section("diagram", "Dynamic diagram");
  if (!run.diagram) {
    section.add_note("No diagram.json in the run directory.");
    return;
  }
  section.add_text(
      "Schematic projections in the passive unit's axes PU of its guide surfaces (grey; surfaces of revolution as "
      "their outlines), the active unit's bodies (colours in the legend) and the contacts (red points; arrows: contact "
      "force on the active unit). Drag the slider, press play (space), step with the arrow keys, or click a chart or "
      "an event to show that time.");
  section.add_html("<div id=\"dyngen-diagram\" class=\"diagram\"></div>");
  page.add_data("dyngen-diagram-data", run.diagram->document.dump());
  page.add_script(assets::diagram_js());
}

// The colour class of an event, from words in its name (README.md, "events.csv").
std::string event_category(const std::string& name) {
  std::string text = name;
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  const auto has = [&text](std::initializer_list<const char*> words) {
    return std::any_of(words.begin(), words.end(), [&text](const char* word) { return text.find(word) != std::string::npos; });
  };
  if (has({"captur"})) return "capture";
  if (has({"latch"})) return "latch";
  if (has({"stop", "error", "diagnos", "fail", "limit", "exceed", "abort"})) return "stop";
  if (has({"contact", "touch", "impact"})) return "contact";
  return "other";
}

void add_events(Page& page, const Run& run) {
  Section& section = page.add_section("events", "Events");
  if (!run.events) {
    section.add_note("No events.csv in the run directory.");
    return;
  }
  if (run.events->events.empty()) {
    section.add_note("No events recorded.");
    return;
  }
  double begin = run.history.time().front(), end = run.history.time().back();
  if (run.diagram) {
    begin = std::min(begin, run.diagram->begin);
    end = std::max(end, run.diagram->end);
  }
  nlohmann::json data = {{"begin", begin}, {"end", end}, {"events", nlohmann::json::array()}};
  for (const Event& event : run.events->events) {
    begin = std::min(begin, event.time);
    end = std::max(end, event.time);
    data["events"].push_back(
        {{"time", event.time}, {"event", event.name}, {"detail", event.detail}, {"category", event_category(event.name)}});
  }
  data["begin"] = begin;
  data["end"] = end;
  section.add_text("Click an event to show its time in the diagram and on the charts.");
  section.add_html("<div id=\"dyngen-timeline\" class=\"timeline\"></div>");
  // a detail is free text from a CSV file: bytes that are not UTF-8 are replaced, not an error
  page.add_data("dyngen-events-data", data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  page.add_script(assets::timeline_js());
}

}  // namespace

std::string run_page_html(const Run& run, const std::vector<ChartSection>& sections, const PageFigures& figures) {
  std::string subtitle = run.directory.string();
  if (run.diagram && run.diagram->document.contains("title"))
    subtitle += " · " + run.diagram->document["title"].get<std::string>();
  Page page("Docking simulation report", subtitle);
  const Summary& summary = run.summary;
  // the status, unless it only repeats the capture badge
  if (summary.status != (summary.captured ? "captured" : "not captured"))
    page.add_badge(summary.status, summary.captured ? Tone::good : summary.message.empty() ? Tone::warning : Tone::bad);
  page.add_badge(summary.captured ? "captured at " + seconds(*summary.capture_time) : "not captured",
                 summary.captured ? Tone::good : Tone::warning);
  page.add_badge("t = " + time_range(run), Tone::neutral);

  add_summary(page, run);
  add_diagram(page, run);
  add_events(page, run);
  for (const ChartSection& chart_section : sections) {
    Section& section = page.add_section(chart_section.id, chart_section.title);
    section.add_text(chart_section.intro);
    for (const Chart& chart : chart_section.charts) section.add_chart(chart);
    for (const std::string& note : chart_section.notes) section.add_note(note);
  }
  add_figures_section(page, figures);
  return page.html();
}

}  // namespace dyngen::report
