// A deterministic stand-in for a docking simulation: a damped oscillator (unit mass) released with
// the sampled lateral miss and rate, "captured" when its amplitude decays below a threshold before
// t_end, "failed" when the miss exceeds the guide's reach. Inputs, outputs and failures shaped like
// the real ones, computed in microseconds.
#pragma once

#include "campaign/campaign_spec.hpp"
#include "campaign/case_result.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>

namespace dyngen::campaign::testing {

inline CampaignSpec toy_campaign(Design design, std::uint64_t case_count, std::uint64_t seed = 20250131) {
  CampaignSpec spec;
  spec.scenario = "scenario: toy damped oscillator\nt_end: 10\ncapture_amplitude: 0.01\n";
  spec.seed = seed;
  spec.case_count = case_count;
  spec.design = design;
  spec.inputs = {parse_varied_input("initial.lateral_miss = normal(0, 0.05, -0.15, 0.15)"),
                 parse_varied_input("initial.lateral_rate = uniform(-0.05, 0.05)"),
                 parse_varied_input("mechanism.frequency = fixed(2)"),
                 parse_varied_input("mechanism.damping_ratio = uniform(0.02, 0.3)")};
  spec.result_columns = {{"captured", ColumnType::integer},
                         {"capture_time", ColumnType::real},
                         {"peak_load", ColumnType::real},
                         {"max_penetration", ColumnType::real},
                         {"outcome", ColumnType::text}};
  return spec;
}

// x'' + 2 zeta w x' + w^2 x = 0 by RK4 with h = 0.01 s up to t_end = 10 s; amplitude sqrt(x^2 + (x'/w)^2);
// load |w^2 x + 2 zeta w x'|. A miss beyond 0.1 m fails the case (the guide's reach), with the
// loads reached so far.
inline CaseResult toy_docking(const CaseInputs& inputs) {
  const double w = inputs.at("mechanism.frequency"), zeta = inputs.at("mechanism.damping_ratio");
  double x = inputs.at("initial.lateral_miss"), v = inputs.at("initial.lateral_rate");
  const auto acceleration = [&](double x, double v) { return -w * w * x - 2.0 * zeta * w * v; };
  const double h = 0.01, t_end = 10.0, capture_amplitude = 0.01;
  double peak_load = std::abs(acceleration(x, v)), max_penetration = std::abs(x);
  CaseResult result;
  if (std::abs(x) > 0.1) {
    result = CaseResult::failure("lateral miss " + std::to_string(x) + " m beyond the guide's reach 0.1 m");
    return result.set("peak_load", peak_load).set("max_penetration", max_penetration);
  }
  for (int step = 1; step * h <= t_end + 1e-12; ++step) {
    const double k1x = v, k1v = acceleration(x, v);
    const double k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v);
    const double k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v);
    const double k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v);
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    peak_load = std::max(peak_load, std::abs(acceleration(x, v)));
    max_penetration = std::max(max_penetration, std::abs(x));
    if (std::hypot(x, v / w) < capture_amplitude) {
      return result.set("captured", true).set("capture_time", step * h).set("peak_load", peak_load)
          .set("max_penetration", max_penetration).set("outcome", "captured");
    }
  }
  return result.set("captured", false).set("peak_load", peak_load).set("max_penetration", max_penetration)
      .set("outcome", "missed");
}

// The toy, taking `delay` of wall time per case: a campaign slow enough to be interrupted.
inline CaseFunction slow_toy_docking(std::chrono::milliseconds delay) {
  return [delay](const CaseInputs& inputs) {
    std::this_thread::sleep_for(delay);
    return toy_docking(inputs);
  };
}

}  // namespace dyngen::campaign::testing
