#include "integrators/cvode.hpp"

#include "integrators/integration_error.hpp"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <cmath>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if SUNDIALS_VERSION_MAJOR != 6
#error "cvode.cpp is written against the SUNDIALS 6 API (Debian 12: libsundials-dev 6.4)"
#endif

namespace dyngen::integrators {

namespace {

constexpr const char* method_name = "cvode";

Eigen::Map<Vector> view(N_Vector v, Eigen::Index size) { return {N_VGetArrayPointer(v), size}; }

int cvode_direction(Crossing direction) {
  switch (direction) {
    case Crossing::rising:
      return 1;
    case Crossing::falling:
      return -1;
    case Crossing::either:
      return 0;
  }
  return 0;
}

}  // namespace

// Everything SUNDIALS: the callbacks reach this through CVODE's user data. Exceptions must not
// unwind through CVODE's C frames, so a callback stores what it caught and returns; the caller
// rethrows it when CVODE returns with a failure. The right-hand side's failure is recoverable (1):
// CVODE then retries the step shorter, as an overlong step that reaches a state past the model's
// range (a penetration beyond its limit) should be. Where no shorter step avoids it, CVODE's steps
// shrink against that state until it gives up (too much work, too small a step): the right-hand
// side's last failure of that output interval is then the cause reported, not CVODE's flag. The
// other callbacks' failures end the integration (-1).
struct Cvode::Solver {
  RightHandSide rate;
  Jacobian jacobian;
  Eigen::Index size = 0;
  std::span<const Event> events;
  std::exception_ptr callback_failure;
  std::string last_message;
  SUNContext context = nullptr;
  N_Vector state = nullptr;
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear_solver = nullptr;
  void* memory = nullptr;

  ~Solver() {
    if (memory) CVodeFree(&memory);
    if (linear_solver) SUNLinSolFree(linear_solver);
    if (matrix) SUNMatDestroy(matrix);
    if (state) N_VDestroy(state);
    if (context) SUNContext_Free(&context);
  }

  static int rate_callback(sunrealtype t, N_Vector y, N_Vector dydt, void* data) {
    auto& solver = *static_cast<Solver*>(data);
    try {
      Eigen::Map<Vector> derivative = view(dydt, solver.size);
      evaluate_right_hand_side(solver.rate, t, view(y, solver.size), derivative, method_name);
      return 0;
    } catch (...) {
      solver.callback_failure = std::current_exception();
      return 1;
    }
  }

  static int event_callback(sunrealtype t, N_Vector y, sunrealtype* g, void* data) {
    auto& solver = *static_cast<Solver*>(data);
    try {
      for (std::size_t i = 0; i < solver.events.size(); ++i) {
        g[i] = evaluate_event(solver.events[i], Eigen::Index(i), t, view(y, solver.size), method_name);
      }
      return 0;
    } catch (...) {
      solver.callback_failure = std::current_exception();
      return -1;
    }
  }

  static int jacobian_callback(sunrealtype t, N_Vector y, N_Vector, SUNMatrix dfdy, void* data, N_Vector, N_Vector,
                               N_Vector) {
    auto& solver = *static_cast<Solver*>(data);
    try {
      // SUNDIALS dense matrices are stored by columns, as Eigen's default.
      Eigen::Map<Matrix> jacobian(SUNDenseMatrix_Data(dfdy), solver.size, solver.size);
      solver.jacobian(t, view(y, solver.size), jacobian);
      return 0;
    } catch (...) {
      solver.callback_failure = std::current_exception();
      return -1;
    }
  }

  static void message_callback(int, const char* module, const char* function, char* message, void* data) {
    auto& solver = *static_cast<Solver*>(data);
    try {
      solver.last_message = std::string(module) + " " + function + ": " + message;
    } catch (...) {
      solver.last_message.clear();
    }
  }

  [[noreturn]] void fail(int flag, double t) {
    if (callback_failure) std::rethrow_exception(std::exchange(callback_failure, nullptr));
    char* flag_name = CVodeGetReturnFlagName(flag);  // allocated by CVODE with malloc
    std::string detail = flag_name ? flag_name : "unknown flag";
    std::free(flag_name);
    if (!last_message.empty()) detail += ": " + last_message;
    throw IntegrationError(IntegrationErrorKind::solver_failure, method_name, t, -1, flag, detail);
  }

  void check(int flag, double t) {
    if (flag < 0) fail(flag, t);
  }

  long steps_since_init() const {
    long steps = 0;
    CVodeGetNumSteps(memory, &steps);
    return steps;
  }

