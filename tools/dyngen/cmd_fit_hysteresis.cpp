// dyngen fit-hysteresis LOOP.csv [--model pwl|variable] [--plot FILE]: identifies a hysteresis
// model of a transmission from a measured force-deflection loop (runtime/hysteresis/README.md);
// prints its parameters with names and units and the RMS and maximum fit error, and writes an SVG
// of the measured and the fitted loop, by default <csv name>_<model>.svg in the current
// directory. A bad CSV prints file:line:column: error: field: message, exits with 1 and writes
// nothing.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "hysteresis/loop_csv.hpp"
#include "hysteresis/loop_fit.hpp"
#include "hysteresis/loop_plot.hpp"

namespace dyngen::cli {
namespace {

constexpr const char* kUsage = "usage: dyngen fit-hysteresis LOOP.csv [--model pwl|variable] [--plot FILE]\n";

std::string significant(double value, int digits) {
  std::ostringstream text;
  text << std::setprecision(digits) << value;
  return text.str();
}

void print_loop(std::ostream& out, const hysteresis::MeasuredLoop& loop) {
  const auto [x_low, x_high] = std::minmax_element(loop.deflection.begin(), loop.deflection.end());
  const auto [F_low, F_high] = std::minmax_element(loop.force.begin(), loop.force.end());
  out << "loop: " << loop.source << ", " << loop.deflection.size() << " samples, "
      << hysteresis::turning_samples(loop.deflection).size() << " reversals, deflection " << significant(*x_low, 4)
      << " .. " << significant(*x_high, 4) << " m, force " << significant(*F_low, 4) << " .. "
      << significant(*F_high, 4) << " N\n";
}

template <class Parameters>
void print_fit(std::ostream& out, const hysteresis::LoopFit<Parameters>& fit, const hysteresis::MeasuredLoop& loop) {
  std::vector<hysteresis::NamedParameter> rows = named(fit.parameters);
  rows.push_back({"initial_force", "F_0", "N", fit.initial_force});
  for (const auto& row : rows)
    out << "  " << std::left << std::setw(25) << row.name << std::setw(5) << row.symbol << std::right << std::setw(14)
        << significant(row.value, 6) << "  " << row.unit << "\n";
  const auto [F_low, F_high] = std::minmax_element(loop.force.begin(), loop.force.end());
  out << "fit error: rms " << significant(fit.rms_error, 3) << " N, max " << significant(fit.max_error, 3) << " N ("
      << significant(100.0 * fit.max_error / (*F_high - *F_low), 3) << " % of the force range); Levenberg-Marquardt "
      << (fit.converged ? "converged in " : "stopped without meeting its tolerances after ") << fit.iterations
      << " iterations\n";
}

template <class Parameters>
hysteresis::LoopPlot plot_of(const hysteresis::LoopFit<Parameters>& fit, const hysteresis::MeasuredLoop& loop,
                             const std::string& model) {
  return {std::filesystem::path(loop.source).filename().string() + ": measured loop and fitted " + model + " model",
          loop.deflection, loop.force, fit.force, "fitted " + model + " (rms " + significant(fit.rms_error, 3) + " N)"};
}

}  // namespace

int run_fit_hysteresis(const Args& args) {
  std::string csv_path, model = "pwl", plot_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--model" && i + 1 < args.size()) {
      model = args[++i];
    } else if (args[i] == "--plot" && i + 1 < args.size()) {
      plot_path = args[++i];
    } else if (args[i].starts_with("-") || !csv_path.empty()) {
      std::cerr << "dyngen fit-hysteresis: unexpected argument '" << args[i] << "'\n" << kUsage;
      return 2;
    } else {
      csv_path = args[i];
    }
  }
  if (csv_path.empty() || (model != "pwl" && model != "variable")) {
    std::cerr << (csv_path.empty() ? "" : "dyngen fit-hysteresis: --model must be pwl or variable\n") << kUsage;
    return 2;
  }
  if (plot_path.empty())
    plot_path = (std::filesystem::current_path() /
                 (std::filesystem::path(csv_path).stem().string() + "_" + model + ".svg"))
                    .string();

  hysteresis::MeasuredLoop loop;
  try {
    loop = hysteresis::read_loop_csv(csv_path);
  } catch (const hysteresis::LoopCsvError& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
  print_loop(std::cout, loop);
  if (model == "pwl") {
    const auto fit = hysteresis::fit_piecewise_linear(loop);
    std::cout << "model: pwl, piecewise-linear with constant parameters\n";
    print_fit(std::cout, fit, loop);
    hysteresis::write_loop_svg(plot_path, plot_of(fit, loop, model));
  } else {
    const auto fit = hysteresis::fit_variable(loop);
    std::cout << "model: variable, branch stiffness and loop width linear in amplitude and mean deflection\n";
    print_fit(std::cout, fit, loop);
    hysteresis::write_loop_svg(plot_path, plot_of(fit, loop, model));
  }
  std::cout << "plot: " << plot_path << "\n";
  return 0;
}

}  // namespace dyngen::cli
