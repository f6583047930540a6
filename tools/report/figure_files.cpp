#include "report/figure_files.hpp"

#include "report/atomic_file.hpp"
#include "report/gnuplot_run.hpp"
#include "report/html_text.hpp"

namespace dyngen::report {

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

FigureDrawing::FigureDrawing(const std::filesystem::path& plots) : plots_(plots), scratch_(temporary_beside(plots)) {
  std::filesystem::remove_all(scratch_);
  std::filesystem::create_directories(scratch_);
}

FigureDrawing::~FigureDrawing() {
  std::error_code ignored;
  std::filesystem::remove_all(scratch_, ignored);
}

PageFigures FigureDrawing::draw(const std::vector<Figure>& figures, const std::filesystem::path& html_folder) {
  PageFigures page;
  if (figures.empty()) {
    page.note = "No figures: there is nothing they would plot.";
    return page;
  }
  for (const Figure& figure : figures) {
    const std::filesystem::path script = scratch_ / (figure.file + ".gp");
    write_file_atomically(script, gnuplot_script(figure, scratch_ / figure.file));
    if (!run_gnuplot(script, scratch_ / (figure.file + ".log"))) {
      drawn_.clear();
      page.warning = "gnuplot not found (Debian package gnuplot-nox): no PNG figures written";
      page.note = "No figures: " + page.warning + ".";
      return page;
    }
    drawn_.push_back(figure.file);
    page.links.push_back({figure.title, href_of(std::filesystem::relative(std::filesystem::absolute(plots_ / figure.file),
                                                                          html_folder))});
  }
  return page;
}

std::vector<std::filesystem::path> FigureDrawing::destinations() const {
  std::vector<std::filesystem::path> paths;
  for (const std::string& file : drawn_) paths.push_back(plots_ / file);
  return paths;
}

void FigureDrawing::move_into_place() const {
  if (drawn_.empty()) return;
  std::filesystem::create_directories(plots_);
  for (const std::string& file : drawn_) std::filesystem::rename(scratch_ / file, plots_ / file);
}

void add_figures_section(Page& page, const PageFigures& figures) {
  Section& section = page.add_section("figures", "Figures for papers");
  if (figures.links.empty()) {
    section.add_note(figures.note);
    return;
  }
  section.add_text("The main plots as PNG files drawn by gnuplot, beside this report:");
  std::string list = "<ul class=\"figures\">";
  for (const FigureLink& link : figures.links)
    list += "<li><a href=\"" + escape_html(link.href) + "\">" + escape_html(link.href) + "</a> - " +
            escape_html(link.title) + "</li>";
  section.add_html(list + "</ul>");
}

}  // namespace dyngen::report
