// The common shape of all integrators: a first-order system y' = f(t, y) over Eigen vectors, its
// right-hand side a callable writing into a preallocated vector, and what a run returns.
#pragma once

#include "integrators/integration_error.hpp"

#include <Eigen/Dense>

#include <functional>

namespace dyngen::integrators {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;
using VectorRef = Eigen::Ref<Vector>;
using ConstVectorRef = Eigen::Ref<const Vector>;
using MatrixRef = Eigen::Ref<Matrix>;

// y' = f(t, y): writes f(t, y) into dydt, which has the size of y. The integrators pass their own
// preallocated buffers, so a right-hand side that does not allocate keeps the step allocation-free.
using RightHandSide = std::function<void(double t, const ConstVectorRef& y, VectorRef dydt)>;

// df/dy at (t, y) into the preallocated n x n matrix dfdy.
using Jacobian = std::function<void(double t, const ConstVectorRef& y, MatrixRef dfdy)>;

// restart: the right-hand side changed discontinuously at this state (a state machine held outside
// y switched): one-step methods evaluate f there afresh, multistep ones rebuild their history.
enum class Continuation { proceed, stop, restart };

// Called after every accepted step and after every handled event with the state reached; returns
// stop to end the run there (the state stays as it is) or restart (above).
using StepObserver = std::function<Continuation(double t, const ConstVectorRef& y)>;

// What a run did; the state it reached is left in the caller's vector.
struct Outcome {
  double time = 0.0;     // time of the state left in y: the end time, or where a callback stopped
  bool stopped = false;  // a callback asked to stop before the end time
  long steps = 0;        // steps taken (CVODE: its internal steps)
  long events = 0;       // event actions run
};

// Evaluates f(t, y) into dydt and throws IntegrationError (not_finite, naming method, t and the
// first offending component) when a derivative is NaN or infinite.
void evaluate_right_hand_side(const RightHandSide& f, double t, const ConstVectorRef& y, VectorRef dydt,
                              const char* method);

// Throws IntegrationError (not_finite) naming what, method, t and the component when y holds a NaN
// or an infinity.
void require_finite(const ConstVectorRef& y, double t, const char* method, const char* what);

}  // namespace dyngen::integrators
