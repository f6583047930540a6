// The HTML report of one run (README.md, "What the report shows"): status badges and the
// summary table, the dynamic diagram, the events, the history's chart sections, links to the PNG
// figures and notes on the run's files.
#pragma once

#include <string>
#include <vector>

#include "report/run_charts.hpp"
#include "report/run_directory.hpp"

namespace dyngen::report {

struct FigureLink {
  std::string title;
  std::string href;  // relative to the HTML file
};

struct RunPageFigures {
  std::vector<FigureLink> links;
  std::string note;  // why there are none, when there are none
};

std::string run_page_html(const Run& run, const std::vector<ChartSection>& sections, const RunPageFigures& figures);

}  // namespace dyngen::report
