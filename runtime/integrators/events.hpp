// Discrete events between integration steps (latch triggering, capture, hysteresis branch switch,
// contact start and end): event functions g_i(t, y) whose zero crossings are located in time and
// handled by a callback that may change the state or stop the run.
#pragma once

#include "integrators/ode.hpp"

#include <functional>
#include <string>

namespace dyngen::integrators {

// Which zero crossings of g count: rising (g goes from < 0 to >= 0), falling (> 0 to <= 0), either.
enum class Crossing { rising, falling, either };

using EventFunction = std::function<double(double t, const ConstVectorRef& y)>;
// Runs at the event time with the state there; may change y (restitution, a switch of branch) and
// any state machine of the caller; returns stop to end the run at the event.
using EventAction = std::function<Continuation(double t, VectorRef y)>;

struct Event {
  std::string name;  // for diagnostics
  EventFunction function;
  Crossing direction = Crossing::either;
  EventAction action;  // empty: the run only restarts from the event time, unchanged
};

// True when g went from g_start to g_end across zero in the given direction. A g starting at
// exactly zero has not crossed: a state placed on a switching surface (by an event) does not fire again.
bool crosses(Crossing direction, double g_start, double g_end);

// g_i(t, y), throwing IntegrationError (not_finite, component = index, the event's name) when it is
// NaN or infinite.
double evaluate_event(const Event& event, Eigen::Index index, double t, const ConstVectorRef& y, const char* method);

// The time of a zero crossing of g between t_start and t_end, given g_start = g(t_start) and
// g_end = g(t_end) on opposite sides (crosses(...) holds for either direction). A bracket [a, b] is
// narrowed until b - a <= tolerance, by the Anderson-Bjorck variant of the false position method
// (Anderson & Bjorck, BIT 13 (1973) 253-264: when the same end is replaced twice in a row, the value
// kept at the other end is scaled by m = 1 - g(new)/g(replaced), or 1/2 when m <= 0), with a
// bisection whenever two iterations have not halved the bracket. Returns b: the end past the
// crossing, so g there already has its new sign (or is zero).
double locate_crossing(const std::function<double(double t)>& g, double t_start, double g_start, double t_end,
                       double g_end, double tolerance);

}  // namespace dyngen::integrators
