// Drives a hysteresis element along a prescribed deflection x(t) the way an integrator with event
// location steps it: steps of at most h, each ended just past the first zero of the element's
// reversal or breakpoint event (bisection on t), update() at the end of every step. Returns the
// work of the element's force along the path, integral F dx, by Simpson's rule on each step, which
// is exact on the linear (and quadratic) pieces the events separate.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>

namespace dyngen::hysteresis::testing {

struct PrescribedPath {
  std::function<double(double)> deflection;  // x(t)
  std::function<double(double)> rate;       // dx/dt
};

template <class Element>
bool event_passed(const Element& element, const PrescribedPath& path, double t) {
  return element.reversal_event(path.rate(t)) <= 0.0 || element.breakpoint_event(path.deflection(t)) <= 0.0;
}

template <class Element>
double drive(Element& element, const PrescribedPath& path, double t_begin, double t_end, double h) {
  double work = 0.0;
  double t = t_begin;
  while (t < t_end) {
    double t_next = std::min(t + h, t_end);
    if (event_passed(element, path, t_next)) {
      // the event lies in (t, t_next]: keep it bracketed, end the step at the bracket's far side
      double before = t;
      for (int i = 0; i < 200 && t_next - before > 1e-15 * std::max(1.0, std::abs(t_next)); ++i) {
        const double middle = 0.5 * (before + t_next);
        (event_passed(element, path, middle) ? t_next : before) = middle;
      }
    }
    const double xa = path.deflection(t), xb = path.deflection(t_next);
    // Simpson: (x_b - x_a) / 6 (F_a + 4 F_mid + F_b)
    work += (xb - xa) / 6.0 * (element.force(xa) + 4.0 * element.force(0.5 * (xa + xb)) + element.force(xb));
    element.update(xb, path.rate(t_next));
    t = t_next;
  }
  return work;
}

// x(t) = mean + amplitude sin(omega t)
inline PrescribedPath sinusoid(double mean, double amplitude, double omega) {
  return {[=](double t) { return mean + amplitude * std::sin(omega * t); },
          [=](double t) { return amplitude * omega * std::cos(omega * t); }};
}

}  // namespace dyngen::hysteresis::testing
