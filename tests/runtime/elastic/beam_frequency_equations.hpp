// The analytic Euler-Bernoulli frequency equations of one uniform link (unit length, mass and bending
// stiffness; Omega = b^2), solved here by a fine scan and bisection in long double: the oracle of the
// natural-frequency tests, sharing nothing with the module.
#pragma once

#include <cmath>
#include <functional>
#include <vector>

namespace dyngen::elastic::test {

// the roots b in (low, high) of f
inline std::vector<double> analytic_roots(const std::function<long double(long double)>& f, double low, double high) {
  std::vector<double> roots;
  const double scan = 1e-3;
  for (double a = low; a < high; a += scan) {
    long double left = a, right = a + scan;
    if (f(left) * f(right) > 0) continue;
    for (int i = 0; i < 200; ++i) {
      const long double middle = (left + right) / 2;
      if (f(left) * f(middle) <= 0) right = middle;
      else left = middle;
    }
    roots.push_back(static_cast<double>((left + right) / 2));
  }
  return roots;
}

// clamped root, free tip carrying a body of mass m: 1 + cos b cosh b + m b (cos b sinh b - sin b cosh b) = 0
inline long double clamped_with_tip_body(long double b, long double m) {
  return 1 + std::cos(b) * std::cosh(b) + m * b * (std::cos(b) * std::sinh(b) - std::sin(b) * std::cosh(b));
}

// pinned root (the link hinged with no torque), tip body m: sin b cosh b - cos b sinh b + 2 m b sin b sinh b = 0
inline long double pinned_with_tip_body(long double b, long double m) {
  return std::sin(b) * std::cosh(b) - std::cos(b) * std::sinh(b) + 2 * m * b * std::sin(b) * std::sinh(b);
}

}  // namespace dyngen::elastic::test
