#include "report/page.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>

#include <nlohmann/json.hpp>

#include "report/assets.hpp"
#include "report/envelope.hpp"
#include "report/html_text.hpp"

namespace dyngen::report {
namespace {

const char* tone_class(Tone tone) {
  switch (tone) {
    case Tone::good: return "badge good";
    case Tone::warning: return "badge warning";
    case Tone::bad: return "badge bad";
    case Tone::neutral: break;
  }
  return "badge";
}

// Drawn values need no more digits than a screen resolves; x keeps more so that close samples of
// a long run stay apart. Non-finite values are gaps (null).
void append_numbers(std::string& out, const std::vector<double>& values, const std::vector<std::size_t>& rows,
                    int significant) {
  out += '[';
  char text[40];
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i > 0) out += ',';
    const double v = values[rows[i]];
    if (std::isfinite(v)) {
      std::snprintf(text, sizeof text, "%.*g", significant, v);
      out += text;
    } else {
      out += "null";
    }
  }
  out += ']';
}

// {"id", "title", ..., "series": [...], "rows", "total_rows", "data": [[x...], [y...], ...]}: the
// uPlot data layout, columns of equal length.
std::string chart_json(const Chart& chart, const std::string& id, std::size_t max_rows) {
  std::vector<const std::vector<double>*> columns;
  for (const Series& series : chart.series) columns.push_back(&series.values);
  std::vector<std::size_t> rows(chart.x.size());
  if (chart.points)
    std::iota(rows.begin(), rows.end(), std::size_t{0});
  else
    rows = envelope_rows(chart.x, columns, max_rows);
  nlohmann::json meta = {{"id", id},
                         {"title", chart.title},
                         {"x_label", chart.x_label},
                         {"y_label", chart.y_label},
                         {"steps", chart.steps},
                         {"points", chart.points},
                         {"shows_time", chart.shows_time},
                         {"rows", rows.size()},
                         {"total_rows", chart.x.size()},
                         {"series", nlohmann::json::array()}};
  for (const Series& series : chart.series)
    meta["series"].push_back({{"label", series.label}, {"color", series.color}, {"dashed", series.dashed}});
  // labels come from CSV headers: bytes that are not UTF-8 are replaced, not an error
  std::string json = meta.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  json.pop_back();  // the closing brace: the data follow
  json += ",\"data\":[";
  append_numbers(json, chart.x, rows, 10);
  for (const Series& series : chart.series) {
    json += ',';
    append_numbers(json, series.values, rows, 7);
  }
  return json + "]}";
}

std::string table_html(const Table& table) {
  const auto numeric = [&table](std::size_t column) { return column < table.numeric.size() && table.numeric[column]; };
  std::string html = "<div class=\"table-wrap\"><table class=\"data\">";
  if (!table.caption.empty()) html += "<caption>" + escape_html(table.caption) + "</caption>";
  html += "<thead><tr>";
  for (std::size_t c = 0; c < table.header.size(); ++c)
    html += std::string(numeric(c) ? "<th class=\"num\">" : "<th>") + escape_html(table.header[c]) + "</th>";
  html += "</tr></thead><tbody>";
  for (const auto& row : table.rows) {
    html += "<tr>";
    for (std::size_t c = 0; c < row.size(); ++c)
      html += std::string(numeric(c) ? "<td class=\"num\">" : "<td>") + escape_html(row[c]) + "</td>";
    html += "</tr>";
  }
  return html + "</tbody></table></div>";
}

// An HTML comment may not hold "--".
std::string comment_text(std::string_view text) {
  std::string safe;
  for (const char c : text) {
    if (c == '-' && !safe.empty() && safe.back() == '-') safe += ' ';
    safe += c;
  }
  return safe;
}

}  // namespace

void Section::add_heading(std::string_view text) { blocks_.emplace_back("<h3>" + escape_html(text) + "</h3>"); }
void Section::add_text(std::string_view text) { blocks_.emplace_back("<p>" + escape_html(text) + "</p>"); }
void Section::add_note(std::string_view text) { blocks_.emplace_back("<p class=\"note\">" + escape_html(text) + "</p>"); }
void Section::add_table(const Table& table) { blocks_.emplace_back(table_html(table)); }
void Section::add_chart(Chart chart) { blocks_.emplace_back(std::move(chart)); }
void Section::add_html(std::string html) { blocks_.emplace_back(std::move(html)); }

