// CVODE through the wrapper: the error follows the tolerances (BDF and Adams) on a large-amplitude
// pendulum with an exact quarter period; BDF on a stiff system in few steps; outputs, events by
// CVODE's root finding against closed forms, actions changing the state, stop on request;
// failures reported with their time and cause.
#include "integrators/cvode.hpp"

#include "test_problems.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::integrators {
namespace {

using testing::BouncingBall;
using testing::floor_event;
using testing::free_fall;
using testing::gravity;

CvodeOptions tolerances(CvodeMethod method, double tolerance) {
  CvodeOptions options;
  options.method = method;
  options.relative_tolerance = tolerance;
  options.absolute_tolerance = tolerance;
  return options;
}

TEST(Cvode, ErrorFollowsTheTolerance) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  for (const CvodeMethod method : {CvodeMethod::bdf, CvodeMethod::adams}) {
    std::vector<double> errors;
    for (const double tolerance : {1e-4, 1e-6, 1e-8, 1e-10}) {
      Cvode cvode(pendulum.rate(), 2, tolerances(method, tolerance));
      Vector y = pendulum.initial();
      cvode.integrate(0.0, pendulum.period() / 4, 1.0, y);
      errors.push_back((y - quarter).lpNorm<Eigen::Infinity>());
      // CVODE bounds local errors: the global error stays within a few hundred tolerances
      EXPECT_LT(errors.back(), 100 * tolerance) << "tolerance " << tolerance;
    }
    // 100 times tighter: 100 times smaller, within a factor 10 either way
    for (std::size_t k = 0; k + 1 < errors.size(); ++k) {
      EXPECT_GT(errors[k] / errors[k + 1], 10.0) << int(method) << ": " << errors[k] << " -> " << errors[k + 1];
      EXPECT_LT(errors[k] / errors[k + 1], 1000.0) << int(method) << ": " << errors[k] << " -> " << errors[k + 1];
    }
  }
}

TEST(Cvode, BdfCrossesAStiffSystemInFewSteps) {
  // Fast rate 1000 over 10 s: an explicit method would need 3600 steps for stability alone.
  const testing::StiffModalSystem system;
  Cvode bdf(system.rate(), 4, tolerances(CvodeMethod::bdf, 1e-7));
  Cvode adams(system.rate(), 4, tolerances(CvodeMethod::adams, 1e-7));
  Vector y_bdf = system.initial(), y_adams = system.initial();
  const Outcome outcome_bdf = bdf.integrate(0.0, 10.0, 10.0, y_bdf);
  const Outcome outcome_adams = adams.integrate(0.0, 10.0, 10.0, y_adams);
  EXPECT_LT(outcome_bdf.steps, 600);
  EXPECT_GT(outcome_adams.steps, 3 * outcome_bdf.steps);
  EXPECT_LT((y_bdf - system.exact(10.0)).lpNorm<Eigen::Infinity>(), 1e-5);
}

TEST(Cvode, UsesTheAnalyticJacobian) {
  const testing::StiffModalSystem system;
  long jacobian_calls = 0;
  CvodeOptions options = tolerances(CvodeMethod::bdf, 1e-7);
  options.jacobian = [&, jacobian = system.jacobian()](double t, const ConstVectorRef& y, MatrixRef dfdy) {
    ++jacobian_calls;
    jacobian(t, y, dfdy);
  };
  Cvode cvode(system.rate(), 4, options);
  Vector y = system.initial();
  cvode.integrate(0.0, 10.0, 10.0, y);
  EXPECT_GT(jacobian_calls, 0);
  EXPECT_LT((y - system.exact(10.0)).lpNorm<Eigen::Infinity>(), 1e-5);
}

TEST(Cvode, ObserverSeesEveryOutputTime) {
  const testing::Oscillator oscillator;
  Cvode cvode(oscillator.rate(), 2, tolerances(CvodeMethod::adams, 1e-10));
  std::vector<double> times;
  Vector y = oscillator.initial();
  const Outcome outcome = cvode.integrate(0.0, 1.05, 0.1, y, {}, [&](double t, const ConstVectorRef& state) {
    times.push_back(t);
    EXPECT_LT((state - oscillator.exact(t)).lpNorm<Eigen::Infinity>(), 1e-8) << t;
    return Continuation::proceed;
  });
  ASSERT_EQ(times.size(), 11u);
  for (std::size_t k = 0; k < 10; ++k) EXPECT_NEAR(times[k], 0.1 * double(k + 1), 1e-12);
  EXPECT_EQ(times.back(), 1.05);
  EXPECT_EQ(outcome.time, 1.05);
  EXPECT_FALSE(outcome.stopped);
}