  // Starts CVODE afresh at (t, y): its history, step size, order and step count are reset.
  void reinitialize(double t, const ConstVectorRef& y, double end_time) {
    view(state, size) = y;
    check(CVodeReInit(memory, t, state), t);
    check(CVodeSetStopTime(memory, end_time), t);
  }
};

Cvode::Cvode(RightHandSide rate, Eigen::Index size, CvodeOptions options) : solver_(std::make_unique<Solver>()) {
  if (size <= 0 || !rate) throw std::invalid_argument("Cvode: need a right-hand side and a positive size");
  if (!(options.relative_tolerance > 0) || !(options.absolute_tolerance > 0) || !(options.max_step >= 0) ||
      options.max_steps_per_output <= 0) {
    throw std::invalid_argument("Cvode: tolerances and the step limit must be positive, max_step non-negative");
  }
  Solver& s = *solver_;
  s.rate = std::move(rate);
  s.jacobian = std::move(options.jacobian);
  s.size = size;
  if (SUNContext_Create(nullptr, &s.context) != 0) throw std::runtime_error("Cvode: SUNContext_Create failed");
  s.state = N_VNew_Serial(size, s.context);
  s.memory = CVodeCreate(options.method == CvodeMethod::bdf ? CV_BDF : CV_ADAMS, s.context);
  s.matrix = SUNDenseMatrix(size, size, s.context);
  if (!s.state || !s.memory || !s.matrix) throw std::runtime_error("Cvode: SUNDIALS could not allocate");
  s.linear_solver = SUNLinSol_Dense(s.state, s.matrix, s.context);
  if (!s.linear_solver) throw std::runtime_error("Cvode: SUNDIALS could not allocate");
  s.check(CVodeSetErrHandlerFn(s.memory, Solver::message_callback, &s), 0);
  view(s.state, size).setZero();
  s.check(CVodeInit(s.memory, Solver::rate_callback, 0.0, s.state), 0);
  s.check(CVodeSetUserData(s.memory, &s), 0);
  s.check(CVodeSStolerances(s.memory, options.relative_tolerance, options.absolute_tolerance), 0);
  s.check(CVodeSetLinearSolver(s.memory, s.linear_solver, s.matrix), 0);
  if (s.jacobian) s.check(CVodeSetJacFn(s.memory, Solver::jacobian_callback), 0);
  if (options.max_step > 0) s.check(CVodeSetMaxStep(s.memory, options.max_step), 0);
  s.check(CVodeSetMaxNumSteps(s.memory, options.max_steps_per_output), 0);
}

Cvode::~Cvode() = default;

Eigen::Index Cvode::size() const { return solver_->size; }

Outcome Cvode::integrate(double t0, double t1, double output_step, VectorRef y, std::span<const Event> events,
                         const StepObserver& observer) {
  if (!(output_step > 0) || !std::isfinite(output_step)) {
    throw std::invalid_argument("Cvode::integrate: the output step must be positive and finite");
  }
  if (!std::isfinite(t0) || !std::isfinite(t1) || t1 < t0) throw std::invalid_argument("Cvode::integrate: need t0 <= t1");
  if (y.size() != size()) throw std::invalid_argument("Cvode::integrate: the state size differs from the solver's");
  for (const Event& event : events) {
    if (!event.function) throw std::invalid_argument("Cvode::integrate: event '" + event.name + "' has no function");
  }
  require_finite(y, t0, method_name, "the initial state");

  Solver& s = *solver_;
  s.events = events;
  s.callback_failure = nullptr;
  s.last_message.clear();
  s.reinitialize(t0, y, t1);
  std::vector<int> directions(events.size()), roots_found(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) directions[i] = cvode_direction(events[i].direction);
  s.check(CVodeRootInit(s.memory, int(events.size()), events.empty() ? nullptr : Solver::event_callback), t0);
  if (!events.empty()) {
    s.check(CVodeSetRootDirection(s.memory, directions.data()), t0);
    s.check(CVodeSetNoInactiveRootWarn(s.memory), t0);
  }

  Outcome outcome;
  outcome.time = t0;
  Vector last_observed = y;
  long outputs_done = 0;
  // A remainder below 1e-9 output steps is too close for CVODE to step.
  while (outcome.time < t1 - 1e-9 * output_step) {
    // Outputs already reached (an event may land on one) are not asked for again.
    while (t0 + double(outputs_done + 1) * output_step <= outcome.time + 1e-9 * output_step) ++outputs_done;
    double output_time = t0 + double(outputs_done + 1) * output_step;
    if (output_time >= t1 - 1e-9 * output_step) output_time = t1;
    sunrealtype t = outcome.time;
    // the right-hand side's failures of earlier intervals were recovered from
    s.callback_failure = nullptr;
    const int flag = CVode(s.memory, output_time, s.state, &t, CV_NORMAL);
    if (flag < 0) s.fail(flag, t);
    bool stop = false;
    try {
      y = view(s.state, s.size);
      require_finite(y, t, method_name, "the state");
      if (flag == CV_ROOT_RETURN) {
        s.check(CVodeGetRootInfo(s.memory, roots_found.data()), t);
        for (std::size_t i = 0; i < events.size(); ++i) {
          if (roots_found[i] == 0) continue;
          ++outcome.events;
          if (events[i].action && events[i].action(t, y) == Continuation::stop) stop = true;
        }
        require_finite(y, t, method_name, "the state after an event action");
        outcome.steps += s.steps_since_init();
        s.reinitialize(t, y, t1);
      }
    } catch (...) {
      y = last_observed;
      throw;
    }
    outcome.time = t;
    last_observed = y;
    const Continuation next = observer ? observer(t, y) : Continuation::proceed;
    if (next == Continuation::restart) {
      outcome.steps += s.steps_since_init();
      s.reinitialize(t, y, t1);
    }
    if (next == Continuation::stop) stop = true;
    if (stop) {
      outcome.stopped = true;
      break;
    }
  }
  outcome.steps += s.steps_since_init();
  return outcome;
}

}  // namespace dyngen::integrators
