// The HTML report of one run (README.md, "What the report shows"): status badges and the
// summary table, the dynamic diagram, the events, the history's chart sections, links to the PNG
// figures and notes on the run's files.
#pragma once

#include <string>
#include <vector>

#include "report/figure_files.hpp"
#include "report/run_charts.hpp"
#include "report/run_directory.hpp"

namespace dyngen::report {

std::string run_page_html(const Run& run, const std::vector<ChartSection>& sections, const PageFigures& figures);

}  // namespace dyngen::report
