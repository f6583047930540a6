// SVG plot of a measured and a fitted loop (see loop_plot.hpp).
#include "hysteresis/loop_plot.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dyngen::hysteresis {
namespace {

constexpr double kWidth = 800.0, kHeight = 560.0;
constexpr double kLeft = 90.0, kRight = 20.0, kTop = 40.0, kBottom = 60.0;

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Data interval [low, high] mapped onto pixels [from, to], widened by 4 % on each side.
struct Axis {
  double low, high, from, to;
  Axis(double data_low, double data_high, double pixel_from, double pixel_to) : from(pixel_from), to(pixel_to) {
    const double pad = data_high > data_low ? 0.04 * (data_high - data_low) : std::max(1.0, std::abs(data_low));
    low = data_low - pad;
    high = data_high + pad;
  }
  double pixel(double value) const { return from + (value - low) / (high - low) * (to - from); }
  // 1, 2 or 5 times a power of ten, the nearest (in ratio) to a sixth of the interval
  double tick_step() const {
    const double rough = (high - low) / 6.0;
    const double decade = std::pow(10.0, std::floor(std::log10(rough)));
    double best = decade;
    for (double multiple : {2.0, 5.0, 10.0})
      if (std::abs(std::log(multiple * decade / rough)) < std::abs(std::log(best / rough))) best = multiple * decade;
    return best;
  }
};

std::string tick_label(double value, double step) {
  std::ostringstream text;
  // a tick within rounding of zero is zero
  text.precision(4);
  text << (std::abs(value) < 1e-9 * step ? 0.0 : value);
  return text.str();
}

void polyline(std::ostream& svg, const Axis& x_axis, const Axis& y_axis, const std::vector<double>& x,
              const std::vector<double>& y, const char* colour, double width) {
  svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"" << width
      << "\" stroke-linejoin=\"round\" points=\"";
  svg.setf(std::ios::fixed);
  svg.precision(2);
  for (std::size_t i = 0; i < x.size(); ++i) svg << (i ? " " : "") << x_axis.pixel(x[i]) << "," << y_axis.pixel(y[i]);
  svg.unsetf(std::ios::fixed);
  svg.precision(6);
  svg << "\"/>\n";
}

std::string document(const LoopPlot& plot) {
  const auto [x_low, x_high] = std::minmax_element(plot.deflection.begin(), plot.deflection.end());
  const auto [m_low, m_high] = std::minmax_element(plot.measured.begin(), plot.measured.end());
  const auto [f_low, f_high] = std::minmax_element(plot.fitted.begin(), plot.fitted.end());
  const Axis x_axis(*x_low, *x_high, kLeft, kWidth - kRight);
  const Axis y_axis(std::min(*m_low, *f_low), std::max(*m_high, *f_high), kHeight - kBottom, kTop);
  std::ostringstream svg;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" viewBox=\"0 0 " << kWidth << " " << kHeight << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kWidth / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"14\">" << escaped(plot.title)
      << "</text>\n";
  const double x_step = x_axis.tick_step(), y_step = y_axis.tick_step();
  for (double tick = std::ceil(x_axis.low / x_step) * x_step; tick <= x_axis.high; tick += x_step) {
    const double px = x_axis.pixel(tick);
    svg << "<line x1=\"" << px << "\" y1=\"" << kTop << "\" x2=\"" << px << "\" y2=\"" << kHeight - kBottom
        << "\" stroke=\"#e0e0e0\"/>\n<text x=\"" << px << "\" y=\"" << kHeight - kBottom + 16
        << "\" text-anchor=\"middle\">" << tick_label(tick, x_step) << "</text>\n";
  }
  for (double tick = std::ceil(y_axis.low / y_step) * y_step; tick <= y_axis.high; tick += y_step) {
    const double py = y_axis.pixel(tick);
    svg << "<line x1=\"" << kLeft << "\" y1=\"" << py << "\" x2=\"" << kWidth - kRight << "\" y2=\"" << py
        << "\" stroke=\"#e0e0e0\"/>\n<text x=\"" << kLeft - 6 << "\" y=\"" << py + 4 << "\" text-anchor=\"end\">"
        << tick_label(tick, y_step) << "</text>\n";
  }
  svg << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << kWidth - kLeft - kRight << "\" height=\""
      << kHeight - kTop - kBottom << "\" fill=\"none\" stroke=\"black\"/>\n"
      << "<text x=\"" << (kLeft + kWidth - kRight) / 2 << "\" y=\"" << kHeight - 16
      << "\" text-anchor=\"middle\">deflection, m</text>\n"
      << "<text transform=\"translate(20," << (kTop + kHeight - kBottom) / 2
      << ") rotate(-90)\" text-anchor=\"middle\">force, N</text>\n";
  polyline(svg, x_axis, y_axis, plot.deflection, plot.measured, "#1f77b4", 1.0);
  polyline(svg, x_axis, y_axis, plot.deflection, plot.fitted, "#d62728", 1.5);
  svg << "<g transform=\"translate(" << kLeft + 12 << "," << kTop + 12 << ")\">\n"
      << "<rect width=\"300\" height=\"44\" fill=\"white\" stroke=\"#a0a0a0\"/>\n"
      << "<line x1=\"8\" y1=\"14\" x2=\"36\" y2=\"14\" stroke=\"#1f77b4\" stroke-width=\"1\"/>\n"
      << "<text x=\"44\" y=\"18\">measured (" << plot.deflection.size() << " samples)</text>\n"
      << "<line x1=\"8\" y1=\"32\" x2=\"36\" y2=\"32\" stroke=\"#d62728\" stroke-width=\"1.5\"/>\n"
      << "<text x=\"44\" y=\"36\">" << escaped(plot.fitted_label) << "</text>\n</g>\n</svg>\n";
  return svg.str();
}

}  // namespace

void write_loop_svg(const std::string& path, const LoopPlot& plot) {
  if (plot.deflection.empty() || plot.measured.size() != plot.deflection.size() ||
      plot.fitted.size() != plot.deflection.size())
    throw std::runtime_error("loop plot: the deflection, measured and fitted series must be non-empty and equally long");
  const std::string text = document(plot);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    out.close();
    if (out) {
      std::error_code error;
      std::filesystem::rename(temporary, path, error);
      if (!error) return;
    }
  }
  std::error_code ignored;
  std::filesystem::remove(temporary, ignored);
  throw std::runtime_error("cannot write the plot " + path);
}

}  // namespace dyngen::hysteresis
