#include "report/write_campaign_report.hpp"

#include <fstream>
#include <stdexcept>

#include "campaign/store.hpp"
#include "report/atomic_file.hpp"
#include "report/campaign_charts.hpp"
#include "report/campaign_page.hpp"
#include "report/figure_files.hpp"

namespace dyngen::report {
namespace {

std::vector<Figure> paper_figures(const CampaignCharts& charts) {
  std::vector<Figure> figures;
  const auto add = [&](const char* file, const char* title, const std::vector<Chart>& charts_of_figure) {
    if (charts_of_figure.empty()) return;
    Figure figure{file, title, {}};
    for (const Chart& chart : charts_of_figure) figure.panels.push_back(&chart);
    figures.push_back(std::move(figure));
  };
  add("capture_envelope.png", "Capture envelope", charts.envelope);
  add("capture_rate.png", "Capture rate across the varied inputs", charts.capture_by_input);
  add("peak_loads.png", "Peak loads, penetration and capture time", charts.histograms);
  return figures;
}

}  // namespace

bool is_sqlite_file(const std::filesystem::path& path) {
  constexpr char kHeader[] = "SQLite format 3";  // and its terminating zero: 16 bytes
  std::ifstream in(path, std::ios::binary);
  char header[sizeof kHeader] = {};
  return std::filesystem::is_regular_file(path) && in.read(header, sizeof header) &&
         std::equal(header, header + sizeof header, kHeader);
}

WrittenReport write_campaign_report(const std::filesystem::path& store,
                                    const std::optional<std::filesystem::path>& html_path) {
  const campaign::Store opened = campaign::Store::open_for_reading(store);
  const campaign::StoredCampaign& campaign = opened.campaign();
  const campaign::CaseTable cases = opened.read_cases();

  WrittenReport report{html_path.value_or(store.parent_path() / (store.stem().string() + ".html")), {}, ""};
  const std::filesystem::path html_folder = std::filesystem::absolute(report.html).parent_path();
  if (!std::filesystem::is_directory(html_folder))
    throw std::runtime_error("cannot write " + report.html.string() + ": no folder " + html_folder.string());

  const CampaignCharts charts = campaign_charts(campaign, cases);
  FigureDrawing drawing(report.html.parent_path() / (report.html.stem().string() + "_plots"));
  const PageFigures figures = drawing.draw(paper_figures(charts), html_folder);
  report.warning = figures.warning;
  report.figures = drawing.destinations();
  const std::string html = campaign_page_html(store.string(), campaign, cases, charts, figures);
  drawing.move_into_place();
  write_file_atomically(report.html, html);
  return report;
}

}  // namespace dyngen::report
