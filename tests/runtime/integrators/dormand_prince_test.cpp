// Adaptive Dormand-Prince 5(4): the formula's order 5 at steps held by max_step; the error following
// the tolerance on a large-amplitude pendulum with an exact quarter period; small steps through a
// narrow pulse and the largest allowed elsewhere; events against closed forms (falling and bouncing ball);
// the observer changing the state or asking for a restart (first-same-as-last not reused then);
// trial stages the right-hand side cannot evaluate retried shorter; failures with their time.
#include "integrators/dormand_prince.hpp"

#include "integrators/integration_error.hpp"
#include "test_problems.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace dyngen::integrators {
namespace {

using testing::BouncingBall;
using testing::floor_event;
using testing::free_fall;
using testing::gravity;

DormandPrinceOptions tolerances(double tolerance, double max_step = 0.0) {
  DormandPrinceOptions options;
  options.relative_tolerance = options.absolute_tolerance = tolerance;
  options.max_step = max_step;
  return options;
}

TEST(DormandPrince, FifthOrderAtStepsHeldByTheMaximum) {
  // a tolerance nothing reaches: every step is max_step, so the formula alone sets the error
  const testing::Oscillator oscillator;
  std::vector<double> errors;
  for (const double h : {0.1, 0.05, 0.025, 0.0125}) {
    DormandPrince method(oscillator.rate(), 2, tolerances(1.0, h));
    Vector y = oscillator.initial();
    const Outcome outcome = method.integrate(0.0, 4.0, y);
    EXPECT_EQ(outcome.steps, std::lround(4.0 / h)) << h;
    errors.push_back((y - oscillator.exact(4.0)).lpNorm<Eigen::Infinity>());
  }
  for (std::size_t k = 0; k + 1 < errors.size(); ++k)
    EXPECT_NEAR(std::log2(errors[k] / errors[k + 1]), 5.0, 0.2) << errors[k] << " -> " << errors[k + 1];
}

TEST(DormandPrince, SixDerivativeCallsPerAcceptedStep) {
  // first same as last: the seventh stage is the next step's first
  const testing::Oscillator oscillator;
  DormandPrinceOptions options = tolerances(1.0, 0.1);
  options.initial_step = 0.1;  // no starting-step estimate (one more call)
  DormandPrince method(oscillator.rate(), 2, options);
  Vector y = oscillator.initial();
  method.integrate(0.0, 4.0, y);
  EXPECT_EQ(method.rejected_steps(), 0);
  EXPECT_EQ(method.derivative_calls(), 1 + 6 * 40);
}

TEST(DormandPrince, ErrorFollowsTheTolerance) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  std::vector<double> errors;
  for (const double tolerance : {1e-4, 1e-6, 1e-8, 1e-10}) {
    DormandPrince method(pendulum.rate(), 2, tolerances(tolerance));
    Vector y = pendulum.initial();
    method.integrate(0.0, pendulum.period() / 4, y);
    errors.push_back((y - quarter).lpNorm<Eigen::Infinity>());
    EXPECT_LT(errors.back(), 100 * tolerance) << "tolerance " << tolerance;
  }
  // 100 times tighter: about 100 times smaller (the local error per step is controlled)
  for (std::size_t k = 0; k + 1 < errors.size(); ++k) {
    EXPECT_GT(errors[k] / errors[k + 1], 10.0) << errors[k] << " -> " << errors[k + 1];
    EXPECT_LT(errors[k] / errors[k + 1], 1000.0) << errors[k] << " -> " << errors[k + 1];
  }
}

