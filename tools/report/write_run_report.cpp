#include "report/write_run_report.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "report/atomic_file.hpp"
#include "report/figure_files.hpp"
#include "report/run_charts.hpp"
#include "report/run_directory.hpp"
#include "report/run_page.hpp"

namespace dyngen::report {
namespace {

std::vector<Figure> paper_figures(const std::vector<ChartSection>& sections) {
  std::vector<Figure> figures;
  for (const ChartSection& section : sections) {
    if (section.figure_panels.empty()) continue;
    Figure figure{section.id + ".png", section.title, {}};
    for (const std::size_t panel : section.figure_panels) figure.panels.push_back(&section.charts[panel]);
    figures.push_back(std::move(figure));
  }
  return figures;
}

}  // namespace

WrittenReport write_run_report(const std::filesystem::path& run_directory,
                               const std::optional<std::filesystem::path>& html_path) {
  const Run run = load_run(run_directory);
  WrittenReport report{html_path.value_or(run_directory / "report.html"), {}, ""};
  const std::filesystem::path html_folder = std::filesystem::absolute(report.html).parent_path();
  if (!std::filesystem::is_directory(html_folder))
    throw std::runtime_error("cannot write " + report.html.string() + ": no folder " + html_folder.string());

  const std::vector<ChartSection> sections = history_sections(run.history);
  const std::vector<Figure> figures = paper_figures(sections);
  FigureDrawing drawing(run_directory / "plots");
  PageFigures links = drawing.draw(figures, html_folder);
  if (figures.empty()) links.note = "No figures: the history has none of the columns they plot.";
  report.warning = links.warning;
  report.figures = drawing.destinations();
  const std::string html = run_page_html(run, sections, links);
  drawing.move_into_place();
  write_file_atomically(report.html, html);
  return report;
}

}  // namespace dyngen::report
