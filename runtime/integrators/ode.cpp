#include "integrators/ode.hpp"

#include <cmath>

namespace dyngen::integrators {

void require_finite(const ConstVectorRef& y, double t, const char* method, const char* what) {
  // y_i * 0 is zero for a finite y_i and NaN for an infinity or a NaN: one vectorised sum, and the
  // component looked for only when there is one
  if ((y.array() * 0.0).sum() == 0.0) return;
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
