// Exact step of a modal oscillator against the textbook analytic solution evaluated in 50-digit
// arithmetic (so the oracle's own cancellations do not matter), in all damping regimes; the
// composition of steps; the energy balance over a step; rejected parameters.
#include "spacecraft/damped_oscillator.hpp"

#include "error_message.hpp"

#include <boost/math/quadrature/gauss.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

namespace dyngen::spacecraft {
namespace {

using Real = boost::multiprecision::cpp_bin_float_50;

// eta'' + 2 zeta omega eta' + omega^2 eta = f from (eta0, v0) at t = 0: static part f / omega^2 plus
// the free motion x of x'' + 2 sigma x' + omega^2 x = 0, x(0) = x0 = eta0 - f / omega^2, x'(0) = v0.
//   zeta < 1: x = exp(-sigma t) (x0 cos wd t + (v0 + sigma x0) / wd sin wd t)
//   zeta = 1: x = exp(-omega t) (x0 + (v0 + omega x0) t)
//   zeta > 1: x = c1 exp(r1 t) + c2 exp(r2 t), r = -sigma +- wd, c1 = (v0 - r2 x0) / (r1 - r2), c2 = x0 - c1
OscillatorState analytic(double omega_in, double zeta_in, double eta0, double v0_in, double f, double t_in) {
  const Real omega = omega_in, zeta = zeta_in, t = t_in, v0 = v0_in;
  const Real sigma = zeta * omega, x0 = Real(eta0) - Real(f) / (omega * omega);
  Real x, v;
  if (zeta < 1) {
    const Real wd = omega * sqrt(1 - zeta * zeta), b = (v0 + sigma * x0) / wd;
    x = exp(-sigma * t) * (x0 * cos(wd * t) + b * sin(wd * t));
    v = -sigma * x + exp(-sigma * t) * wd * (-x0 * sin(wd * t) + b * cos(wd * t));
  } else if (zeta == 1) {
    const Real b = v0 + omega * x0;
    x = exp(-omega * t) * (x0 + b * t);
    v = -omega * x + exp(-omega * t) * b;
  } else {
    const Real wd = omega * sqrt(zeta * zeta - 1), r1 = -sigma + wd, r2 = -sigma - wd;
    const Real c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1;
    x = c1 * exp(r1 * t) + c2 * exp(r2 * t);
    v = c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t);
  }
  return {static_cast<double>(x + Real(f) / (omega * omega)), static_cast<double>(v)};
}

struct Case {
  double omega, zeta, eta0, v0, f, h;
};

// Relative to the step's scales: displacement against |eta0| + |v0| h + |f| h^2, rate against
// |v0| + omega^2 |eta0| h + |f| h, so a tiny response to a tiny step is held to full precision.
void expect_exact(const Case& c, double tolerance) {
  const DampedOscillator oscillator(c.omega, c.zeta);
  const OscillatorState got = oscillator.step({c.eta0, c.v0}, c.f, c.h);
  const OscillatorState want = analytic(c.omega, c.zeta, c.eta0, c.v0, c.f, c.h);
  const double h = std::abs(c.h);
  const double displacement_scale = std::abs(c.eta0) + std::abs(c.v0) * h + std::abs(c.f) * h * h;
  const double rate_scale = std::abs(c.v0) + c.omega * c.omega * std::abs(c.eta0) * h + std::abs(c.f) * h;
  const double displacement_error = std::abs(got.displacement - want.displacement) / displacement_scale;
  const double rate_error = std::abs(got.rate - want.rate) / rate_scale;
  std::ostringstream label;
  label.precision(17);
  label << "omega " << c.omega << " zeta " << c.zeta << " h " << c.h << " eta0 " << c.eta0 << " v0 " << c.v0 << " f "
        << c.f;
  EXPECT_LT(displacement_error, tolerance) << label.str();
  EXPECT_LT(rate_error, tolerance) << label.str();
}

TEST(DampedOscillator, StepIsTheAnalyticSolutionInEveryDampingRegime) {
  for (const double zeta : {0.0, 0.02, 0.3, 0.999999, 1.0, 1.000001, 1.7, 12.0})
    for (const double omega : {0.5, 6.0, 80.0})
      for (const double h : {1e-6, 1e-4, 1e-3, 0.01, 0.1, 0.5, 2.0})
        for (const Case c : {Case{omega, zeta, 0.01, 0.0, 0.0, h}, Case{omega, zeta, 0.0, 0.2, 0.0, h},
                             Case{omega, zeta, 0.0, 0.0, 40.0, h}, Case{omega, zeta, -0.003, 0.05, -7.0, h}})
          expect_exact(c, 1e-13);
}

TEST(DampedOscillator, RandomStepsAcrossTheFormsSwitches) {
  // mu = (2 zeta + 1) omega h from 1e-3 to 10 around the series' switch at 1; zeta to 100 around the
  // roots' switch at 1.25, and within 1e-6 of critical
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int i = 0; i < 5000; ++i) {
    const double zeta = i % 3 == 0 ? 100.0 * u(rng) : i % 3 == 1 ? 2.0 * u(rng) : 1.0 + 1e-6 * (u(rng) - 0.5);
    const double omega = std::pow(10.0, -1.0 + 4.0 * u(rng));
    const double mu = std::pow(10.0, -3.0 + 4.0 * u(rng));
    const double h = mu / ((2.0 * zeta + 1.0) * omega);
    expect_exact({omega, zeta, 0.1 * (u(rng) - 0.5), u(rng) - 0.5, 100.0 * (u(rng) - 0.5), h}, 1e-13);
  }
}

