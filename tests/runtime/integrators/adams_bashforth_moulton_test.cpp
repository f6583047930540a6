// Adams-Bashforth-Moulton PECE: observed order 4 on an oscillator, a large-amplitude pendulum and
// the transient of a stiff linear system; a PECE step against the coefficients applied by hand; 2
// derivative calls per step after the RK4 start; restart when the state is changed from outside.
#include "integrators/adams_bashforth_moulton.hpp"

#include "test_problems.hpp"

#include <gtest/gtest.h>

namespace dyngen::integrators {
namespace {

using testing::errors_for_halved_steps;
using testing::expect_order;

std::function<std::unique_ptr<Stepper>()> abm_of(const RightHandSide& rate, Eigen::Index size) {
  return [=] { return std::make_unique<AdamsBashforthMoulton>(rate, size); };
}

// y' = -y^2 + sin t: scalar, nonlinear, non-autonomous
void test_rate(double t, const ConstVectorRef& y, VectorRef dydt) { dydt[0] = -y[0] * y[0] + std::sin(t); }

TEST(AdamsBashforthMoulton, FourthOrderOnHarmonicOscillator) {
  const testing::Oscillator oscillator;
  const double t1 = 2 * M_PI;
  expect_order(errors_for_halved_steps(abm_of(oscillator.rate(), 2), oscillator.initial(), t1, oscillator.exact(t1), 320),
               4.0);
}

TEST(AdamsBashforthMoulton, FourthOrderOnNonlinearPendulum) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  expect_order(
      errors_for_halved_steps(abm_of(pendulum.rate(), 2), pendulum.initial(), pendulum.period() / 4, quarter, 20), 4.0);
}

TEST(AdamsBashforthMoulton, FourthOrderOnStiffTransient) {
  // h = 5e-5 .. 6.25e-6 against the fast rate 1000, up to t = 0.004.
  const testing::StiffModalSystem system;
  const double t1 = 0.004;
  expect_order(errors_for_halved_steps(abm_of(system.rate(), 4), system.initial(), t1, system.exact(t1), 80), 4.0);
}

TEST(AdamsBashforthMoulton, PeceStepMatchesTheCoefficientsAppliedByHand) {
  AdamsBashforthMoulton abm(test_rate, 1);
  const double h = 0.05;
  std::vector<double> y{0.3};
  Vector state{{y[0]}};
  for (int n = 0; n < 4; ++n) {
    abm.step(n * h, h, state);
    y.push_back(state[0]);
  }
  // f_k at the four last points t_0..t_3, then P, E, C for t_4
  const auto f = [&](int k, double value) { return -value * value + std::sin(k * h); };
  const double predicted = y[3] + h / 24 * (55 * f(3, y[3]) - 59 * f(2, y[2]) + 37 * f(1, y[1]) - 9 * f(0, y[0]));
  const double corrected = y[3] + h / 24 * (9 * f(4, predicted) + 19 * f(3, y[3]) - 5 * f(2, y[2]) + f(1, y[1]));
  EXPECT_NEAR(y[4], corrected, 1e-15);
}

TEST(AdamsBashforthMoulton, StartsWithThreeRk4Steps) {
  AdamsBashforthMoulton abm(test_rate, 1);
  Rk4 rk4(test_rate, 1);
  Vector y_abm{{0.3}}, y_rk4{{0.3}};
  for (int n = 0; n < 3; ++n) {
    abm.step(n * 0.05, 0.05, y_abm);
    rk4.step(n * 0.05, 0.05, y_rk4);
    EXPECT_EQ(y_abm[0], y_rk4[0]) << "step " << n;
  }
  abm.step(0.15, 0.05, y_abm);
  rk4.step(0.15, 0.05, y_rk4);
  EXPECT_NE(y_abm[0], y_rk4[0]);
}

TEST(AdamsBashforthMoulton, TwoDerivativeCallsPerStepAfterTheStart) {
  long calls = 0;
  const RightHandSide counted = [&](double t, const ConstVectorRef& y, VectorRef dydt) {
    ++calls;
    test_rate(t, y, dydt);
  };
  AdamsBashforthMoulton abm(counted, 1);
  Vector y{{0.3}};
  for (int n = 0; n < 3; ++n) abm.step(n * 0.01, 0.01, y);
  // f_0, then 3 stages and the new point's f for each RK4 step
  EXPECT_EQ(calls, 1 + 3 * 4);
  calls = 0;
  for (int n = 3; n < 103; ++n) abm.step(n * 0.01, 0.01, y);
  EXPECT_EQ(calls, 2 * 100);
}

TEST(AdamsBashforthMoulton, RestartsWhenTheStateIsChangedOrOnRequest) {
  long calls = 0;
  const RightHandSide counted = [&](double t, const ConstVectorRef& y, VectorRef dydt) {
    ++calls;
    test_rate(t, y, dydt);
  };
  AdamsBashforthMoulton abm(counted, 1);
  Vector y{{0.3}};
  for (int n = 0; n < 10; ++n) abm.step(n * 0.01, 0.01, y);
  y[0] += 0.1;
  calls = 0;
  abm.step(0.1, 0.01, y);
  EXPECT_EQ(calls, 1 + 4);  // f at the new state, then an RK4 step
  for (int n = 11; n < 20; ++n) abm.step(n * 0.01, 0.01, y);
  abm.restart();
  calls = 0;
  abm.step(0.2, 0.01, y);
  EXPECT_EQ(calls, 1 + 4);
  calls = 0;
  abm.step(0.21, 0.02, y);  // another step size
  EXPECT_EQ(calls, 1 + 4);
}

}  // namespace
}  // namespace dyngen::integrators
