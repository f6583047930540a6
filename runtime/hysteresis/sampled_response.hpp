// The force of a hysteresis model along a sampled deflection history (a measured loop): the
// state machine is stepped from sample to sample, a reversal being recorded at the sample where
// the deflection turns (the rate at sample i is taken as x_i+1 - x_i).
#pragma once

#include <cstddef>
#include <vector>

namespace dyngen::hysteresis {

// `Model` is PiecewiseLinearHysteresis or VariableHysteresis, started at the first sample.
template <class Model>
std::vector<double> sampled_response(Model model, const std::vector<double>& deflection) {
  std::vector<double> force(deflection.size());
  for (std::size_t i = 0; i < deflection.size(); ++i) {
    force[i] = model.force(deflection[i]);
    const double rate = i + 1 < deflection.size() ? deflection[i + 1] - deflection[i] : 0.0;
    model.update(deflection[i], rate);
  }
  return force;
}

}  // namespace dyngen::hysteresis
