#include "integrators/events.hpp"

#include "integrators/integration_error.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::integrators {

bool crosses(Crossing direction, double g_start, double g_end) {
  const bool rising = g_start < 0 && g_end >= 0;
  const bool falling = g_start > 0 && g_end <= 0;
  switch (direction) {
    case Crossing::rising:
      return rising;
    case Crossing::falling:
      return falling;
    case Crossing::either:
      return rising || falling;
  }
  return false;
}

double evaluate_event(const Event& event, Eigen::Index index, double t, const ConstVectorRef& y, const char* method) {
  const double g = event.function(t, y);
  if (!std::isfinite(g)) {
    throw IntegrationError(IntegrationErrorKind::not_finite, method, t, index, g, "event function '" + event.name + "'");
  }
  return g;
}

// Anderson & Bjorck (1973), safeguarded by bisection.
double locate_crossing(const std::function<double(double t)>& g, double t_start, double g_start, double t_end,
                       double g_end, double tolerance) {
  // psi = sign * g is < 0 before the crossing and >= 0 past it.
  const double sign = g_start < 0 ? 1.0 : -1.0;
  double a = t_start, psi_a = sign * g_start;
  double b = t_end, psi_b = sign * g_end;
  enum class End { none, a, b } last_replaced = End::none;
  double width_to_halve = b - a;
  int iterations_without_halving = 0;
  while (b - a > tolerance) {
    // false position: the zero of the chord through (a, psi_a) and (b, psi_b)
    double x = b - psi_b * (b - a) / (psi_b - psi_a);
    if (iterations_without_halving >= 2) x = a + (b - a) / 2;
    // Half a tolerance inside the bracket, so it shrinks by at least that much every iteration.
    x = std::clamp(x, a + tolerance / 2, b - tolerance / 2);
    const double psi_x = sign * g(x);
    if (psi_x >= 0) {
      if (last_replaced == End::b) {
        const double m = 1 - psi_x / psi_b;
        psi_a *= m > 0 ? m : 0.5;
      }
      b = x;
      psi_b = psi_x;
      last_replaced = End::b;
    } else {
      if (last_replaced == End::a) {
        const double m = 1 - psi_x / psi_a;
        psi_b *= m > 0 ? m : 0.5;
      }
      a = x;
      psi_a = psi_x;
      last_replaced = End::a;
    }
    if (b - a <= width_to_halve / 2) {
      width_to_halve = b - a;
      iterations_without_halving = 0;
    } else {
      ++iterations_without_halving;
    }
  }
  return b;
}

}  // namespace dyngen::integrators
