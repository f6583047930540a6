// Adaptive and stiff integration through SUNDIALS CVODE (variable-order, variable-step BDF or
// Adams methods), with CVODE's own root finding for the events.
#pragma once

#include "integrators/events.hpp"

#include <memory>
#include <span>

namespace dyngen::integrators {

enum class CvodeMethod {
  bdf,    // backward differentiation formulas, orders 1-5: stiff systems
  adams,  // Adams-Moulton, orders 1-12: smooth non-stiff systems
};

struct CvodeOptions {
  CvodeMethod method = CvodeMethod::bdf;
  double relative_tolerance = 1e-6;
  double absolute_tolerance = 1e-9;
  double max_step = 0.0;                 // s; 0: no limit
  long max_steps_per_output = 100000;    // internal steps allowed between two outputs
  Jacobian jacobian;                     // optional analytic df/dy; difference quotients otherwise
};

// Hindmarsh et al., "SUNDIALS: Suite of nonlinear and differential/algebraic equation solvers",
// ACM TOMS 31 (2005) 363-396; CVODE User Documentation v6.4 (Debian 12's libsundials-dev 6.4).
// CVODE keeps the local error estimate of each step below its weighted norm
//   sqrt(mean_i (e_i / (rtol |y_i| + atol))^2) <= 1,
// choosing step and order; the implicit corrector equations are solved by Newton's method with the
// dense direct linear solver (SUNLinSol_Dense). Derivative calls per step vary: about 1-3 per Newton
// iteration, plus n per Jacobian by difference quotients (reused over several steps).
//
// Events use CVODE's root finding (CVodeRootInit, CVodeSetRootDirection; rising, falling or either,
// as crosses() in events.hpp), which places a root within about 100 rounding units of t on the side
// past the zero. At an event the fired actions run in index order (each may change y) and CVODE is
// reinitialized at the event time (its history restarts). The observer sees the state at every
// output time t0 + k output_step (and at t1) and after every event; an action or the observer
// returning stop ends the run there, the observer returning restart reinitializes CVODE. Failures throw IntegrationError: solver_failure with CVODE's
// flag, its name and message and the time reached, or, when the right-hand side, an event function
// or the Jacobian failed, that exception (not_finite with the time of the evaluation). y always holds
// the last state the observer saw (or the initial one).
class Cvode {
 public:
  Cvode(RightHandSide rate, Eigen::Index size, CvodeOptions options = {});
  ~Cvode();
  Cvode(const Cvode&) = delete;
  Cvode& operator=(const Cvode&) = delete;

  Eigen::Index size() const;
  Outcome integrate(double t0, double t1, double output_step, VectorRef y, std::span<const Event> events = {},
                    const StepObserver& observer = nullptr);

 private:
  struct Solver;
  std::unique_ptr<Solver> solver_;
};

}  // namespace dyngen::integrators