void Section::add_key_figures(const std::vector<std::pair<std::string, std::string>>& figures) {
  std::string html = "<div class=\"key-figures\">";
  for (const auto& [label, value] : figures)
    html += "<div class=\"key-figure\"><div class=\"label\">" + escape_html(label) + "</div><div class=\"value\">" +
            escape_html(value) + "</div></div>";
  blocks_.emplace_back(html + "</div>");
}

void Section::add_message(std::string_view text) {
  blocks_.emplace_back("<div class=\"message\">" + escape_html(text) + "</div>");
}

Page::Page(std::string title, std::string subtitle, std::size_t max_chart_rows)
    : title_(std::move(title)), subtitle_(std::move(subtitle)), max_chart_rows_(max_chart_rows) {}

void Page::add_badge(std::string text, Tone tone) { badges_.emplace_back(std::move(text), tone); }

Section& Page::add_section(std::string id, std::string title) {
  return sections_.emplace_back(std::move(id), std::move(title));
}

void Page::add_data(std::string id, std::string json) { data_.emplace_back(std::move(id), std::move(json)); }

void Page::add_script(std::string_view script) { scripts_.emplace_back(script); }

std::string Page::html() const {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                     "<meta name=\"generator\" content=\"dyngen " DYNGEN_VERSION "\">\n<title>" +
                     escape_html(title_) + (subtitle_.empty() ? "" : " — " + escape_html(subtitle_)) +
                     "</title>\n<style>\n" + std::string(assets::uplot_css()) + "\n</style>\n<style>\n" +
                     std::string(assets::page_css()) + "\n</style>\n</head>\n<body>\n";

  html += "<header class=\"page-header\"><div class=\"page-heading\"><h1>" + escape_html(title_) + "</h1>";
  if (!subtitle_.empty()) html += "<p class=\"subtitle\">" + escape_html(subtitle_) + "</p>";
  html += "</div><div class=\"badges\">";
  for (const auto& [text, tone] : badges_)
    html += "<span class=\"" + std::string(tone_class(tone)) + "\">" + escape_html(text) + "</span>";
  html += "</div></header>\n<nav class=\"page-nav\">";
  for (const Section& section : sections_)
    html += "<a href=\"#" + escape_html(section.id()) + "\">" + escape_html(section.title()) + "</a>";
  html += "</nav>\n<main>\n";

  std::string charts = "[";
  int chart_count = 0;
  for (const Section& section : sections_) {
    html += "<section class=\"card\" id=\"" + escape_html(section.id()) + "\"><h2>" + escape_html(section.title()) +
            "</h2>\n";
    bool in_grid = false;  // consecutive charts share one grid
    for (const auto& block : section.blocks_) {
      const Chart* chart = std::get_if<Chart>(&block);
      if (chart && !in_grid) html += "<div class=\"chart-grid\">\n";
      if (!chart && in_grid) html += "</div>\n";
      in_grid = chart != nullptr;
      if (!chart) {
        html += std::get<std::string>(block) + "\n";
        continue;
      }
      const std::string id = "chart-" + std::to_string(++chart_count);
      html += "<figure class=\"chart\" id=\"" + id + "\"><figcaption>" + escape_html(chart->title) +
              "</figcaption><div class=\"chart-plot\"></div></figure>\n";
      charts += (chart_count > 1 ? ",\n" : "\n") + chart_json(*chart, id, max_chart_rows_);
    }
    if (in_grid) html += "</div>\n";
    html += "</section>\n";
  }
  html += "</main>\n<footer class=\"page-footer\">Written by dyngen " DYNGEN_VERSION
          " · charts drawn with uPlot (MIT licence), inlined · opens without network</footer>\n";

  html += "<script type=\"application/json\" id=\"dyngen-charts-data\">" + json_for_script(charts + "\n]") + "</script>\n";
  for (const auto& [id, json] : data_)
    html += "<script type=\"application/json\" id=\"" + escape_html(id) + "\">" + json_for_script(json) + "</script>\n";
  html += "<!-- uPlot, inlined below:\n" + comment_text(assets::uplot_license()) + "-->\n";
  html += "<script>\n" + script_for_html(assets::uplot_js()) + "\n</script>\n";
  html += "<script>\n" + script_for_html(assets::charts_js()) + "\n</script>\n";
  for (const std::string& script : scripts_) html += "<script>\n" + script_for_html(script) + "\n</script>\n";
  return html + "</body>\n</html>\n";
}

}  // namespace dyngen::report
