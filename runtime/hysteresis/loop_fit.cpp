// Least-squares identification of the hysteresis models (see loop_fit.hpp).
#include "hysteresis/loop_fit.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "hysteresis/levenberg_marquardt.hpp"
#include "hysteresis/sampled_response.hpp"

namespace dyngen::hysteresis {
namespace {

double quantile(std::vector<double> values, double q) {
  const auto at = values.begin() + static_cast<std::ptrdiff_t>(q * static_cast<double>(values.size() - 1));
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

double largest_magnitude(const std::vector<double>& values) {
  double largest = 0.0;
  for (double v : values) largest = std::max(largest, std::abs(v));
  return largest;
}

double span(const std::vector<double>& values) {
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  return *high - *low;
}

std::vector<std::size_t> checked_turns(const MeasuredLoop& loop) {
  std::vector<std::size_t> turns = turning_samples(loop.deflection);
  if (turns.size() < 2)
    throw std::invalid_argument(loop.source + ": the deflection turns " + std::to_string(turns.size()) +
                                " times; a closed loop needs at least two reversals");
  return turns;
}

// Median slope just after the reversals: the chord from each turning sample to the first sample
// `reach` away from it.
double transition_slope(const MeasuredLoop& loop, const std::vector<std::size_t>& turns, double reach) {
  std::vector<double> slopes;
  for (std::size_t t : turns) {
    for (std::size_t j = t + 1; j < loop.deflection.size(); ++j) {
      const double dx = loop.deflection[j] - loop.deflection[t];
      if (std::abs(dx) >= reach) {
        slopes.push_back((loop.force[j] - loop.force[t]) / dx);
        break;
      }
    }
  }
  return slopes.empty() ? 0.0 : quantile(slopes, 0.5);
}

template <class Parameters>
void finish(LoopFit<Parameters>& fit, const MeasuredLoop& loop, const LeastSquaresResult& solution) {
  fit.iterations = solution.iterations;
  fit.converged = solution.converged;
  double squares = 0.0;
  for (std::size_t i = 0; i < loop.force.size(); ++i) {
    const double error = fit.force[i] - loop.force[i];
    squares += error * error;
    fit.max_error = std::max(fit.max_error, std::abs(error));
  }
  fit.rms_error = std::sqrt(squares / static_cast<double>(loop.force.size()));
}

Eigen::VectorXd residuals_of(const std::vector<double>& model, const std::vector<double>& measured) {
  Eigen::VectorXd r(static_cast<Eigen::Index>(model.size()));
  for (std::size_t i = 0; i < model.size(); ++i) r[static_cast<Eigen::Index>(i)] = model[i] - measured[i];
  return r;
}

// --- piecewise-linear model

constexpr int kPiecewiseLinearCount = 4;

PiecewiseLinearParameters piecewise_linear_from(const Eigen::VectorXd& scaled, const Eigen::VectorXd& scale) {
  const Eigen::VectorXd v = scaled.cwiseProduct(scale);
  return {v[0], v[1], v[2], v[3]};
}

// Starting values read off the loop: the outer turning points lie on the loading envelope
// |F| = k_l (|x| - b); samples moving back towards the backlash lie on the unloading branch
// |F| = k_u (|x| - b) or above it on a transition; the transition is the steepest part.
PiecewiseLinearParameters piecewise_linear_start(const MeasuredLoop& loop, const std::vector<std::size_t>& turns) {
  const std::vector<double>& x = loop.deflection;
  const std::vector<double>& F = loop.force;
  const double reach = largest_magnitude(x);
  std::vector<double> outer_x, outer_F;
  for (std::size_t t : turns) {
    if (std::abs(x[t]) >= 0.5 * reach && x[t] * F[t] > 0.0) {
      outer_x.push_back(std::abs(x[t]));
      outer_F.push_back(std::abs(F[t]));
    }
  }
  PiecewiseLinearParameters p;
  p.loading_stiffness = std::max(largest_magnitude(F) / reach, 1e-12);
  if (!outer_x.empty()) {
    const double n = static_cast<double>(outer_x.size());
    const double mean_x = std::accumulate(outer_x.begin(), outer_x.end(), 0.0) / n;
    const double mean_F = std::accumulate(outer_F.begin(), outer_F.end(), 0.0) / n;
    double sxx = 0.0, sxF = 0.0;
    for (std::size_t i = 0; i < outer_x.size(); ++i) {
      sxx += (outer_x[i] - mean_x) * (outer_x[i] - mean_x);
      sxF += (outer_x[i] - mean_x) * (outer_F[i] - mean_F);
    }
    const double least_x = *std::min_element(outer_x.begin(), outer_x.end());
    if (sxx > 0.01 * mean_x * mean_x * n && sxF > 0.0) {
      // |F_r| = k_l |x_r| - k_l b through the outer turning points
      p.loading_stiffness = sxF / sxx;
      p.backlash = std::clamp(mean_x - mean_F / p.loading_stiffness, 0.0, 0.5 * least_x);
    } else {
      p.loading_stiffness = mean_F / mean_x;
    }
  }
  std::vector<double> ratios;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    const double beyond = std::abs(x[i]) - p.backlash;
    if ((x[i + 1] - x[i]) * x[i] < 0.0 && beyond > 0.3 * reach && x[i] * F[i] > 0.0)
      ratios.push_back(std::abs(F[i]) / beyond);
  }
  p.unloading_stiffness =
      ratios.empty() ? 0.5 * p.loading_stiffness
                     : std::clamp(quantile(ratios, 0.25), 0.05 * p.loading_stiffness, 0.95 * p.loading_stiffness);
  p.transition_stiffness = std::max(1.5 * p.loading_stiffness, transition_slope(loop, turns, 0.01 * span(x)));
  return p;
}

// --- variable-parameter model

constexpr int kVariableCount = 7;

VariableParameters variable_from(const Eigen::VectorXd& scaled, const Eigen::VectorXd& scale) {
  const Eigen::VectorXd v = scaled.cwiseProduct(scale);
  return {v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
}

// Starting values: constant loops (no dependence on amplitude or mean) whose branch stiffness is
// the median slope of the second halves of the half-cycles, whose width is the median of the
// half-cycles' force change less the branch's share, and whose transition is the steepest part.
VariableParameters variable_start(const MeasuredLoop& loop, const std::vector<std::size_t>& turns) {
  const std::vector<double>& x = loop.deflection;
  const std::vector<double>& F = loop.force;
  std::vector<double> slopes;
  for (std::size_t c = 0; c + 1 < turns.size(); ++c) {
    const std::size_t begin = turns[c], end = turns[c + 1];
    const double half = 0.5 * (x[end] - x[begin]);
    double sx = 0.0, sF = 0.0, sxx = 0.0, sxF = 0.0, n = 0.0;
    for (std::size_t j = begin; j <= end; ++j) {
      if ((x[j] - x[begin]) / half < 1.0) continue;
      sx += x[j];
      sF += F[j];
      sxx += x[j] * x[j];
      sxF += x[j] * F[j];
      n += 1.0;
    }
    if (n < 3.0) continue;
    // least-squares slope: S_xF / S_xx about the means
    const double variance = sxx - sx * sx / n;
    if (variance > 0.0) slopes.push_back((sxF - sx * sF / n) / variance);
  }
  VariableParameters p;
  p.stiffness = slopes.empty() ? 0.0 : std::max(0.0, quantile(slopes, 0.5));
  std::vector<double> widths;
  for (std::size_t c = 0; c + 1 < turns.size(); ++c) {
    const double dx = std::abs(x[turns[c + 1]] - x[turns[c]]);
    widths.push_back(std::max(0.0, std::abs(F[turns[c + 1]] - F[turns[c]]) - p.stiffness * dx));
  }
  p.width = quantile(widths, 0.5);
  p.transition_stiffness = std::max(1.5 * p.stiffness + 1e-12, transition_slope(loop, turns, 0.01 * span(x)));
  return p;
}

}  // namespace

std::vector<std::size_t> turning_samples(const std::vector<double>& deflection) {
  std::vector<std::size_t> turns;
  int direction = 0;
  for (std::size_t i = 1; i < deflection.size(); ++i) {
    const int moving = deflection[i] > deflection[i - 1] ? 1 : deflection[i] < deflection[i - 1] ? -1 : 0;
    if (moving == 0) continue;
    if (direction != 0 && moving != direction) turns.push_back(i - 1);
    direction = moving;
  }
  return turns;
}

LoopFit<PiecewiseLinearParameters> fit_piecewise_linear(const MeasuredLoop& loop) {
  const std::vector<std::size_t> turns = checked_turns(loop);
  const PiecewiseLinearParameters start = piecewise_linear_start(loop, turns);
  Eigen::VectorXd scale(kPiecewiseLinearCount);
  scale << start.loading_stiffness, start.loading_stiffness, start.transition_stiffness,
      0.05 * largest_magnitude(loop.deflection);
  const double x0 = loop.deflection.front(), F0 = loop.force.front();
  const Residuals residuals = [&](const Eigen::VectorXd& scaled) -> std::optional<Eigen::VectorXd> {
    const PiecewiseLinearParameters p = piecewise_linear_from(scaled, scale);
    if (!parameter_error(p).empty()) return std::nullopt;
    return residuals_of(sampled_response(PiecewiseLinearHysteresis(p, x0, F0), loop.deflection), loop.force);
  };
  const Eigen::Vector4d start_vector(start.loading_stiffness, start.unloading_stiffness, start.transition_stiffness,
                                     start.backlash);
  const LeastSquaresResult solution = levenberg_marquardt(residuals, start_vector.cwiseQuotient(scale));
  LoopFit<PiecewiseLinearParameters> fit;
  fit.parameters = piecewise_linear_from(solution.parameters, scale);
  const PiecewiseLinearHysteresis model(fit.parameters, x0, F0);
  fit.initial_force = model.turning_point().force;
  fit.force = sampled_response(model, loop.deflection);
  finish(fit, loop, solution);
  return fit;
}

LoopFit<VariableParameters> fit_variable(const MeasuredLoop& loop) {
  const std::vector<std::size_t> turns = checked_turns(loop);
  const VariableParameters start = variable_start(loop, turns);
  const double deflection_span = span(loop.deflection);
  const double stiffness_scale = start.stiffness > 0.0 ? start.stiffness : start.transition_stiffness;
  const double width_scale = start.width > 0.0 ? start.width : 0.1 * span(loop.force);
  Eigen::VectorXd scale(kVariableCount);
  scale << stiffness_scale, stiffness_scale / deflection_span, stiffness_scale / deflection_span, width_scale,
      width_scale / deflection_span, width_scale / deflection_span, start.transition_stiffness;
  const double x0 = loop.deflection.front(), F0 = loop.force.front();
  // r - mean(r): the initial force shifts every model force alike, so it is fitted by removing the
  // mean residual (variable projection of a parameter that enters linearly)
  const Residuals residuals = [&](const Eigen::VectorXd& scaled) -> std::optional<Eigen::VectorXd> {
    const VariableParameters p = variable_from(scaled, scale);
    if (!parameter_error(p).empty()) return std::nullopt;
    const Eigen::VectorXd r =
        residuals_of(sampled_response(VariableHysteresis(p, x0, F0), loop.deflection), loop.force);
    return Eigen::VectorXd(r.array() - r.mean());
  };
  Eigen::VectorXd start_vector(kVariableCount);
  start_vector << start.stiffness, 0.0, 0.0, start.width, 0.0, 0.0, start.transition_stiffness;
  const LeastSquaresResult solution = levenberg_marquardt(residuals, start_vector.cwiseQuotient(scale));
  LoopFit<VariableParameters> fit;
  fit.parameters = variable_from(solution.parameters, scale);
  const std::vector<double> from_measured_start =
      sampled_response(VariableHysteresis(fit.parameters, x0, F0), loop.deflection);
  fit.initial_force = F0 - residuals_of(from_measured_start, loop.force).mean();
  fit.force = sampled_response(VariableHysteresis(fit.parameters, x0, fit.initial_force), loop.deflection);
  finish(fit, loop, solution);
  return fit;
}

}  // namespace dyngen::hysteresis
