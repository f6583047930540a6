// The fixed-step driver with events: impact and zero-crossing times against closed forms, the
// bouncing ball with restitution (actions changing the state, multistep history restarted), stop
// on request from an action or the observer, the step grid, simultaneous events, and failures
// reported with their time while the last accepted state is kept.
#include "integrators/integrate.hpp"

#include "integrators/adams_bashforth_moulton.hpp"
#include "integrators/houbolt.hpp"
#include "integrators/implicit_euler.hpp"
#include "integrators/rk4.hpp"
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

SecondOrderSystem free_fall_system() {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(1, 1);
  system.damping = Matrix::Zero(1, 1);
  system.stiffness = Matrix::Zero(1, 1);
  system.force = [](double, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) { force[0] = -gravity; };
  system.force_depends_on_state = false;
  return system;
}

// The steppers exact for a free fall (polynomial of degree 2): events land on the analytic times.
std::vector<std::unique_ptr<Stepper>> exact_free_fall_steppers() {
  std::vector<std::unique_ptr<Stepper>> steppers;
  steppers.push_back(std::make_unique<Rk4>(free_fall, 2));
  steppers.push_back(std::make_unique<AdamsBashforthMoulton>(free_fall, 2));
  steppers.push_back(std::make_unique<Houbolt>(free_fall_system()));
  return steppers;
}

TEST(Integrate, FallingBallHitsTheFloorAtTheAnalyticTime) {
  const double drop_height = 10.0, impact = std::sqrt(2 * drop_height / gravity);
  for (const auto& stepper : exact_free_fall_steppers()) {
    Vector y{{drop_height, 0.0}};
    const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
    const Outcome outcome = integrate(*stepper, 0.0, 5.0, 0.01, y, {&floor, 1});
    EXPECT_TRUE(outcome.stopped) << stepper->name();
    EXPECT_EQ(outcome.events, 1) << stepper->name();
    EXPECT_NEAR(outcome.time, impact, 1e-10) << stepper->name();
    EXPECT_NEAR(y[0], 0.0, 1e-10) << stepper->name();
    EXPECT_LE(y[0], 0.0) << stepper->name();  // the side past the crossing
    EXPECT_NEAR(y[1], -gravity * impact, 1e-9) << stepper->name();
  }
}

TEST(Integrate, ImplicitEulerEventIsTheRootOfItsOwnStep) {
  // By hand: v_k+1 = v_k - h g, x_k+1 = x_k + h v_k+1; the step from (x_k, v_k) to a trial time
  // t_k + s gives x = x_k + s (v_k - s g), zero at s = (v_k + sqrt(v_k^2 + 4 g x_k)) / (2 g).
  const double h = 0.01;
  double x = 10.0, v = 0.0, t = 0.0;
  while (x + h * (v - h * gravity) > 0) {
    v -= h * gravity;
    x += h * v;
    t += h;
  }
  const double expected = t + (v + std::sqrt(v * v + 4 * gravity * x)) / (2 * gravity);
  ImplicitEuler implicit_euler(free_fall, 2);
  Vector y{{10.0, 0.0}};
  const Event floor = floor_event([](double, VectorRef) { return Continuation::stop; });
  const Outcome outcome = integrate(implicit_euler, 0.0, 5.0, h, y, {&floor, 1});
  EXPECT_NEAR(outcome.time, expected, 1e-10);
}

