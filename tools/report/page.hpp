// A self-contained HTML report page: header with title, subtitle and status badges, a navigation
// bar, sections holding text, tables and charts, and data blocks and scripts for interactive
// parts. Everything is inlined (CSS, uPlot, the charts' data, scripts), so the file opens in any
// browser without network and can be mailed or archived alone. The run report (run_page.hpp)
// builds one; a campaign report will build another with the same look.
//
//   Page page("Docking simulation report", "runs/case_17");
//   page.add_badge("captured", Tone::good);
//   Section& forces = page.add_section("contact", "Contact forces");
//   forces.add_text("Normal and friction force of each contact pair.");
//   forces.add_chart(chart);          // charts of a section flow in a grid
//   forces.add_table(table);
//   std::string html = page.html();
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "report/chart.hpp"
#include "report/table.hpp"

namespace dyngen::report {

enum class Tone { neutral, good, warning, bad };

class Section {
 public:
  Section(std::string id, std::string title) : id_(std::move(id)), title_(std::move(title)) {}
  void add_heading(std::string_view text);  // a sub-heading within the section
  void add_text(std::string_view text);     // a paragraph
  void add_note(std::string_view text);     // a muted remark (absent data, thinning, conventions)
  void add_table(const Table& table);
  void add_chart(Chart chart);
  void add_html(std::string html);          // markup the caller built; text in it must be escaped
  // Headline numbers as cards (label, value): what an engineer reads first.
  void add_key_figures(const std::vector<std::pair<std::string, std::string>>& figures);
  void add_message(std::string_view text);  // a diagnostic shown prominently

  const std::string& id() const { return id_; }
  const std::string& title() const { return title_; }

 private:
  friend class Page;
  std::string id_, title_;
  std::vector<std::variant<std::string, Chart>> blocks_;  // markup or a chart, in order
};

class Page {
 public:
  // `max_chart_rows`: samples per chart beyond which a chart keeps each interval's extremes only
  // (envelope.hpp), which bounds the file's size for long runs.
  explicit Page(std::string title, std::string subtitle = "", std::size_t max_chart_rows = 4000);
  void add_badge(std::string text, Tone tone);
  Section& add_section(std::string id, std::string title);  // sections keep their addresses
  // A <script type="application/json" id="..."> block for the page's scripts. Its id must not be
  // an element's id too; the convention is `<name>-data` (the charts' own is `dyngen-charts-data`).
  void add_data(std::string id, std::string json);
  // A script run after uPlot and the chart runtime (window.dyngenCharts), in the order added.
  void add_script(std::string_view script);

  std::string html() const;

 private:
  std::string title_, subtitle_;
  std::size_t max_chart_rows_;
  std::vector<std::pair<std::string, Tone>> badges_;
  std::deque<Section> sections_;
  std::vector<std::pair<std::string, std::string>> data_;
  std::vector<std::string> scripts_;
};

}  // namespace dyngen::report
