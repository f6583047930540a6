#include "report/write_run_report.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "report/atomic_file.hpp"
#include "report/gnuplot_run.hpp"
#include "report/gnuplot_script.hpp"
#include "report/run_charts.hpp"
#include "report/run_directory.hpp"
#include "report/run_page.hpp"

namespace dyngen::report {
namespace {

// A relative path as a URL path: separators as slashes, the characters that end or escape a path
// in a URL percent-encoded.
std::string href_of(const std::filesystem::path& relative) {
  std::string href;
  for (const char c : relative.generic_string()) {
    switch (c) {
      case '%': href += "%25"; break;
      case ' ': href += "%20"; break;
      case '#': href += "%23"; break;
      case '?': href += "%3F"; break;
      default: href += c;
    }
  }
  return href;
}

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

// PNG figures drawn into a scratch folder beside plots/, moved in only when the page is ready too,
// and the scratch folder removed in any case.
class FigureDrawing {
 public:
  explicit FigureDrawing(const std::filesystem::path& plots) : plots_(plots), scratch_(temporary_beside(plots)) {
    std::filesystem::remove_all(scratch_);
    std::filesystem::create_directories(scratch_);
  }
  ~FigureDrawing() {
    std::error_code ignored;
    std::filesystem::remove_all(scratch_, ignored);
  }
  FigureDrawing(const FigureDrawing&) = delete;
  FigureDrawing& operator=(const FigureDrawing&) = delete;

  // False when there is no gnuplot.
  bool draw(const std::vector<Figure>& figures) {
    for (const Figure& figure : figures) {
      const std::filesystem::path script = scratch_ / (figure.file + ".gp");
      write_file_atomically(script, gnuplot_script(figure, scratch_ / figure.file));
      if (!run_gnuplot(script, scratch_ / (figure.file + ".log"))) return false;
      drawn_.push_back(figure.file);
    }
    return true;
  }

  // Where the drawn figures will be.
  std::vector<std::filesystem::path> destinations() const {
    std::vector<std::filesystem::path> paths;
    for (const std::string& file : drawn_) paths.push_back(plots_ / file);
    return paths;
  }

  void move_into_place() const {
    if (drawn_.empty()) return;
    std::filesystem::create_directories(plots_);
    for (const std::string& file : drawn_) std::filesystem::rename(scratch_ / file, plots_ / file);
  }

 private:
  std::filesystem::path plots_, scratch_;
  std::vector<std::string> drawn_;
};

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
  RunPageFigures links;
  if (figures.empty()) {
    links.note = "No figures: the history has none of the columns they plot.";
  } else if (!drawing.draw(figures)) {
    report.warning = "gnuplot not found (Debian package gnuplot-nox): no PNG figures written";
    links.note = "No figures: " + report.warning + ".";
  }
  report.figures = drawing.destinations();
  for (std::size_t i = 0; i < report.figures.size(); ++i)
    links.links.push_back({figures[i].title, href_of(std::filesystem::relative(std::filesystem::absolute(report.figures[i]),
                                                                                html_folder))});
  const std::string html = run_page_html(run, sections, links);
  drawing.move_into_place();
  write_file_atomically(report.html, html);
  return report;
}

}  // namespace dyngen::report
