#include "integrators/integration_error.hpp"

#include <sstream>

namespace dyngen::integrators {

namespace {

std::string describe(IntegrationErrorKind kind, const std::string& method, double time, Eigen::Index component,
                     double value, const std::string& detail) {
  std::ostringstream s;
  s.precision(15);
  s << "integration error at t = " << time << " s (" << method << "): ";
  switch (kind) {
    case IntegrationErrorKind::not_finite:
      s << "non-finite value " << value << " in " << detail;
      if (component >= 0) s << ", component " << component;
      s << "; the solution has diverged or the model is undefined there";
      break;
    case IntegrationErrorKind::newton_not_converged:
      s << "Newton iteration failed (" << detail << ", last correction " << value
        << "); reduce the step or check the Jacobian";
      break;
    case IntegrationErrorKind::solver_failure:
      s << "CVODE failed with flag " << value << " (" << detail << ")";
      break;
    case IntegrationErrorKind::step_too_small:
      s << detail << ", below the rounding of t; a discontinuity or a stiffness the method cannot pass";
      break;
    case IntegrationErrorKind::too_many_steps:
      s << detail << "; raise the limit or loosen the tolerances";
      break;
  }
  return s.str();
}

}  // namespace

IntegrationError::IntegrationError(IntegrationErrorKind kind, std::string method, double time, Eigen::Index component,
                                   double value, std::string detail)
    : std::runtime_error(describe(kind, method, time, component, value, detail)),
      kind_(kind),
      method_(std::move(method)),
      time_(time),
      component_(component),
      value_(value),
      detail_(std::move(detail)) {}

}  // namespace dyngen::integrators