TEST(Integrate, ZeroCrossingsOfAnOscillatorByDirection) {
  // x = cos 2t: falling through zero at pi/4 and 5 pi/4, rising at 3 pi/4
  testing::Oscillator oscillator;
  oscillator.v0 = 0.0;
  std::vector<double> rising, falling, either;
  const auto record = [](std::vector<double>& times) {
    return [&times](double t, VectorRef) {
      times.push_back(t);
      return Continuation::proceed;
    };
  };
  const EventFunction position = [](double, const ConstVectorRef& y) { return y[0]; };
  const std::vector<Event> events{{"rising", position, Crossing::rising, record(rising)},
                                  {"falling", position, Crossing::falling, record(falling)},
                                  {"either", position, Crossing::either, record(either)}};
  Rk4 rk4(oscillator.rate(), 2);
  Vector y = oscillator.initial();
  const Outcome outcome = integrate(rk4, 0.0, 4.5, 1e-3, y, events);
  ASSERT_EQ(rising.size(), 1u);
  ASSERT_EQ(falling.size(), 2u);
  ASSERT_EQ(either.size(), 3u);
  EXPECT_NEAR(rising[0], 3 * M_PI / 4, 1e-10);
  EXPECT_NEAR(falling[0], M_PI / 4, 1e-10);
  EXPECT_NEAR(falling[1], 5 * M_PI / 4, 1e-10);
  EXPECT_NEAR(either[0], M_PI / 4, 1e-10);
  EXPECT_NEAR(either[1], 3 * M_PI / 4, 1e-10);
  EXPECT_NEAR(either[2], 5 * M_PI / 4, 1e-10);
  EXPECT_EQ(outcome.events, 6);
  EXPECT_EQ(outcome.time, 4.5);
  EXPECT_LT((y - oscillator.exact(4.5)).lpNorm<Eigen::Infinity>(), 1e-10);
}

TEST(Integrate, PendulumPassesTheVerticalAtAQuarterPeriod) {
  const testing::Pendulum pendulum;
  AdamsBashforthMoulton abm(pendulum.rate(), 2);
  const Event vertical{"vertical", [](double, const ConstVectorRef& y) { return y[0]; }, Crossing::falling,
                       [](double, VectorRef) { return Continuation::stop; }};
  Vector y = pendulum.initial();
  const Outcome outcome = integrate(abm, 0.0, pendulum.period(), 1e-3, y, {&vertical, 1});
  EXPECT_NEAR(outcome.time, pendulum.period() / 4, 1e-10);
  EXPECT_NEAR(y[1], pendulum.rate_at_quarter_period(), 1e-10);
}

TEST(Integrate, BouncingBallWithRestitution) {
  const BouncingBall ball;
  const double t1 = 6.0;
  const std::vector<double> expected = ball.impacts(t1);
  ASSERT_GE(expected.size(), 4u);
  for (const auto& stepper : exact_free_fall_steppers()) {
    std::vector<double> impacts;
    const Event floor = floor_event([&](double t, VectorRef y) {
      impacts.push_back(t);
      y[1] = -ball.restitution * y[1];
      return Continuation::proceed;
    });
    Vector y{{ball.drop_height, 0.0}};
    const Outcome outcome = integrate(*stepper, 0.0, t1, 0.01, y, {&floor, 1});
    ASSERT_EQ(impacts.size(), expected.size()) << stepper->name();
    for (std::size_t k = 0; k < impacts.size(); ++k) {
      EXPECT_NEAR(impacts[k], expected[k], 1e-10) << stepper->name() << " impact " << k;
    }
    EXPECT_FALSE(outcome.stopped);
    EXPECT_EQ(outcome.events, long(expected.size()));
    EXPECT_LT((y - ball.exact(t1)).lpNorm<Eigen::Infinity>(), 1e-9) << stepper->name();
  }
}

