// The PNG figures of a report and their links on its page: drawn by gnuplot into a scratch folder
// beside their folder, moved in only once the page is ready too (a failed report leaves the
// previous figures as they were), and listed in a "Figures for papers" section. Shared by the run
// report and the campaign report.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/gnuplot_script.hpp"
#include "report/page.hpp"

namespace dyngen::report {

struct FigureLink {
  std::string title;
  std::string href;  // relative to the HTML file
};

struct PageFigures {
  std::vector<FigureLink> links;
  std::string note;     // why there are none, when there are none
  std::string warning;  // for the command's user (no gnuplot), empty when none
};

// A relative path as a URL path: separators as slashes, the characters that end or escape a path
// in a URL percent-encoded.
std::string href_of(const std::filesystem::path& relative);

class FigureDrawing {
 public:
  // Figures for the folder `plots` (created when the first is moved in).
  explicit FigureDrawing(const std::filesystem::path& plots);
  ~FigureDrawing();  // removes the scratch folder
  FigureDrawing(const FigureDrawing&) = delete;
  FigureDrawing& operator=(const FigureDrawing&) = delete;

  // Draws the figures into the scratch folder and returns their links relative to `html_folder`,
  // or a note (no figures, or no gnuplot: then a warning too). std::runtime_error when gnuplot fails.
  PageFigures draw(const std::vector<Figure>& figures, const std::filesystem::path& html_folder);
  // Where the drawn figures will be.
  std::vector<std::filesystem::path> destinations() const;
  // Moves the drawn figures into `plots`.
  void move_into_place() const;

 private:
  std::filesystem::path plots_, scratch_;
  std::vector<std::string> drawn_;
};

// The "Figures for papers" section: the links, or the note.
void add_figures_section(Page& page, const PageFigures& figures);

}  // namespace dyngen::report
