// Least-squares identification of the hysteresis models from a measured loop (README.md
// "Fitting"): the model is stepped along the measured deflections (sampled_response) and its
// parameters minimise sum_i (F_model(x_i) - F_i)^2 by Levenberg-Marquardt, started from estimates
// read off the loop (slopes after reversals, branch slopes, forces at the turning points).
#pragma once

#include <vector>

#include "hysteresis/loop_csv.hpp"
#include "hysteresis/piecewise_linear.hpp"
#include "hysteresis/variable_parameter.hpp"

namespace dyngen::hysteresis {

template <class Parameters>
struct LoopFit {
  Parameters parameters;
  double initial_force = 0.0;  // N: the model starts at rest at the first sample with this force
  std::vector<double> force;   // N: the fitted model's force at every sample
  double rms_error = 0.0;      // N: sqrt(mean (F_model - F)^2)
  double max_error = 0.0;      // N: max |F_model - F|
  int iterations = 0;          // Levenberg-Marquardt iterations
  bool converged = false;
};

// Indices of the samples where the deflection turns (the last sample before it moves back).
std::vector<std::size_t> turning_samples(const std::vector<double>& deflection);

// Both throw std::invalid_argument naming loop.source when the deflection turns fewer than twice
// (no closed loop to fit).
// Piecewise-linear model; its initial force is the first measured force moved onto the envelopes.
LoopFit<PiecewiseLinearParameters> fit_piecewise_linear(const MeasuredLoop& loop);
// Variable-parameter model; its initial force is fitted too (it shifts the whole path, so its
// least-squares value given the other parameters is the mean residual, which is removed).
LoopFit<VariableParameters> fit_variable(const MeasuredLoop& loop);

}  // namespace dyngen::hysteresis