TEST(Integrate, StopRequestedByAnActionKeepsTheEventState) {
  const BouncingBall ball;
  const std::vector<double> expected = ball.impacts(6.0);
  int impacts = 0;
  const Event floor = floor_event([&](double, VectorRef y) {
    y[1] = -ball.restitution * y[1];
    return ++impacts == 3 ? Continuation::stop : Continuation::proceed;
  });
  std::vector<double> observed;
  const StepObserver observer = [&](double t, const ConstVectorRef&) {
    observed.push_back(t);
    return Continuation::proceed;
  };
  Rk4 rk4(free_fall, 2);
  Vector y{{ball.drop_height, 0.0}};
  const Outcome outcome = integrate(rk4, 0.0, 6.0, 0.01, y, {&floor, 1}, observer);
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.events, 3);
  EXPECT_NEAR(outcome.time, expected[2], 1e-10);
  EXPECT_EQ(observed.back(), outcome.time);
  // just after the third impact: on the floor, moving up with e^3 of the first impact speed
  EXPECT_NEAR(y[0], 0.0, 1e-9);
  EXPECT_NEAR(y[1], std::pow(ball.restitution, 3) * gravity * expected[0], 1e-9);
}

TEST(Integrate, StopRequestedByTheObserver) {
  const testing::Oscillator oscillator;
  Rk4 rk4(oscillator.rate(), 2);
  Vector y = oscillator.initial();
  const Outcome outcome = integrate(rk4, 0.0, 2.0, 0.01, y, {}, [](double t, const ConstVectorRef&) {
    return t >= 0.5 - 1e-12 ? Continuation::stop : Continuation::proceed;
  });
  EXPECT_TRUE(outcome.stopped);
  EXPECT_EQ(outcome.steps, 50);
  EXPECT_NEAR(outcome.time, 0.5, 1e-15);
  Rk4 reference(oscillator.rate(), 2);
  Vector y_reference = oscillator.initial();
  integrate(reference, 0.0, 0.5, 0.01, y_reference);
  EXPECT_EQ(y, y_reference);
}

TEST(Integrate, FinalStepIsShortenedToTheEndTime) {
  const testing::Oscillator oscillator;
  Rk4 rk4(oscillator.rate(), 2);
  Vector y = oscillator.initial();
  const Outcome outcome = integrate(rk4, 0.0, 1.005, 0.01, y);
  EXPECT_EQ(outcome.steps, 101);
  EXPECT_EQ(outcome.time, 1.005);
  EXPECT_LT((y - oscillator.exact(1.005)).lpNorm<Eigen::Infinity>(), 1e-8);
}

TEST(Integrate, StepGridRestartsAtAnEvent) {
  const double h = 0.1;
  const double impact = std::sqrt(2 * 10.0 / gravity);
  std::vector<double> observed;
  const Event floor = floor_event([](double, VectorRef y) {
    y[1] = -y[1];
    return Continuation::proceed;
  });
  Rk4 rk4(free_fall, 2);
  Vector y{{10.0, 0.0}};
  integrate(rk4, 0.0, 2.0, h, y, {&floor, 1}, [&](double t, const ConstVectorRef&) {
    observed.push_back(t);
    return Continuation::proceed;
  });
  const auto event = std::find_if(observed.begin(), observed.end(), [&](double t) { return t > 1.41 && t < 1.5; });
  ASSERT_NE(event, observed.end());
  EXPECT_NEAR(*event, impact, 1e-10);
  for (int k = 1; event + k != observed.end(); ++k) {
    EXPECT_NEAR(event[k], std::min(impact + k * h, 2.0), 1e-12);
  }
}

TEST(Integrate, SimultaneousEventsFireTogetherOnce) {
  int first = 0, second = 0;
  const std::vector<Event> events{
      {"height", [](double, const ConstVectorRef& y) { return y[0]; }, Crossing::falling,
       [&](double, VectorRef) {
         ++first;
         return Continuation::proceed;
       }},
      {"twice the height", [](double, const ConstVectorRef& y) { return 2 * y[0]; }, Crossing::either,
       [&](double, VectorRef) {
         ++second;
         return Continuation::proceed;
       }}};
  Rk4 rk4(free_fall, 2);
  Vector y{{10.0, 0.0}};
  const Outcome outcome = integrate(rk4, 0.0, 2.0, 0.01, y, events);
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 1);
  EXPECT_EQ(outcome.events, 2);
}

