// Piecewise-linear hysteresis with constant parameters (see piecewise_linear.hpp).
#include "hysteresis/piecewise_linear.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace dyngen::hysteresis {
namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();

// E_hi: the envelope of ascending paths.
double ascending_envelope(const PiecewiseLinearParameters& p, double x) {
  if (x > p.backlash) return p.loading_stiffness * (x - p.backlash);
  if (x < -p.backlash) return p.unloading_stiffness * (x + p.backlash);
  return 0.0;
}

// E_lo(x) = -E_hi(-x)
double descending_envelope(const PiecewiseLinearParameters& p, double x) { return -ascending_envelope(p, -x); }

// First kink ahead of `from` of the ascending path that starts on the transition line
// F = F_r + k_t (x - x_r): where that line meets E_hi, or, once it has, the next kink of E_hi.
double next_ascending_breakpoint(const PiecewiseLinearParameters& p, const TurningPoint& r, double from) {
  const double b = p.backlash;
  const double kt = p.transition_stiffness;
  // a step ended at the end of the transition leaves the line and the envelope equal up to
  // rounding: that counts as on the envelope
  const double rounding = 1e-12 * (std::abs(r.force) + kt * (std::abs(from) + std::abs(r.deflection) + b));
  if (r.force + kt * (from - r.deflection) >= ascending_envelope(p, from) - rounding) {
    if (from < -b) return -b;
    if (from < b) return b;
    return kNone;
  }
  // k_u (x + b) = F_r + k_t (x - x_r)
  const double on_unloading = (r.force - kt * r.deflection - p.unloading_stiffness * b) / (p.unloading_stiffness - kt);
  if (on_unloading > from && on_unloading <= -b) return on_unloading;
  // 0 = F_r + k_t (x - x_r)
  const double on_backlash = r.deflection - r.force / kt;
  if (on_backlash > from && on_backlash >= -b && on_backlash <= b) return on_backlash;
  // k_l (x - b) = F_r + k_t (x - x_r)
  return (r.force - kt * r.deflection + p.loading_stiffness * b) / (p.loading_stiffness - kt);
}

}  // namespace

std::string parameter_error(const PiecewiseLinearParameters& p) {
  std::ostringstream why;
  if (!std::isfinite(p.loading_stiffness) || !std::isfinite(p.unloading_stiffness) ||
      !std::isfinite(p.transition_stiffness) || !std::isfinite(p.backlash))
    why << "parameters must be finite";
  else if (!(p.unloading_stiffness > 0.0))
    why << "unloading stiffness " << p.unloading_stiffness << " N/m must be positive";
  else if (!(p.loading_stiffness >= p.unloading_stiffness))
    why << "loading stiffness " << p.loading_stiffness << " N/m must be at least the unloading stiffness "
        << p.unloading_stiffness << " N/m";
  else if (!(p.transition_stiffness > p.loading_stiffness))
    why << "transition stiffness " << p.transition_stiffness << " N/m must exceed the loading stiffness "
        << p.loading_stiffness << " N/m";
  else if (!(p.backlash >= 0.0))
    why << "backlash " << p.backlash << " m must not be negative";
  return why.str();
}

std::vector<NamedParameter> named(const PiecewiseLinearParameters& p) {
  return {{"loading_stiffness", "k_l", "N/m", p.loading_stiffness},
          {"unloading_stiffness", "k_u", "N/m", p.unloading_stiffness},
          {"transition_stiffness", "k_t", "N/m", p.transition_stiffness},
          {"backlash", "b", "m", p.backlash}};
}

double cycle_energy(const PiecewiseLinearParameters& p, double x_min, double x_max) {
  const double b = p.backlash;
  const double rho = (p.transition_stiffness - p.loading_stiffness) / (p.transition_stiffness - p.unloading_stiffness);
  const double half_gap = 0.5 * (p.loading_stiffness - p.unloading_stiffness);
  const auto one_side = [&](double e_min, double e_max) {
    if (e_min > rho * e_max) return 0.0;
    // E = (k_l - k_u)/2 (rho e_max^2 - e_min^2 / rho)
    return half_gap * (rho * e_max * e_max - e_min * e_min / rho);
  };
  if (x_min >= b) return one_side(x_min - b, x_max - b);
  if (x_max <= -b) return one_side(-x_max - b, -x_min - b);
  const double above = std::max(0.0, x_max - b);
  const double below = std::max(0.0, -x_min - b);
  // E = (k_l - k_u)/2 rho (e_+^2 + e_-^2)
  return half_gap * rho * (above * above + below * below);
}

PiecewiseLinearHysteresis::PiecewiseLinearHysteresis(const PiecewiseLinearParameters& parameters, double deflection,
                                                     double force)
    : p_(parameters), committed_(deflection), breakpoint_(kNone) {
  if (const std::string why = parameter_error(p_); !why.empty())
    throw std::invalid_argument("piecewise-linear hysteresis: " + why);
  last_ = {deflection, std::clamp(force, descending_envelope(p_, deflection), ascending_envelope(p_, deflection))};
}

double PiecewiseLinearHysteresis::force(double x) const {
  // F = clamp(F_r + k_t (x - x_r), E_lo(x), E_hi(x))
  return std::clamp(last_.force + p_.transition_stiffness * (x - last_.deflection), descending_envelope(p_, x),
                    ascending_envelope(p_, x));
}

void PiecewiseLinearHysteresis::update(double x, double rate) {
  if (direction_ == 0) {
    direction_ = x > committed_ ? 1 : x < committed_ ? -1 : rate > 0.0 ? 1 : rate < 0.0 ? -1 : 0;
  }
  if (direction_ * rate < 0.0) {
    last_ = {x, force(x)};
    direction_ = -direction_;
  }
  committed_ = x;
  breakpoint_ = next_breakpoint();
}

double PiecewiseLinearHysteresis::reversal_event(double rate) const {
  return direction_ == 0 ? kNone : direction_ * rate;
}

double PiecewiseLinearHysteresis::breakpoint_event(double x) const {
  return direction_ == 0 ? kNone : direction_ * (breakpoint_ - x);
}

double PiecewiseLinearHysteresis::next_breakpoint() const {
  if (direction_ == 0) return kNone;
  // a descending path is the ascending one mirrored through the origin: F(-x) = -F(x)
  const double s = direction_;
  const TurningPoint mirrored{s * last_.deflection, s * last_.force};
  return s * next_ascending_breakpoint(p_, mirrored, s * committed_);
}

}  // namespace dyngen::hysteresis
