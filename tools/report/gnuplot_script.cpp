#include "report/gnuplot_script.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>

#include "report/envelope.hpp"

namespace dyngen::report {
namespace {

// The report page's palette (assets/charts.js), so a figure and its chart look alike.
constexpr const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
// Samples per panel beyond which a panel keeps each interval's extremes (envelope.hpp): more
// than a 1600-pixel-wide figure resolves, and the script stays small.
constexpr std::size_t kMaxPanelRows = 20000;
constexpr int kWidth = 1600, kPanelHeight = 420, kTitleHeight = 60;

// A gnuplot single-quoted string: no escapes, a quote doubled.
std::string quoted(const std::string& text) {
  std::string q = "'";
  for (const char c : text) q += c == '\'' ? std::string("''") : std::string(1, c);
  return q + "'";
}

void append_datablock(std::string& script, const std::string& name, const Chart& chart) {
  std::vector<const std::vector<double>*> columns;
  for (const Series& series : chart.series) columns.push_back(&series.values);
  char number[40];
  script += "$" + name + " << EOD\n";
  std::vector<std::size_t> rows(chart.x.size());
  if (chart.points)
    std::iota(rows.begin(), rows.end(), std::size_t{0});
  else
    rows = envelope_rows(chart.x, columns, kMaxPanelRows);
  for (const std::size_t row : rows) {
    std::snprintf(number, sizeof number, "%.10g", chart.x[row]);
    script += number;
    for (const Series& series : chart.series) {
      const double v = series.values[row];
      if (std::isfinite(v)) {
        std::snprintf(number, sizeof number, " %.7g", v);
        script += number;
      } else {
        script += " NaN";
      }
    }
    script += '\n';
  }
  script += "EOD\n";
}

}  // namespace

std::string gnuplot_script(const Figure& figure, const std::filesystem::path& png) {
  const std::size_t panels = figure.panels.size();
  std::string script = "set terminal pngcairo size " + std::to_string(kWidth) + "," +
                       std::to_string(kTitleHeight + kPanelHeight * static_cast<int>(panels)) +
                       " font 'DejaVu Sans,13' linewidth 1.5 noenhanced\n"
                       "set output " + quoted(png.string()) + "\n"
                       "set datafile missing 'NaN'\n"
                       "set grid lc rgb '#d0d0d0' lw 0.8\n"
                       "set border lc rgb '#404040'\n"
                       "set key outside right top vertical Left reverse samplen 2 spacing 1.15\n"
                       "set lmargin 12\nset rmargin 36\n";
  for (std::size_t i = 0; i < std::size(kPalette); ++i)
    script += "set linetype " + std::to_string(i + 1) + " lc rgb '" + kPalette[i] + "' lw 1.6 dt solid\n";
  script += "set linetype cycle " + std::to_string(std::size(kPalette)) + "\n";
  for (std::size_t p = 0; p < panels; ++p) append_datablock(script, "panel" + std::to_string(p + 1), *figure.panels[p]);
  script += "set multiplot layout " + std::to_string(panels) + ",1 title " + quoted(figure.title) + " font ',15'\n";
  for (std::size_t p = 0; p < panels; ++p) {
    const Chart& chart = *figure.panels[p];
    script += "set title " + quoted(chart.title) + "\n";
    script += "set xlabel " + quoted(chart.x_label) + "\nset ylabel " + quoted(chart.y_label) + "\n";
    script += "plot ";
    for (std::size_t s = 0; s < chart.series.size(); ++s) {
      const Series& series = chart.series[s];
      script += (s ? ", \\\n     " : "") + std::string("$panel") + std::to_string(p + 1) + " using 1:" +
                std::to_string(s + 2) + (chart.points ? " with points pt 7 ps 0.6" : chart.steps ? " with steps" : " with lines") + " lt " +
                std::to_string(s % std::size(kPalette) + 1) +
                (series.color.empty() ? "" : " lc rgb " + quoted(series.color)) + (series.dashed ? " dt 2" : "") + " title " +
                quoted(series.label);
    }
    script += "\n";
  }
  return script + "unset multiplot\nset output\n";
}

}  // namespace dyngen::report
