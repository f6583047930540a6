// Hysteresis with variable parameters (see variable_parameter.hpp).
#include "hysteresis/variable_parameter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace dyngen::hysteresis {
namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();

int sign(double value) { return value > 0.0 ? 1 : value < 0.0 ? -1 : 0; }

// Force gained along the virgin path from (x_0, .) in direction s after the distance u:
//   min(k_t u, h(u/2, m) + k(u/2, m) u),  m = x_0 + s u/2;  behind the origin (u < 0) k_t u.
double virgin_rise(const VariableParameters& p, double origin, int s, double u) {
  if (u <= 0.0) return p.transition_stiffness * u;
  const double amplitude = 0.5 * u;
  const double mean = origin + s * amplitude;
  return std::min(p.transition_stiffness * u,
                  loop_width(p, amplitude, mean) + branch_stiffness(p, amplitude, mean) * u);
}

// Slopes of the anchored path from `from` to `to`: k' = min(k(a, m), secant), k_t' = max(k_t, secant),
// with the secant (F_to - F_from) / (x_to - x_from) of the loop.
struct AnchoredSlopes {
  double span;        // 2 a
  double rise;        // s (F_to - F_from)
  double branch;      // k'
  double transition;  // k_t'
};

AnchoredSlopes anchored_slopes(const VariableParameters& p, const TurningPoint& from, const TurningPoint& to) {
  const double span = std::abs(to.deflection - from.deflection);
  const double rise = sign(to.deflection - from.deflection) * (to.force - from.force);
  const double secant = rise / span;
  const double k = branch_stiffness(p, 0.5 * span, 0.5 * (from.deflection + to.deflection));
  return {span, rise, std::min(k, secant), std::max(p.transition_stiffness, secant)};
}

// Force gained along the anchored path after the distance u:
//   min(k_t' u, (F_to - F_from) s - k' (2a - u)): the transition from P_from, then the branch
//   line through P_to.
double anchored_rise(const AnchoredSlopes& slopes, double u) {
  return std::min(slopes.transition * u, slopes.rise - slopes.branch * (slopes.span - u));
}

// Smallest root above `after` of c2 u^2 + c1 u + c0 = 0, or kNone.
double first_root_after(double c2, double c1, double c0, double after) {
  double roots[2] = {kNone, kNone};
  if (c2 == 0.0) {
    if (c1 != 0.0) roots[0] = -c0 / c1;
  } else {
    const double discriminant = c1 * c1 - 4.0 * c2 * c0;
    if (discriminant >= 0.0) {
      // q = -(c1 + sign(c1) sqrt(D)) / 2; roots q / c2 and c0 / q (no cancellation)
      const double q = -0.5 * (c1 + (c1 >= 0.0 ? 1.0 : -1.0) * std::sqrt(discriminant));
      roots[0] = q / c2;
      if (q != 0.0) roots[1] = c0 / q;
    }
  }
  double first = kNone;
  for (double root : roots)
    if (root > after && root < first) first = root;
  return first;
}

}  // namespace

std::string parameter_error(const VariableParameters& p) {
  std::ostringstream why;
  const double all[] = {p.stiffness, p.stiffness_per_amplitude, p.stiffness_per_mean, p.width,
                        p.width_per_amplitude, p.width_per_mean, p.transition_stiffness};
  if (!std::all_of(std::begin(all), std::end(all), [](double v) { return std::isfinite(v); }))
    why << "parameters must be finite";
  else if (!(p.stiffness >= 0.0))
    why << "branch stiffness " << p.stiffness << " N/m must not be negative";
  else if (!(p.transition_stiffness > p.stiffness))
    why << "transition stiffness " << p.transition_stiffness << " N/m must exceed the branch stiffness "
        << p.stiffness << " N/m";
  else if (!(p.width >= 0.0))
    why << "loop width " << p.width << " N must not be negative";
  return why.str();
}

std::vector<NamedParameter> named(const VariableParameters& p) {
  return {{"branch_stiffness", "k_0", "N/m", p.stiffness},
          {"stiffness_per_amplitude", "k_a", "N/m^2", p.stiffness_per_amplitude},
          {"stiffness_per_mean", "k_m", "N/m^2", p.stiffness_per_mean},
          {"loop_width", "h_0", "N", p.width},
          {"width_per_amplitude", "h_a", "N/m", p.width_per_amplitude},
          {"width_per_mean", "h_m", "N/m", p.width_per_mean},
          {"transition_stiffness", "k_t", "N/m", p.transition_stiffness}};
}

double branch_stiffness(const VariableParameters& p, double amplitude, double mean) {
  // k(a, m) = k_0 + k_a a + k_m m
  return std::max(0.0, p.stiffness + p.stiffness_per_amplitude * amplitude + p.stiffness_per_mean * mean);
}

double loop_width(const VariableParameters& p, double amplitude, double mean) {
  // h(a, m) = h_0 + h_a a + h_m m
  return std::max(0.0, p.width + p.width_per_amplitude * amplitude + p.width_per_mean * mean);
}

