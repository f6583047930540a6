// RK4: observed order 4 on an oscillator, a large-amplitude pendulum (exact quarter period from the
// elliptic integral) and the transient of a stiff linear system; its stages against the tableau
// worked by hand; 4 derivative calls per step.
#include "integrators/rk4.hpp"

#include "test_problems.hpp"

#include <gtest/gtest.h>

namespace dyngen::integrators {
namespace {

using testing::errors_for_halved_steps;
using testing::expect_order;

std::function<std::unique_ptr<Stepper>()> rk4_of(const RightHandSide& rate, Eigen::Index size) {
  return [=] { return std::make_unique<Rk4>(rate, size); };
}

TEST(Rk4, FourthOrderOnHarmonicOscillator) {
  const testing::Oscillator oscillator;
  const double t1 = 2 * M_PI;
  expect_order(errors_for_halved_steps(rk4_of(oscillator.rate(), 2), oscillator.initial(), t1, oscillator.exact(t1), 40),
               4.0);
}

TEST(Rk4, FourthOrderOnNonlinearPendulum) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  expect_order(
      errors_for_halved_steps(rk4_of(pendulum.rate(), 2), pendulum.initial(), pendulum.period() / 4, quarter, 20), 4.0);
}

TEST(Rk4, FourthOrderOnStiffTransient) {
  // Steps h = 2.5e-4 .. 3.1e-5 against the fast rate 1000 (explicit stability limit 2.8e-3), up to
  // t = 0.004 while the fast mode is still there.
  const testing::StiffModalSystem system;
  const double t1 = 0.004;
  expect_order(errors_for_halved_steps(rk4_of(system.rate(), 4), system.initial(), t1, system.exact(t1), 16), 4.0);
}

TEST(Rk4, StepMatchesTheTableauWorkedByHand) {
  // y' = t y^2 from y = 1 at t = 0.5, h = 0.1
  const RightHandSide rate = [](double t, const ConstVectorRef& y, VectorRef dydt) { dydt[0] = t * y[0] * y[0]; };
  const double t = 0.5, h = 0.1, y0 = 1.0;
  const double k1 = t * y0 * y0;
  const double k2 = (t + h / 2) * std::pow(y0 + h / 2 * k1, 2);
  const double k3 = (t + h / 2) * std::pow(y0 + h / 2 * k2, 2);
  const double k4 = (t + h) * std::pow(y0 + h * k3, 2);
  Rk4 rk4(rate, 1);
  Vector y{{y0}};
  rk4.step(t, h, y);
  EXPECT_NEAR(y[0], y0 + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), 1e-15);
}

TEST(Rk4, FourDerivativeCallsPerStep) {
  long calls = 0;
  const testing::Oscillator oscillator;
  const RightHandSide counted = [&, rate = oscillator.rate()](double t, const ConstVectorRef& y, VectorRef dydt) {
    ++calls;
    rate(t, y, dydt);
  };
  Rk4 rk4(counted, 2);
  Vector y = oscillator.initial();
  const Outcome outcome = integrate(rk4, 0.0, 1.0, 0.01, y);
  EXPECT_EQ(outcome.steps, 100);
  EXPECT_EQ(calls, 4 * outcome.steps);
}

}  // namespace
}  // namespace dyngen::integrators