TEST(DormandPrince, SmallStepsThroughAPulseAndTheLargestElsewhere) {
  // x' = exp(-((t - 5) / 0.01)^2) / (0.01 sqrt(pi)): a unit step of x over about 0.02 s at t = 5
  const RightHandSide pulse = [](double t, const ConstVectorRef&, VectorRef dydt) {
    const double u = (t - 5.0) / 0.01;
    dydt[0] = std::exp(-u * u) / (0.01 * std::sqrt(M_PI));
  };
  // (a step may not pass the pulse unseen: max_step bounds what the error control never sees)
  DormandPrince method(pulse, 1, tolerances(1e-8, 0.05));
  Vector y{{0.0}};
  double t_last = 0.0, smallest_near = HUGE_VAL, largest_far = 0.0;
  method.integrate(0.0, 10.0, y, {}, [&](double t, const ConstVectorRef&) {
    const double h = t - t_last;
    if (std::abs(t - 5.0) < 0.05) smallest_near = std::min(smallest_near, h);
    if (std::abs(t - 5.0) > 1.0) largest_far = std::max(largest_far, h);
    t_last = t;
    return Continuation::proceed;
  });
  EXPECT_NEAR(y[0], 1.0, 1e-7);
  EXPECT_LT(smallest_near, 0.005);
  EXPECT_NEAR(largest_far, 0.05, 1e-12);  // t - t_last rounds
}

TEST(DormandPrince, FallingBallHitsTheFloorAtTheAnalyticTime) {
  const double impact = std::sqrt(2 * 10.0 / gravity);
  DormandPrince method(free_fall, 2, tolerances(1e-10, 0.1));
  const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
  Vector y{{10.0, 0.0}};
  const Outcome outcome = method.integrate(0.0, 5.0, y, {&floor, 1});
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.events, 1);
  EXPECT_NEAR(outcome.time, impact, 1e-10);
  EXPECT_NEAR(y[1], -gravity * impact, 1e-9);
}

TEST(DormandPrince, BouncingBallWithRestitutionAndStopAtTheThirdImpact) {
  const BouncingBall ball;
  const std::vector<double> expected = ball.impacts(5.0);  // the first three
  std::vector<double> impacts;
  const Event floor = floor_event([&](double t, VectorRef y) {
    impacts.push_back(t);
    y[1] = -ball.restitution * y[1];
    return impacts.size() == 3 ? Continuation::stop : Continuation::proceed;
  });
  DormandPrince method(free_fall, 2, tolerances(1e-12, 0.1));
  Vector y{{10.0, 0.0}};
  const Outcome outcome = method.integrate(0.0, 10.0, y, {&floor, 1});
  ASSERT_EQ(impacts.size(), 3u);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(impacts[k], expected[k], 1e-10) << k;
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.time, impacts.back());
  EXPECT_NEAR(y[1], std::pow(ball.restitution, 3) * gravity * ball.first_impact(), 1e-9);
}

TEST(DormandPrince, AStateChangedByTheObserverIsSteppedFromAfresh) {
  // the oscillator's velocity halved at the first step end past t = 1: from there the exact
  // solution of the new initial state; the last stage of the step before (at the old state) must
  // not be reused as the next first stage
  const testing::Oscillator oscillator;
  DormandPrince method(oscillator.rate(), 2, tolerances(1e-11, 0.05));
  Vector y = oscillator.initial();
  double kick_time = -1.0;
  Vector after_kick;
  method.integrate(0.0, 3.0, y, {}, [&](double t, const ConstVectorRef&) {
    if (kick_time < 0 && t >= 1.0) {
      kick_time = t;
      y[1] *= 0.5;
      after_kick = y;
    }
    return Continuation::proceed;
  });
  ASSERT_GE(kick_time, 1.0);
  testing::Oscillator kicked = oscillator;
  kicked.x0 = after_kick[0];
  kicked.v0 = after_kick[1];
  EXPECT_LT((y - kicked.exact(3.0 - kick_time)).lpNorm<Eigen::Infinity>(), 1e-9);
}