TEST(DampedOscillator, StiffHeavilyDampedModesStayFinite) {
  // sigma h = 1e4 would overflow cosh(omega_d h) in the textbook form
  expect_exact({2000.0, 50.0, 0.01, -0.3, 900.0, 0.1}, 1e-13);
  const OscillatorState end = DampedOscillator(2000.0, 50.0).step({0.01, -0.3}, 900.0, 0.1);
  EXPECT_TRUE(std::isfinite(end.displacement) && std::isfinite(end.rate));
}

TEST(DampedOscillator, StepsComposeLikeTheFlowTheyAre) {
  // under a constant load, 1000 steps of h give the one step of 1000 h
  for (const double zeta : {0.0, 0.05, 1.0, 2.5}) {
    const DampedOscillator oscillator(9.0, zeta);
    OscillatorState state{0.02, -0.1};
    for (int i = 0; i < 1000; ++i) state = oscillator.step(state, 3.0, 1e-3);
    const OscillatorState once = oscillator.step({0.02, -0.1}, 3.0, 1.0);
    EXPECT_NEAR(state.displacement, once.displacement, 1e-13) << zeta;
    EXPECT_NEAR(state.rate, once.rate, 1e-12) << zeta;
  }
}

TEST(DampedOscillator, EnergyChangesByTheLoadsWorkLessTheDampersLoss) {
  // E(h) - E(0) = f (eta(h) - eta(0)) - 2 zeta omega * integral of eta'^2 (20-point Gauss-Legendre
  // on 20 panels, over the analytic rate)
  for (const double zeta : {0.0, 0.1, 1.0, 3.0}) {
    const double omega = 5.0, f = 12.0, h = 0.4;
    const OscillatorState start{0.05, -0.4};
    const DampedOscillator oscillator(omega, zeta);
    const OscillatorState end = oscillator.step(start, f, h);
    const auto rate_squared = [&](double t) {
      const double rate = analytic(omega, zeta, start.displacement, start.rate, f, t).rate;
      return rate * rate;
    };
    double integral = 0.0;
    for (int panel = 0; panel < 20; ++panel)
      integral += boost::math::quadrature::gauss<double, 20>::integrate(rate_squared, panel * h / 20, (panel + 1) * h / 20);
    const double work = f * (end.displacement - start.displacement);
    const double loss = 2.0 * zeta * omega * integral;
    const double scale = oscillator.energy(start) + std::abs(work) + loss;
    EXPECT_NEAR(oscillator.energy(end) - oscillator.energy(start), work - loss, 1e-12 * scale) << zeta;
  }
}

TEST(DampedOscillator, AccelerationIsTheEquationOfMotion) {
  const DampedOscillator oscillator(4.0, 0.25);
  // 10 - 2 * 0.25 * 4 * 0.5 - 16 * 0.1
  EXPECT_NEAR(oscillator.acceleration({0.1, 0.5}, 10.0), 7.4, 1e-15);
}

TEST(DampedOscillator, RejectsZeroFrequencyAndNegativeDamping) {
  const std::string zero = test::error_message([] { DampedOscillator(0.0, 0.1); });
  EXPECT_NE(zero.find("natural frequency must be positive and finite, got 0 rad/s"), std::string::npos) << zero;
  EXPECT_NE(test::error_message([] { DampedOscillator(-3.0, 0.1); }).find("got -3 rad/s"), std::string::npos);
  EXPECT_NE(test::error_message([] { DampedOscillator(INFINITY, 0.1); }).find("natural frequency"), std::string::npos);
  const std::string negative = test::error_message([] { DampedOscillator(2.0, -0.01); });
  EXPECT_NE(negative.find("damping ratio must be non-negative and finite, got -0.01"), std::string::npos) << negative;
  EXPECT_NE(test::error_message([] { DampedOscillator(2.0, NAN); }).find("damping ratio"), std::string::npos);
}

}  // namespace
}  // namespace dyngen::spacecraft