double cycle_energy(const VariableParameters& p, double amplitude, double mean) {
  const double k = branch_stiffness(p, amplitude, mean);
  const double h = loop_width(p, amplitude, mean);
  if (k >= p.transition_stiffness) return 0.0;
  // delta = h / (k_t - k): deflection width of each transition
  const double transition_width = h / (p.transition_stiffness - k);
  // E = h (2 a - delta)
  return 2.0 * amplitude > transition_width ? h * (2.0 * amplitude - transition_width) : 0.0;
}

VariableHysteresis::VariableHysteresis(const VariableParameters& parameters, double deflection, double force)
    : p_(parameters), memory_{{deflection, force}}, committed_(deflection), breakpoint_(kNone) {
  if (const std::string why = parameter_error(p_); !why.empty())
    throw std::invalid_argument("variable-parameter hysteresis: " + why);
}

VariableHysteresis::Origin VariableHysteresis::origin_of(double x, int s) const {
  std::size_t current = memory_.size() - 1;
  std::size_t oldest = 0;
  // passing the target x_n-1 closes the loop [x_n-1, x_n]: continue from x_n-2, or as virgin
  // from x_n when x_n-1 was the oldest
  while (current > oldest && s * (x - memory_[current - 1].deflection) >= 0.0) {
    if (current - 1 == oldest)
      oldest = current;
    else
      current -= 2;
  }
  return {current, current == oldest};
}

double VariableHysteresis::path_force(Origin origin, int s, double x) const {
  const TurningPoint& from = memory_[origin.index];
  const double u = s * (x - from.deflection);
  const double rise = origin.virgin ? virgin_rise(p_, from.deflection, s, u)
                                    : anchored_rise(anchored_slopes(p_, from, memory_[origin.index - 1]), u);
  return from.force + s * rise;
}

double VariableHysteresis::force(double x) const {
  // at rest the first motion decides the direction
  const int s = direction_ != 0 ? direction_ : sign(x - memory_.front().deflection);
  if (s == 0) return memory_.front().force;
  return path_force(origin_of(x, s), s, x);
}

void VariableHysteresis::update(double x, double rate) {
  if (direction_ == 0) direction_ = x != committed_ ? sign(x - committed_) : sign(rate);
  if (direction_ != 0) {
    const Origin origin = origin_of(x, direction_);
    memory_.erase(memory_.begin() + static_cast<std::ptrdiff_t>(origin.index) + 1, memory_.end());
    if (origin.virgin) memory_.erase(memory_.begin(), memory_.begin() + static_cast<std::ptrdiff_t>(origin.index));
  }
  if (direction_ * rate < 0.0) {
    const TurningPoint reversal{x, force(x)};
    // a reversal where the last turning point was leaves no loop: it is forgotten and the path
    // before it continues
    if (memory_.size() > 1 && direction_ * (x - memory_.back().deflection) <= 0.0)
      memory_.pop_back();
    else
      memory_.push_back(reversal);
    direction_ = -direction_;
  }
  committed_ = x;
  breakpoint_ = next_breakpoint();
}

double VariableHysteresis::reversal_event(double rate) const { return direction_ == 0 ? kNone : direction_ * rate; }

double VariableHysteresis::breakpoint_event(double x) const {
  return direction_ == 0 ? kNone : direction_ * (breakpoint_ - x);
}

double VariableHysteresis::next_breakpoint() const {
  const int s = direction_;
  if (s == 0) return kNone;
  const TurningPoint& from = memory_.back();
  const double done = s * (committed_ - from.deflection);
  if (memory_.size() == 1) {
    // virgin: k_t u = h(u) + k(u) u with h = alpha_h + beta_h u and k = alpha_k + beta_k u, where
    // a = u/2 and m = x_0 + s u/2
    const double alpha_h = p_.width + p_.width_per_mean * from.deflection;
    const double beta_h = 0.5 * (p_.width_per_amplitude + s * p_.width_per_mean);
    const double alpha_k = p_.stiffness + p_.stiffness_per_mean * from.deflection;
    const double beta_k = 0.5 * (p_.stiffness_per_amplitude + s * p_.stiffness_per_mean);
    const double passed = done + 1e-12 * (std::abs(done) + std::abs(from.deflection));
    const double u = first_root_after(beta_k, alpha_k + beta_h - p_.transition_stiffness, alpha_h, passed);
    return u == kNone ? kNone : from.deflection + s * u;
  }
  const AnchoredSlopes slopes = anchored_slopes(p_, from, memory_[memory_.size() - 2]);
  // end of the transition: k_t' u = rise - k' (2a - u)
  const double transition_end = (slopes.rise - slopes.branch * slopes.span) / (slopes.transition - slopes.branch);
  // a step ended at the end of the transition has passed it, up to rounding
  const double u = transition_end > done + 1e-12 * slopes.span && transition_end < slopes.span ? transition_end : slopes.span;
  return from.deflection + s * u;
}

}  // namespace dyngen::hysteresis
