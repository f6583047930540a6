// Typed runtime failure of the integrators: a divergence or a solver failure is reported with the
// model time and its cause, never continued silently.
#pragma once

#include <Eigen/Core>

#include <stdexcept>
#include <string>

namespace dyngen::integrators {

enum class IntegrationErrorKind {
  not_finite,            // NaN or infinity in a derivative, a state or an event function
  newton_not_converged,  // an implicit step's Newton iteration hit its iteration limit or a singular Jacobian
  solver_failure,        // CVODE returned an error flag
  step_too_small,        // an adaptive method's error control asked for a step below the rounding of t
  too_many_steps,        // an adaptive method reached its step limit
};

class IntegrationError : public std::runtime_error {
 public:
  // method: the integrator ("rk4", "cvode", ...); time: model time of the failure; component: index
  // of the offending vector component, or -1; value: the offending value, the last Newton
  // correction norm or the CVODE flag; detail: what failed, in words.
  IntegrationError(IntegrationErrorKind kind, std::string method, double time, Eigen::Index component, double value,
                   std::string detail);
  IntegrationErrorKind kind() const { return kind_; }
  const std::string& method() const { return method_; }
  double time() const { return time_; }
  Eigen::Index component() const { return component_; }
  double value() const { return value_; }
  const std::string& detail() const { return detail_; }

 private:
  IntegrationErrorKind kind_;
  std::string method_;
  double time_;
  Eigen::Index component_;
  double value_;
  std::string detail_;
};

}  // namespace dyngen::integrators