TEST(Cvode, RunsAgainFromAFreshState) {
  const testing::Pendulum pendulum;
  Cvode reused(pendulum.rate(), 2, tolerances(CvodeMethod::bdf, 1e-8));
  Vector first = pendulum.initial();
  reused.integrate(0.0, 1.0, 1.0, first);
  Vector again = pendulum.initial();
  reused.integrate(0.0, 1.0, 1.0, again);
  EXPECT_EQ(first, again);
}

TEST(Cvode, FallingBallHitsTheFloorAtTheAnalyticTime) {
  const double impact = std::sqrt(2 * 10.0 / gravity);
  for (const CvodeMethod method : {CvodeMethod::bdf, CvodeMethod::adams}) {
    Cvode cvode(free_fall, 2, tolerances(method, 1e-12));
    const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
    Vector y{{10.0, 0.0}};
    const Outcome outcome = cvode.integrate(0.0, 5.0, 0.1, y, {&floor, 1});
    EXPECT_TRUE(outcome.stopped);
    EXPECT_EQ(outcome.events, 1);
    EXPECT_NEAR(outcome.time, impact, 1e-10) << int(method);
    EXPECT_NEAR(y[1], -gravity * impact, 1e-9) << int(method);
  }
}

TEST(Cvode, ZeroCrossingsOfAnOscillatorByDirection) {
  testing::Oscillator oscillator;
  oscillator.v0 = 0.0;
  std::vector<double> rising, falling;
  const EventFunction position = [](double, const ConstVectorRef& y) { return y[0]; };
  const auto record = [](std::vector<double>& times) {
    return [&times](double t, VectorRef) {
      times.push_back(t);
      return Continuation::proceed;
    };
  };
  const std::vector<Event> events{{"rising", position, Crossing::rising, record(rising)},
                                  {"falling", position, Crossing::falling, record(falling)}};
  Cvode cvode(oscillator.rate(), 2, tolerances(CvodeMethod::adams, 1e-13));
  Vector y = oscillator.initial();
  cvode.integrate(0.0, 4.5, 0.5, y, events);
  ASSERT_EQ(rising.size(), 1u);
  ASSERT_EQ(falling.size(), 2u);
  EXPECT_NEAR(rising[0], 3 * M_PI / 4, 1e-10);
  EXPECT_NEAR(falling[0], M_PI / 4, 1e-10);
  EXPECT_NEAR(falling[1], 5 * M_PI / 4, 1e-10);
}

TEST(Cvode, BouncingBallWithRestitutionAndStopAtTheThirdImpact) {
  const BouncingBall ball;
  const std::vector<double> expected = ball.impacts(5.0);  // the first three
  std::vector<double> impacts;
  const Event floor = floor_event([&](double t, VectorRef y) {
    impacts.push_back(t);
    y[1] = -ball.restitution * y[1];
    return impacts.size() == 3 ? Continuation::stop : Continuation::proceed;
  });
  Cvode cvode(free_fall, 2, tolerances(CvodeMethod::bdf, 1e-12));
  Vector y{{10.0, 0.0}};
  const Outcome outcome = cvode.integrate(0.0, 10.0, 0.1, y, {&floor, 1});
  ASSERT_EQ(impacts.size(), 3u);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(impacts[k], expected[k], 1e-10) << k;
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.time, impacts.back());
  EXPECT_NEAR(y[1], std::pow(ball.restitution, 3) * gravity * ball.first_impact(), 1e-9);
}

TEST(Cvode, StopRequestedByTheObserver) {
  const testing::Oscillator oscillator;
  Cvode cvode(oscillator.rate(), 2, tolerances(CvodeMethod::bdf, 1e-8));
  Vector y = oscillator.initial();
  const Outcome outcome = cvode.integrate(0.0, 2.0, 0.1, y, {}, [](double t, const ConstVectorRef&) {
    return t >= 0.5 - 1e-12 ? Continuation::stop : Continuation::proceed;
  });
  EXPECT_TRUE(outcome.stopped);
  EXPECT_NEAR(outcome.time, 0.5, 1e-12);
  EXPECT_LT((y - oscillator.exact(0.5)).lpNorm<Eigen::Infinity>(), 1e-6);
}

