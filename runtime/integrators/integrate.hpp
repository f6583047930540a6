// The fixed-step driver: steps y' = f(t, y) from t0 to t1 with any Stepper (RK4, Adams-Bashforth-
// Moulton, implicit Euler, Houbolt), handles discrete events between steps, stops on request.
#pragma once

#include "integrators/events.hpp"
#include "integrators/stepper.hpp"

#include <span>

namespace dyngen::integrators {

// Steps y in place from t0 to t1 with the step h: t_k = s + k h from the last (re)start time s (t0 or
// the last event), the final step shortened to end exactly at t1.
//
// Events, between steps: after each step every g_i is evaluated at the step end and has crossed when
// crosses(direction, g_i(step start), g_i(step end)) (events.hpp). A crossing is located to
// event_time_tolerance (or a few rounding units of t, if larger) by locate_crossing on
// g_i(tau, y(tau)), where y(tau) re-steps from the step start to the trial time tau with the
// stepper's own step (multistep methods take their self-starting step). The earliest crossing time
// t_e wins: y is stepped there and every event that crossed in this step and is past its zero at t_e
// fires, its action run in index order (each may change y). The stepper then restarts (Adams-
// Bashforth-Moulton and Houbolt rebuild their history), the observer sees (t_e, y), and stepping
// resumes from t_e. A g crossing zero twice within one step is not seen: the step must resolve the
// time scale of the events.
//
// The observer runs after every step and every handled event (not at t0). An action or the observer
// returning stop ends the run there, keeping what was done; the observer returning restart restarts
// the stepper there (a state machine of the caller's changed the right-hand side). Returns the
// Outcome; y holds the state at outcome.time. On an exception from a step or an event (IntegrationError, or anything the
// right-hand side or an action throws) y holds the last state the observer saw (or the initial one).
// The run allocates its buffers once; steps without events allocate nothing more.
Outcome integrate(Stepper& stepper, double t0, double t1, double h, VectorRef y, std::span<const Event> events = {},
                  const StepObserver& observer = nullptr, double event_time_tolerance = 1e-12);

}  // namespace dyngen::integrators
