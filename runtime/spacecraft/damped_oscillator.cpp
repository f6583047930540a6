// Exact step of a damped oscillator under a constant load (thesis 4.3; Nigam & Jennings 1969).
#include "spacecraft/damped_oscillator.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace dyngen::spacecraft {

namespace {

// (1 - C - sigma S) / omega^2 = the integral over [0, h] of the impulse response g = exp(-sigma t) s(t),
// by its Taylor series: the closed form cancels to O((omega h)^2) and would lose digits as
// (omega h)^-2 at the small steps docking runs use. g^(n)(0) = a_n: a_0 = 0, a_1 = 1,
// a_{n+2} = -2 sigma a_{n+1} - omega^2 a_n. In A_n = a_n h^(n-1), with mu = (2 sigma + omega) |h| <= 1
// bounding the roots, |A_n| <= n mu^(n-1), so 20 terms leave less than 1e-18 of the sum.
double forced_displacement_series(double sigma, double omega, double h) {
  const double b = 2.0 * sigma * h, w2 = omega * omega * h * h;
  double previous = 0.0, current = 1.0;  // A_0, A_1
  double factorial = 2.0;                // (n + 1)! for n = 1
  double sum = current / factorial;
  for (int n = 2; n <= 20; ++n) {
    // A_n = -2 sigma h A_(n-1) - (omega h)^2 A_(n-2)
    const double next = -b * current - w2 * previous;
    previous = current;
    current = next;
    factorial *= n + 1;
    sum += current / factorial;
  }
  return h * h * sum;
}

}  // namespace

DampedOscillator::DampedOscillator(double frequency, double damping_ratio)
    : frequency_(frequency), damping_ratio_(damping_ratio) {
  if (!(frequency > 0.0) || !std::isfinite(frequency)) {
    std::ostringstream s;
    s << "damped oscillator: natural frequency must be positive and finite, got " << frequency
      << " rad/s (a zero-frequency mode is rigid-body motion, already in the rigid body's equations)";
    throw std::invalid_argument(s.str());
  }
  if (!(damping_ratio >= 0.0) || !std::isfinite(damping_ratio)) {
    std::ostringstream s;
    s << "damped oscillator: damping ratio must be non-negative and finite, got " << damping_ratio;
    throw std::invalid_argument(s.str());
  }
  regime_ = damping_ratio < 1.0 ? Regime::under_damped : damping_ratio == 1.0 ? Regime::critical : Regime::over_damped;
  // omega_d = omega sqrt|(1 - zeta)(1 + zeta)|, factored to stay exact near zeta = 1
  damped_frequency_ = frequency * std::sqrt(std::abs((1.0 - damping_ratio) * (1.0 + damping_ratio)));
  if (regime_ == Regime::over_damped) {
    fast_rate_ = damping_ratio * frequency + damped_frequency_;
    // a = omega^2 / b = sigma - omega_d without its cancellation
    slow_rate_ = frequency * frequency / fast_rate_;
  }
}

OscillatorState DampedOscillator::step(const OscillatorState& start, double load, double h) const {
  const double omega = frequency_, sigma = damping_ratio_ * frequency_, wd = damped_frequency_;
  double decayed_c = 0.0, decayed_s = 0.0;  // C = exp(-sigma h) c, S = exp(-sigma h) s
  switch (regime_) {
    case Regime::under_damped: {
      const double decay = std::exp(-sigma * h);
      decayed_c = decay * std::cos(wd * h);
      decayed_s = decay * std::sin(wd * h) / wd;
      break;
    }
    case Regime::critical: {
      const double decay = std::exp(-omega * h);
      decayed_c = decay;
      decayed_s = h * decay;
      break;
    }
    case Regime::over_damped: {
      // exp(-sigma h) cosh, sinh through the slow root, so nothing overflows:
      // C = exp(-a h) (1 + exp(-2 omega_d h)) / 2,  S = exp(-a h) (1 - exp(-2 omega_d h)) / (2 omega_d)
      const double e_slow = std::exp(-slow_rate_ * h);
      decayed_c = 0.5 * e_slow * (1.0 + std::exp(-2.0 * wd * h));
      decayed_s = -e_slow * std::expm1(-2.0 * wd * h) / (2.0 * wd);
      break;
    }
  }
  // (1 - C - sigma S) / omega^2: its closed form cancels to O((omega h)^2) at small steps, and to
  // O(a h) with a slow root a << omega when heavily over-damped; each has its own form
  double forced_displacement = 0.0;
  if ((2.0 * sigma + omega) * std::abs(h) <= 1.0) {
    forced_displacement = forced_displacement_series(sigma, omega, h);
  } else if (regime_ == Regime::over_damped && damping_ratio_ >= 1.25) {
    // b >= 4 a: the integral of (exp(-a t) - exp(-b t)) / (b - a) is (P(a) - P(b)) / (b - a),
    // P(x) = (1 - exp(-x h)) / x, the difference cancelling at most a decimal digit
    const double p_slow = -std::expm1(-slow_rate_ * h) / slow_rate_;
    const double p_fast = -std::expm1(-fast_rate_ * h) / fast_rate_;
    forced_displacement = (p_slow - p_fast) / (2.0 * wd);
  } else {
    forced_displacement = (1.0 - decayed_c - sigma * decayed_s) / (omega * omega);
  }
  OscillatorState end;
  // eta(h) = (C + sigma S) eta + S eta' + f (1 - C - sigma S) / omega^2
  end.displacement = (decayed_c + sigma * decayed_s) * start.displacement + decayed_s * start.rate +
                     forced_displacement * load;
  // eta'(h) = -omega^2 S eta + (C - sigma S) eta' + f S
  end.rate = -omega * omega * decayed_s * start.displacement + (decayed_c - sigma * decayed_s) * start.rate +
             decayed_s * load;
  return end;
}

double DampedOscillator::acceleration(const OscillatorState& state, double load) const {
  return load - 2.0 * damping_ratio_ * frequency_ * state.rate - frequency_ * frequency_ * state.displacement;
}

double DampedOscillator::energy(const OscillatorState& state) const {
  return 0.5 * (state.rate * state.rate + frequency_ * frequency_ * state.displacement * state.displacement);
}

}  // namespace dyngen::spacecraft
