#include "integrators/dormand_prince.hpp"

#include "integrators/integration_error.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <stdexcept>
#include <vector>

namespace dyngen::integrators {

namespace {

constexpr const char* method_name = "dormand_prince";

// Hairer, Norsett & Wanner I, table 5.2: nodes c, coefficients a (row i: stage i + 1), weights b of
// the order-5 solution (the last row of a), and e = b - b* (b*: the embedded order-4 solution).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176, a65 = -5103.0 / 18656;
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525,
                 e7 = -1.0 / 40;

// Step size control (Hairer, Norsett & Wanner I, sec. II.4 and IV.2; DOPRI5's constants).
constexpr double safety = 0.9, min_factor = 0.2, max_factor = 10.0;
constexpr double error_exponent = 0.17, previous_error_exponent = 0.04;
// a step whose trial stage f could not evaluate is retried this much shorter
constexpr double stage_failure_factor = 0.25;

}  // namespace

DormandPrince::DormandPrince(RightHandSide rate, Eigen::Index size, DormandPrinceOptions options)
    : rate_(std::move(rate)),
      options_(options),
      y_start_(size),
      stage_(size),
      err_(size),
      trial_(size) {
  if (size <= 0 || !rate_) throw std::invalid_argument("DormandPrince: need a right-hand side and a positive size");
  if (!(options.relative_tolerance > 0) || !(options.absolute_tolerance > 0) || !(options.initial_step >= 0) ||
      !(options.max_step >= 0) || options.max_steps <= 0)
    throw std::invalid_argument(
        "DormandPrince: tolerances and the step limit must be positive, the initial and maximum steps non-negative");
  for (Vector& k : k_) k.resize(size);
}

void DormandPrince::evaluate(double t, const ConstVectorRef& y, VectorRef dydt) {
  ++derivative_calls_;
  evaluate_right_hand_side(rate_, t, y, dydt, method_name);
}

void DormandPrince::step(double t, double h, VectorRef y) {
  stage_ = y_start_ + h * a21 * k_[0];
  evaluate(t + c2 * h, stage_, k_[1]);
  stage_ = y_start_ + h * (a31 * k_[0] + a32 * k_[1]);
  evaluate(t + c3 * h, stage_, k_[2]);
  stage_ = y_start_ + h * (a41 * k_[0] + a42 * k_[1] + a43 * k_[2]);
  evaluate(t + c4 * h, stage_, k_[3]);
  stage_ = y_start_ + h * (a51 * k_[0] + a52 * k_[1] + a53 * k_[2] + a54 * k_[3]);
  evaluate(t + c5 * h, stage_, k_[4]);
  stage_ = y_start_ + h * (a61 * k_[0] + a62 * k_[1] + a63 * k_[2] + a64 * k_[3] + a65 * k_[4]);
  evaluate(t + h, stage_, k_[5]);
  y = y_start_ + h * (b1 * k_[0] + b3 * k_[2] + b4 * k_[3] + b5 * k_[4] + b6 * k_[5]);
  evaluate(t + h, y, k_[6]);
  err_ = h * (e1 * k_[0] + e3 * k_[2] + e4 * k_[3] + e5 * k_[4] + e6 * k_[5] + e7 * k_[6]);
}

double DormandPrince::error_norm(const ConstVectorRef& y) const {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    const double scale =
        options_.absolute_tolerance + options_.relative_tolerance * std::max(std::abs(y_start_[i]), std::abs(y[i]));
    const double r = err_[i] / scale;
    sum += r * r;
  }
  return std::sqrt(sum / double(y.size()));
}

// Hairer, Norsett & Wanner I, sec. II.4, "starting step size": h0 from the sizes of y and f, then
// h1 from a second-derivative estimate by an explicit Euler step of h0, h = min(100 h0, h1).
double DormandPrince::starting_step(double t, double t1) {
  const auto scaled_norm = [&](const ConstVectorRef& v) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      const double r = v[i] / (options_.absolute_tolerance + options_.relative_tolerance * std::abs(y_start_[i]));
      sum += r * r;
    }
    return std::sqrt(sum / double(v.size()));
  };
  const double d0 = scaled_norm(y_start_), d1 = scaled_norm(k_[0]);
  double h0 = std::min(d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : 0.01 * d0 / d1, t1 - t);
  if (options_.max_step > 0) h0 = std::min(h0, options_.max_step);
  // the Euler probe may land where f cannot be evaluated (past a contact's limit): probe nearer
  for (int attempt = 0;; ++attempt) {
    try {
      stage_ = y_start_ + h0 * k_[0];
      evaluate(t + h0, stage_, k_[1]);
      break;
    } catch (...) {
      if (attempt == 3) return h0 * 1e-3;
      h0 *= 0.01;
    }
  }
  k_[1] -= k_[0];
  const double d2 = scaled_norm(k_[1]) / h0;
  const double largest = std::max(d1, d2);
  const double h1 = largest <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / largest, 1.0 / 5);
  double h = std::min({100 * h0, h1, t1 - t});
  if (options_.max_step > 0) h = std::min(h, options_.max_step);
  return h;
}

