#include "integrators/integrate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace dyngen::integrators {

namespace {

void validate(const Stepper& stepper, double t0, double t1, double h, const ConstVectorRef& y,
              std::span<const Event> events, double event_time_tolerance) {
  if (!(h > 0) || !std::isfinite(h)) throw std::invalid_argument("integrate: the step must be positive and finite");
  if (!std::isfinite(t0) || !std::isfinite(t1) || t1 < t0) {
    throw std::invalid_argument("integrate: need finite t0 <= t1");
  }
  if (y.size() != stepper.size()) throw std::invalid_argument("integrate: the state size differs from the stepper's");
  if (!(event_time_tolerance > 0)) throw std::invalid_argument("integrate: the event time tolerance must be positive");
  for (const Event& event : events) {
    if (!event.function) throw std::invalid_argument("integrate: event '" + event.name + "' has no function");
  }
}

void evaluate_events(std::span<const Event> events, double t, const ConstVectorRef& y, std::vector<double>& g,
                     const char* method) {
  for (std::size_t i = 0; i < events.size(); ++i) g[i] = evaluate_event(events[i], Eigen::Index(i), t, y, method);
}

}  // namespace

Outcome integrate(Stepper& stepper, double t0, double t1, double h, VectorRef y, std::span<const Event> events,
                  const StepObserver& observer, double event_time_tolerance) {
  validate(stepper, t0, t1, h, y, events, event_time_tolerance);
  const char* method = stepper.name();
  require_finite(y, t0, method, "the initial state");
  Vector step_start(y.size()), trial(y.size());
  std::vector<double> g_start(events.size()), g_end(events.size());
  std::vector<bool> crossed(events.size());
  evaluate_events(events, t0, y, g_start, method);
  stepper.restart();

  Outcome outcome;
  outcome.time = t0;
  double t = t0;
  double segment_start = t0;
  long steps_in_segment = 0;
  while (t < t1) {
    double step_end = segment_start + double(steps_in_segment + 1) * h;
    double step = h;
    // The last step also takes a remainder below 1e-9 h, which would otherwise be a sliver step.
    if (step_end >= t1 - 1e-9 * h) {
      step_end = t1;
      if (std::abs(t1 - t - h) > 1e-9 * h) step = t1 - t;
    }
    step_start = y;
    bool event_located = false;
    bool stop = false;
    try {
      stepper.step(t, step, y);
      require_finite(y, step_end, method, "the state");
      evaluate_events(events, step_end, y, g_end, method);
      ++outcome.steps;

      // The earliest crossing among the events, by re-stepping from the step start.
      double event_time = step_end;
      const double tolerance =
          std::max(event_time_tolerance, 4 * std::numeric_limits<double>::epsilon() * std::max(std::abs(t1), 1.0));
      for (std::size_t i = 0; i < events.size(); ++i) {
        crossed[i] = crosses(events[i].direction, g_start[i], g_end[i]);
        if (!crossed[i]) continue;
        // g_i along the step, re-stepped from its start to each trial time
        const auto g_at = [&](double tau) {
          trial = step_start;
          stepper.step(t, tau - t, trial);
          return evaluate_event(events[i], Eigen::Index(i), tau, trial, method);
        };
        event_time = std::min(event_time, locate_crossing(g_at, t, g_start[i], step_end, g_end[i], tolerance));
      }
      event_located = std::find(crossed.begin(), crossed.end(), true) != crossed.end();
      if (event_located) {
        // Step to it and fire every event crossed in this step and past its zero there.
        if (event_time < step_end) {
          y = step_start;
          stepper.step(t, event_time - t, y);
          require_finite(y, event_time, method, "the state");
        }
        for (std::size_t i = 0; i < events.size(); ++i) {
          if (!crossed[i]) continue;
          const double g = evaluate_event(events[i], Eigen::Index(i), event_time, y, method);
          if (!crosses(events[i].direction, g_start[i], g)) continue;
          ++outcome.events;
          if (events[i].action && events[i].action(event_time, y) == Continuation::stop) stop = true;
        }
        require_finite(y, event_time, method, "the state after an event action");
        evaluate_events(events, event_time, y, g_start, method);
        step_end = event_time;
      }
    } catch (...) {
      y = step_start;
      throw;
    }

    t = step_end;
    outcome.time = t;
    if (event_located) {
      stepper.restart();
      segment_start = t;
      steps_in_segment = 0;
    } else {
      ++steps_in_segment;
      std::swap(g_start, g_end);
    }
    const Continuation next = observer ? observer(t, y) : Continuation::proceed;
    if (next == Continuation::restart) {
      stepper.restart();
      segment_start = t;
      steps_in_segment = 0;
    }
    if (next == Continuation::stop) stop = true;
    if (stop) {
      outcome.stopped = true;
      return outcome;
    }
  }
  return outcome;
}

}  // namespace dyngen::integrators
