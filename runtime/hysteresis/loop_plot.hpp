// Plot of a measured loop and its fitted model as a self-contained SVG file (no scripts, fonts
// or external references; any browser or image viewer shows it).
#pragma once

#include <string>
#include <vector>

namespace dyngen::hysteresis {

struct LoopPlot {
  std::string title;
  std::vector<double> deflection;  // m
  std::vector<double> measured;    // N, one per deflection
  std::vector<double> fitted;      // N, one per deflection
  std::string fitted_label;        // legend text of the fitted curve
};

// Force against deflection, the measured samples as a thin blue line, the fitted model as a red
// one, with ticked axes and a legend. Written to `path` + ".tmp" and renamed, so a failed write
// leaves no file; throws std::runtime_error then.
void write_loop_svg(const std::string& path, const LoopPlot& plot);

}  // namespace dyngen::hysteresis