TEST(DormandPrince, ARestartEvaluatesTheFirstStageAfresh) {
  // x' = s with s a state machine of the caller switched by the observer from 1 to -1 at t >= 1:
  // x(2) = 2 t_switch - 2 exactly (a linear solution), only if the first stage after the switch is new
  double slope = 1.0;
  const RightHandSide switched = [&](double, const ConstVectorRef&, VectorRef dydt) { dydt[0] = slope; };
  DormandPrince method(switched, 1, tolerances(1e-10, 0.3));
  Vector y{{0.0}};
  double switch_time = -1.0;
  method.integrate(0.0, 2.0, y, {}, [&](double t, const ConstVectorRef&) {
    if (switch_time >= 0 || t < 1.0) return Continuation::proceed;
    switch_time = t;
    slope = -1.0;
    return Continuation::restart;
  });
  ASSERT_GE(switch_time, 1.0);
  EXPECT_NEAR(y[0], 2 * switch_time - 2.0, 1e-12);
}

TEST(DormandPrince, TrialStagesPastTheModelsRangeAreRetriedShorter) {
  // the steps grown in free fall reach past the floor's limit at trial stages, which are rejected,
  // until the event stops the run
  DormandPrince method(testing::guarded_fall, 2, tolerances(1e-10));
  const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
  Vector y{{10.0, 0.0}};
  const Outcome outcome = method.integrate(0.0, 5.0, y, {&floor, 1});
  EXPECT_TRUE(outcome.stopped);
  EXPECT_NEAR(outcome.time, std::sqrt(2 * 10.0 / gravity), 1e-10);
  EXPECT_GT(method.rejected_steps(), 0);
}

TEST(DormandPrince, AFailureNoShorterStepAvoidsPassesThrough) {
  // without the event, the ball reaches the floor's limit: the right-hand side's own exception, with
  // y at the last state the observer saw, just above the limit
  DormandPrince method(testing::guarded_fall, 2, tolerances(1e-10));
  Vector y{{10.0, 0.0}};
  Vector last_observed = y;
  EXPECT_THROW(method.integrate(0.0, 5.0, y, {}, testing::keeping_last(last_observed)), std::domain_error);
  EXPECT_EQ(y, last_observed);
  EXPECT_GE(y[0], testing::floor_limit);
  EXPECT_LT(y[0], -0.0099);
}

TEST(DormandPrince, TooManyStepsIsReported) {
  const testing::Oscillator oscillator;
  DormandPrinceOptions options = tolerances(1e-8, 0.01);
  options.max_steps = 50;
  DormandPrince method(oscillator.rate(), 2, options);
  Vector y = oscillator.initial();
  try {
    method.integrate(0.0, 10.0, y);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::too_many_steps);
    EXPECT_EQ(error.method(), "dormand_prince");
    EXPECT_NEAR(error.time(), 0.5, 0.011);
  }
}

TEST(DormandPrince, NonFiniteDerivativeAtAnAcceptedStateIsReportedWithItsTime) {
  // f is NaN from t = 0.53 on for every state: no shorter step avoids it
  const RightHandSide undefined_later = [](double t, const ConstVectorRef& y, VectorRef dydt) {
    dydt[0] = y[1];
    dydt[1] = -std::sqrt(0.53 - t);
  };
  DormandPrince method(undefined_later, 2, tolerances(1e-8, 0.01));
  Vector y{{1.0, 0.0}};
  try {
    method.integrate(0.0, 1.0, y);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::not_finite);
    EXPECT_GT(error.time(), 0.53);
    EXPECT_LT(error.time(), 0.54);
  }
}

TEST(DormandPrince, RunsAgainFromAFreshState) {
  const testing::Pendulum pendulum;
  DormandPrince reused(pendulum.rate(), 2, tolerances(1e-8));
  Vector first = pendulum.initial();
  reused.integrate(0.0, 1.0, first);
  Vector again = pendulum.initial();
  reused.integrate(0.0, 1.0, again);
  EXPECT_EQ(first, again);
}

}  // namespace
}  // namespace dyngen::integrators