Outcome DormandPrince::integrate(double t0, double t1, VectorRef y, std::span<const Event> events,
                                 const StepObserver& observer, double event_time_tolerance) {
  if (!std::isfinite(t0) || !std::isfinite(t1) || t1 < t0)
    throw std::invalid_argument("DormandPrince::integrate: need finite t0 <= t1");
  if (y.size() != size()) throw std::invalid_argument("DormandPrince::integrate: the state size differs from the integrator's");
  if (!(event_time_tolerance > 0))
    throw std::invalid_argument("DormandPrince::integrate: the event time tolerance must be positive");
  for (const Event& event : events)
    if (!event.function) throw std::invalid_argument("DormandPrince::integrate: event '" + event.name + "' has no function");
  require_finite(y, t0, method_name, "the initial state");
  derivative_calls_ = rejected_steps_ = 0;
  last_step_ = 0.0;

  std::vector<double> g_start(events.size()), g_end(events.size());
  std::vector<bool> crossed(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) g_start[i] = evaluate_event(events[i], Eigen::Index(i), t0, y, method_name);

  Outcome outcome;
  outcome.time = t0;
  if (t1 == t0) return outcome;
  double t = t0;
  y_start_ = y;
  bool first_stage_current = false;  // k_[0] = f(t, y_start_)
  double h = options_.initial_step;
  double previous_error = 1e-4;
  bool rejected_last = false;
  long attempts = 0;
  std::exception_ptr stage_failure;
  const double tolerance =
      std::max(event_time_tolerance, 4 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t1), 1.0));
  while (t < t1) {
    bool stop = false, event_located = false;
    double step_end = t;
    try {
      if (!first_stage_current) {
        evaluate(t, y_start_, k_[0]);
        first_stage_current = true;
      }
      if (h == 0.0) h = starting_step(t, t1);
      // one accepted step: retried with the controller's smaller h until its error is within tolerance
      for (;;) {
        if (options_.max_step > 0) h = std::min(h, options_.max_step);
        // the last step ends at t1, a remainder below 1e-9 h included
        const bool last = t + h >= t1 - 1e-9 * h;
        const double length = last ? t1 - t : h;
        if (!(length > 16 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t), 1.0))) {
          if (stage_failure) std::rethrow_exception(stage_failure);
          throw IntegrationError(IntegrationErrorKind::step_too_small, method_name, t, -1, length,
                                 "the error control asked for a step of " + std::to_string(length) + " s");
        }
        if (++attempts > options_.max_steps)
          throw IntegrationError(IntegrationErrorKind::too_many_steps, method_name, t, -1, double(options_.max_steps),
                                 "more than " + std::to_string(options_.max_steps) + " steps");
        try {
          step(t, length, y);
        } catch (...) {
          // f failed at a trial stage (a state past the model's range that a shorter step may not reach)
          stage_failure = std::current_exception();
          ++rejected_steps_;
          rejected_last = true;
          h = length * stage_failure_factor;
          continue;
        }
        stage_failure = nullptr;
        const double error = error_norm(y);
        if (std::isfinite(error) && error <= 1.0) {
          double factor = safety * std::pow(error, -error_exponent) * std::pow(previous_error, previous_error_exponent);
          factor = std::clamp(std::isfinite(factor) ? factor : max_factor, min_factor, max_factor);
          if (rejected_last) factor = std::min(factor, 1.0);
          last_step_ = length;
          h = last ? h : length * factor;
          previous_error = std::max(error, 1e-4);
          rejected_last = false;
          step_end = last ? t1 : t + length;
          break;
        }
        ++rejected_steps_;
        rejected_last = true;
        const double factor = std::isfinite(error) ? safety * std::pow(error, -error_exponent) : min_factor;
        h = length * std::clamp(factor, min_factor, 1.0);
      }
      require_finite(y, step_end, method_name, "the state");
      ++outcome.steps;

      // the earliest crossing among the events, by Dormand-Prince steps from the step's start
      for (std::size_t i = 0; i < events.size(); ++i) g_end[i] = evaluate_event(events[i], Eigen::Index(i), step_end, y, method_name);
      double event_time = step_end;
      for (std::size_t i = 0; i < events.size(); ++i) {
        crossed[i] = crosses(events[i].direction, g_start[i], g_end[i]);
        if (!crossed[i]) continue;
        const auto g_at = [&](double tau) {
          step(t, tau - t, trial_);
          return evaluate_event(events[i], Eigen::Index(i), tau, trial_, method_name);
        };
        event_time = std::min(event_time, locate_crossing(g_at, t, g_start[i], step_end, g_end[i], tolerance));
      }
      event_located = std::find(crossed.begin(), crossed.end(), true) != crossed.end();
      if (event_located) {
        if (event_time < step_end) {
          step(t, event_time - t, y);
          require_finite(y, event_time, method_name, "the state");
        }
        for (std::size_t i = 0; i < events.size(); ++i) {
          if (!crossed[i]) continue;
          const double g = evaluate_event(events[i], Eigen::Index(i), event_time, y, method_name);
          if (!crosses(events[i].direction, g_start[i], g)) continue;
          ++outcome.events;
          if (events[i].action && events[i].action(event_time, y) == Continuation::stop) stop = true;
        }
        require_finite(y, event_time, method_name, "the state after an event action");
        for (std::size_t i = 0; i < events.size(); ++i)
          g_end[i] = evaluate_event(events[i], Eigen::Index(i), event_time, y, method_name);
        step_end = event_time;
      }
    } catch (...) {
      y = y_start_;
      throw;
    }
    t = step_end;
    outcome.time = t;
    std::swap(g_start, g_end);
    // first same as last: the last stage is f at the new state unless an event or the observer changed things
    std::swap(k_[0], k_[6]);
    first_stage_current = !event_located;
    trial_ = y;
    const Continuation next = observer ? observer(t, y) : Continuation::proceed;
    if (next == Continuation::restart || y != trial_) first_stage_current = false;
    y_start_ = y;
    if (stop || next == Continuation::stop) {
      outcome.stopped = true;
      return outcome;
    }
  }
  return outcome;
}

}  // namespace dyngen::integrators