TEST(Cvode, NonFiniteDerivativeIsReportedWithItsTime) {
  const RightHandSide undefined_later = [](double t, const ConstVectorRef& y, VectorRef dydt) {
    dydt[0] = y[1];
    dydt[1] = -std::sqrt(0.53 - t);
  };
  CvodeOptions options = tolerances(CvodeMethod::bdf, 1e-8);
  options.max_step = 0.01;
  Cvode cvode(undefined_later, 2, options);
  Vector y{{1.0, 0.0}};
  Vector last_observed = y;
  try {
    cvode.integrate(0.0, 1.0, 0.1, y, {}, testing::keeping_last(last_observed));
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::not_finite);
    EXPECT_EQ(error.method(), "cvode");
    EXPECT_GT(error.time(), 0.53);
    EXPECT_LE(error.time(), 0.54 + 1e-12);
    EXPECT_EQ(error.component(), 1);
  }
  EXPECT_EQ(y, last_observed);
}

TEST(Cvode, TrialStepsPastTheModelsRangeAreRetriedShorter) {
  // the steps BDF grows in free fall reach past the floor's limit on trial, which CVODE retries
  // shorter, until the event stops the run
  int refused = 0;
  const RightHandSide counted = [&refused](double t, const ConstVectorRef& y, VectorRef dydt) {
    refused += y[0] < testing::floor_limit;
    testing::guarded_fall(t, y, dydt);
  };
  Cvode cvode(counted, 2, tolerances(CvodeMethod::bdf, 1e-10));
  const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
  Vector y{{10.0, 0.0}};
  const Outcome outcome = cvode.integrate(0.0, 5.0, 5.0, y, {&floor, 1});
  EXPECT_TRUE(outcome.stopped);
  EXPECT_NEAR(outcome.time, std::sqrt(2 * 10.0 / gravity), 1e-9);
  EXPECT_GT(refused, 0);
}

TEST(Cvode, AFailureNoShorterStepAvoidsPassesThrough) {
  // without the event the ball reaches the floor's limit: the right-hand side's own exception, not
  // CVODE's flag for the steps that shrank against it
  Cvode cvode(testing::guarded_fall, 2, tolerances(CvodeMethod::bdf, 1e-10));
  Vector y{{10.0, 0.0}};
  Vector last_observed = y;
  EXPECT_THROW(cvode.integrate(0.0, 5.0, 0.1, y, {}, testing::keeping_last(last_observed)), std::domain_error);
  EXPECT_EQ(y, last_observed);
  EXPECT_GE(y[0], testing::floor_limit);
}

TEST(Cvode, SolverFailureIsReportedWithFlagAndTime) {
  const testing::Oscillator oscillator;
  CvodeOptions options = tolerances(CvodeMethod::bdf, 1e-10);
  options.max_steps_per_output = 20;
  Cvode cvode(oscillator.rate(), 2, options);
  Vector y = oscillator.initial();
  try {
    cvode.integrate(0.0, 10.0, 10.0, y);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::solver_failure);
    EXPECT_EQ(error.value(), -1.0);  // CV_TOO_MUCH_WORK
    EXPECT_NE(error.detail().find("CV_TOO_MUCH_WORK"), std::string::npos) << error.detail();
    EXPECT_GT(error.time(), 0.0);
    EXPECT_LT(error.time(), 10.0);
  }
  EXPECT_EQ(y, oscillator.initial());
}

TEST(Cvode, NonFiniteEventFunctionIsReported) {
  const Event broken{"broken", [](double t, const ConstVectorRef&) { return std::log(0.3 - t); }};
  Cvode cvode(free_fall, 2, tolerances(CvodeMethod::bdf, 1e-8));
  Vector y{{10.0, 0.0}};
  try {
    cvode.integrate(0.0, 1.0, 0.1, y, {&broken, 1});
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::not_finite);
    EXPECT_EQ(error.component(), 0);
    EXPECT_GE(error.time(), 0.3);
    EXPECT_NE(error.detail().find("broken"), std::string::npos);
  }
}

TEST(Cvode, RejectsInvalidArguments) {
  EXPECT_THROW(Cvode(free_fall, 0), std::invalid_argument);
  EXPECT_THROW(Cvode(free_fall, 2, tolerances(CvodeMethod::bdf, 0.0)), std::invalid_argument);
  Cvode cvode(free_fall, 2);
  Vector y{{1.0, 0.0}}, wrong_size{{1.0}};
  EXPECT_THROW(cvode.integrate(0.0, 1.0, 0.0, y), std::invalid_argument);
  EXPECT_THROW(cvode.integrate(1.0, 0.0, 0.1, y), std::invalid_argument);
  EXPECT_THROW(cvode.integrate(0.0, 1.0, 0.1, wrong_size), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::integrators
