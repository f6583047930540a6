// PNG figures for papers, drawn by gnuplot (pngcairo): a figure stacks charts of the report as
// panels sharing the time axis, with grid, axis labels with units and a legend per panel. The
// script carries its data inline (datablocks), so gnuplot reads nothing but the script.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/chart.hpp"

namespace dyngen::report {

struct Figure {
  std::string file;                   // e.g. `contact_forces.png`
  std::string title;
  std::vector<const Chart*> panels;   // top to bottom
};

// The gnuplot script that writes `figure` to `png`.
std::string gnuplot_script(const Figure& figure, const std::filesystem::path& png);

}  // namespace dyngen::report
