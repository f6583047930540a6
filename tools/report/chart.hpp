// A chart of a report page: series of y against one shared x, drawn by uPlot in the browser
// (assets/charts.js). Plain data, so any report (a run's time histories, a campaign's results)
// builds its charts the same way.
#pragma once

#include <string>
#include <vector>

namespace dyngen::report {

struct Series {
  std::string label;           // legend text
  std::vector<double> values;  // one per x; nan draws a gap
  std::string color;           // CSS colour; empty: the page palette's next colour
  bool dashed = false;
};

struct Chart {
  std::string title;
  std::string x_label;  // with its unit: `time [s]`
  std::string y_label;  // with its unit: `force [N]`
  std::vector<double> x;  // non-decreasing
  std::vector<Series> series;
  bool steps = false;       // hold each value until the next x (switch states) instead of straight segments
  bool shows_time = true;   // x is the page's time: the cursor is shared with the other time charts,
                            // a click selects that time (the diagram follows), the selected time is marked
  bool points = false;      // a scatter plot: each sample a dot, no line; every sample drawn (never thinned)
};

}  // namespace dyngen::report
