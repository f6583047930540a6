#include "integrators/ode.hpp"

#include <cmath>

namespace dyngen::integrators {

void require_finite(const ConstVectorRef& y, double t, const char* method, const char* what) {
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (!std::isfinite(y[i])) throw IntegrationError(IntegrationErrorKind::not_finite, method, t, i, y[i], what);
  }
}

void evaluate_right_hand_side(const RightHandSide& f, double t, const ConstVectorRef& y, VectorRef dydt,
                              const char* method) {
  f(t, y, dydt);
  require_finite(dydt, t, method, "the right-hand side");
}

}  // namespace dyngen::integrators