TEST(Integrate, NonFiniteDerivativeIsReportedWithItsTime) {
  // f is undefined after t = 0.53; with h = 0.1 the step from 0.5 first meets it at the stage
  // time 0.55 (RK4) or at the step end 0.6 (Adams-Bashforth-Moulton predictor, implicit Euler).
  const RightHandSide undefined_later = [](double t, const ConstVectorRef& y, VectorRef dydt) {
    dydt[0] = y[1];
    dydt[1] = -std::sqrt(0.53 - t);
  };
  struct Case {
    std::unique_ptr<Stepper> stepper;
    double time;
  };
  std::vector<Case> cases;
  cases.push_back({std::make_unique<Rk4>(undefined_later, 2), 0.55});
  cases.push_back({std::make_unique<AdamsBashforthMoulton>(undefined_later, 2), 0.6});
  cases.push_back({std::make_unique<ImplicitEuler>(undefined_later, 2), 0.6});
  for (const Case& c : cases) {
    Vector y{{1.0, 0.0}};
    Vector last_observed = y;
    try {
      integrate(*c.stepper, 0.0, 1.0, 0.1, y, {}, testing::keeping_last(last_observed));
      ADD_FAILURE() << c.stepper->name() << ": no error";
    } catch (const IntegrationError& error) {
      EXPECT_EQ(error.kind(), IntegrationErrorKind::not_finite) << c.stepper->name();
      EXPECT_EQ(error.method(), c.stepper->name());
      EXPECT_NEAR(error.time(), c.time, 1e-12) << c.stepper->name();
      EXPECT_EQ(error.component(), 1) << c.stepper->name();
      EXPECT_TRUE(std::isnan(error.value())) << c.stepper->name();
    }
    EXPECT_EQ(y, last_observed) << c.stepper->name();
  }
}

TEST(Integrate, NonFiniteEventFunctionIsReported) {
  const std::vector<Event> events{{"fine", [](double, const ConstVectorRef& y) { return y[0]; }},
                                  {"broken", [](double t, const ConstVectorRef&) { return std::log(0.3 - t); }}};
  Rk4 rk4(free_fall, 2);
  Vector y{{10.0, 0.0}};
  try {
    integrate(rk4, 0.0, 1.0, 0.1, y, events);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::not_finite);
    EXPECT_EQ(error.component(), 1);
    EXPECT_NEAR(error.time(), 0.3, 1e-12);
    EXPECT_NE(error.detail().find("broken"), std::string::npos);
  }
}

TEST(Integrate, ExceptionFromTheModelKeepsTheLastAcceptedState) {
  const RightHandSide failing = [](double t, const ConstVectorRef& y, VectorRef dydt) {
    if (t > 0.5) throw std::runtime_error("penetration limit");
    free_fall(t, y, dydt);
  };
  Rk4 rk4(failing, 2);
  Vector y{{10.0, 0.0}};
  EXPECT_THROW(integrate(rk4, 0.0, 1.0, 0.1, y), std::runtime_error);
  EXPECT_NEAR(y[0], 10.0 - gravity / 2 * 0.25, 1e-12);
  EXPECT_NEAR(y[1], -gravity * 0.5, 1e-12);
}

TEST(Integrate, RejectsInvalidArguments) {
  Rk4 rk4(free_fall, 2);
  Vector y{{10.0, 0.0}}, wrong_size{{1.0}};
  EXPECT_THROW(integrate(rk4, 0.0, 1.0, 0.0, y), std::invalid_argument);
  EXPECT_THROW(integrate(rk4, 1.0, 0.0, 0.1, y), std::invalid_argument);
  EXPECT_THROW(integrate(rk4, 0.0, 1.0, 0.1, wrong_size), std::invalid_argument);
  const Event no_function{"empty", nullptr};
  EXPECT_THROW(integrate(rk4, 0.0, 1.0, 0.1, y, {&no_function, 1}), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::integrators
