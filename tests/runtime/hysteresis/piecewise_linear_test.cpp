// Piecewise-linear hysteresis: the work per cycle integrated along the stepped path equals the
// loop's closed-form area; a reversal inside a loop returns to the outer branch at the old
// turning point (Madelung's rule); the events sit at the transition's end and the backlash edges;
// a mass on the element, integrated by RK4 with event location, stops where the work balance
// says.
#include "hysteresis/piecewise_linear.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "hysteresis/sampled_response.hpp"
#include "prescribed_path.hpp"

namespace dyngen::hysteresis {
namespace {

// representative transmission: 0.2 N/um loading, 0.12 N/um unloading, 1 N/um after a reversal,
// 0.2 mm play
const PiecewiseLinearParameters kTransmission{2.0e5, 1.2e5, 1.0e6, 2.0e-4};

// rho = (k_t - k_l) / (k_t - k_u): the transition from a turning point at e = x - b beyond the
// backlash meets the other branch at rho e
const double kRho = (1.0e6 - 2.0e5) / (1.0e6 - 1.2e5);

std::vector<double> linear_segment(double from, double to, int steps) {
  std::vector<double> x;
  for (int i = 1; i <= steps; ++i) x.push_back(from + (to - from) * i / steps);
  return x;
}

TEST(PiecewiseLinear, ClosedFormAreaOfTheSymmetricLoopByHand) {
  // two loops through the backlash, each (k_l - k_u)/2 rho e^2 with e = 3 mm - 0.2 mm:
  // 8e4 * (8e5 / 8.8e5) * 2.8e-3^2 = 0.570181818... J
  EXPECT_NEAR(cycle_energy(kTransmission, -3e-3, 3e-3), 0.5701818181818, 1e-12);
}

TEST(PiecewiseLinear, WorkPerCycleEqualsTheLoopArea) {
  struct Case {
    double mean, amplitude;  // m
  };
  const Case cases[] = {
      {0.0, 3e-3},       // symmetric, through the backlash
      {1.5e-3, 1e-3},    // preloaded: both extremes beyond the play
      {-1.5e-3, 1e-3},   // preloaded the other way
      {0.5e-3, 2e-3},    // asymmetric, through the backlash
      {1.5e-3, 1.3e-3},  // lower extreme exactly at the edge of the play
      {2e-3, 0.05e-3},   // small cycle that never leaves the transition line
  };
  const double omega = 2.0 * std::numbers::pi;  // period 1 s
  for (const Case& c : cases) {
    PiecewiseLinearHysteresis element(kTransmission, c.mean, 0.0);
    const testing::PrescribedPath path = testing::sinusoid(c.mean, c.amplitude, omega);
    // two cycles to settle, then one from the upper extreme (t = 2.25 s) to the next
    testing::drive(element, path, 0.0, 2.25, 1e-3);
    const double work = testing::drive(element, path, 2.25, 3.25, 1e-3);
    const double expected = cycle_energy(kTransmission, c.mean - c.amplitude, c.mean + c.amplitude);
    EXPECT_NEAR(work, expected, 1e-10 * std::max(1.0, expected)) << "mean " << c.mean << " amplitude " << c.amplitude;
  }
  EXPECT_EQ(cycle_energy(kTransmission, 1.95e-3, 2.05e-3), 0.0);

  // without event location: 4000 samples per cycle, the trapezoid rule across the kinks
  std::vector<double> x;
  for (int i = 0; i <= 4 * 4000; ++i) x.push_back(3e-3 * std::sin(2.0 * std::numbers::pi * i / 4000.0));
  const std::vector<double> F = sampled_response(PiecewiseLinearHysteresis(kTransmission), x);
  double work = 0.0;
  for (int i = 2 * 4000 + 1000; i < 3 * 4000 + 1000; ++i) work += 0.5 * (F[i] + F[i + 1]) * (x[i + 1] - x[i]);
  EXPECT_NEAR(work, cycle_energy(kTransmission, -3e-3, 3e-3), 1e-6 * 0.57);
}

TEST(PiecewiseLinear, ReversalInsideALoopReturnsToTheOuterBranchAtTheOldTurningPoint) {
  struct Case {
    double inner_low, inner_high;  // the inner loop, inside the descent from 3 mm
  };
  // inner reversal on the unloading branch; inside the transition (which spans 3 .. 2.745 mm)
  for (const Case c : {Case{1.0e-3, 2.2e-3}, Case{2.9e-3, 2.95e-3}, Case{0.5e-3, 2.99e-3}}) {
    std::vector<double> outer = linear_segment(0.0, 3e-3, 300);
    const std::vector<double> to_inner = linear_segment(3e-3, c.inner_low, 200);
    outer.insert(outer.end(), to_inner.begin(), to_inner.end());
    std::vector<double> with_loop = outer;
    const std::size_t first_visit = with_loop.size() - 1;
    for (const auto& leg : {linear_segment(c.inner_low, c.inner_high, 100), linear_segment(c.inner_high, c.inner_low, 100)})
      with_loop.insert(with_loop.end(), leg.begin(), leg.end());
    const std::size_t second_visit = with_loop.size() - 1;
    const std::vector<double> descent = linear_segment(c.inner_low, -3e-3, 400);
    outer.insert(outer.end(), descent.begin(), descent.end());
    with_loop.insert(with_loop.end(), descent.begin(), descent.end());

    const std::vector<double> F_outer = sampled_response(PiecewiseLinearHysteresis(kTransmission), outer);
    const std::vector<double> F_loop = sampled_response(PiecewiseLinearHysteresis(kTransmission), with_loop);
    // the inner loop closes at its first turning point
    EXPECT_NEAR(F_loop[second_visit], F_loop[first_visit], 1e-9);
    // and the path goes on as if it had never been
    for (std::size_t i = 0; i < descent.size(); ++i)
      ASSERT_NEAR(F_loop[second_visit + 1 + i], F_outer[outer.size() - descent.size() + i], 1e-9)
          << "x = " << descent[i] << " after the inner loop " << c.inner_low << " .. " << c.inner_high;
  }
}

TEST(PiecewiseLinear, EventsMarkTheReversalTheTransitionEndAndTheBacklashEdges) {
  const double b = kTransmission.backlash;
  PiecewiseLinearHysteresis element(kTransmission);
  EXPECT_EQ(element.breakpoint_event(1.0), INFINITY);  // at rest
  element.update(3e-3, 0.1);
  EXPECT_EQ(element.direction(), 1);
  EXPECT_EQ(element.breakpoint_event(1.0), INFINITY);  // on the last piece of the loading branch
  EXPECT_GT(element.reversal_event(0.1), 0.0);
  EXPECT_LT(element.reversal_event(-0.1), 0.0);
  element.update(3e-3, -0.1);
  EXPECT_EQ(element.direction(), -1);
  EXPECT_NEAR(element.turning_point().force, 2.0e5 * 2.8e-3, 1e-9);

  // the transition meets the unloading branch at b + rho e
  const double transition_end = b + kRho * 2.8e-3;
  EXPECT_NEAR(element.breakpoint_event(transition_end), 0.0, 1e-15);
  EXPECT_GT(element.breakpoint_event(transition_end + 1e-6), 0.0);
  EXPECT_LT(element.breakpoint_event(transition_end - 1e-6), 0.0);
  EXPECT_NEAR(element.force(transition_end), 1.2e5 * (transition_end - b), 1e-9);
  // slope k_t before, k_u after
  EXPECT_NEAR((element.force(transition_end + 1e-6) - element.force(transition_end)) / 1e-6, 1.0e6, 1e-3);
  EXPECT_NEAR((element.force(transition_end) - element.force(transition_end - 1e-6)) / 1e-6, 1.2e5, 1e-3);

  element.update(transition_end, -0.1);
  EXPECT_NEAR(element.breakpoint_event(b), 0.0, 1e-18);
  element.update(b, -0.1);
  EXPECT_NEAR(element.breakpoint_event(-b), 0.0, 1e-18);
  EXPECT_EQ(element.force(0.0), 0.0);
  element.update(-b, -0.1);
  EXPECT_EQ(element.breakpoint_event(-1.0), INFINITY);
  EXPECT_NEAR(element.force(-1e-3), -2.0e5 * (1e-3 - b), 1e-9);
}

TEST(PiecewiseLinear, FreeOscillationStopsWhereTheWorkBalanceSays) {
  const double mass = 10.0;  // kg
  const double b = kTransmission.backlash, A = 3e-3, e = A - b;
  // released at rest at A on the loading branch; back through the transition to D (rho e), the
  // unloading branch, the play, and the loading branch on the other side up to -(b + e'), where
  // the work since the release vanishes:
  //   W+ = k_u (rho e)^2 / 2 + (k_u rho e + k_l e)(e - rho e) / 2 = k_l e'^2 / 2
  const double e_d = kRho * e;
  const double work_above = 0.5 * 1.2e5 * e_d * e_d + 0.5 * (1.2e5 * e_d + 2.0e5 * e) * (e - e_d);
  const double expected_turn = -(b + std::sqrt(2.0 * work_above / 2.0e5));

  PiecewiseLinearHysteresis element(kTransmission, A, 2.0e5 * e);
  struct State {
    double x, v;
  };
  const auto rk4 = [&](const State& y, double h) {
    const auto f = [&](const State& s) { return State{s.v, -element.force(s.x) / mass}; };
    const State k1 = f(y);
    const State k2 = f({y.x + 0.5 * h * k1.x, y.v + 0.5 * h * k1.v});
    const State k3 = f({y.x + 0.5 * h * k2.x, y.v + 0.5 * h * k2.v});
    const State k4 = f({y.x + h * k3.x, y.v + h * k3.v});
    return State{y.x + h / 6.0 * (k1.x + 2 * k2.x + 2 * k3.x + k4.x), y.v + h / 6.0 * (k1.v + 2 * k2.v + 2 * k3.v + k4.v)};
  };
  const auto passed = [&](const State& y) {
    return element.reversal_event(y.v) <= 0.0 || element.breakpoint_event(y.x) <= 0.0;
  };
  State y{A, 0.0};
  const double h = 1e-4;  // s; the period on the loading branch is 2 pi sqrt(m / k_l) = 44 ms
  int steps = 0;
  int events = 0;
  while (element.direction() != 1 && steps < 10000) {
    State next = rk4(y, h);
    if (passed(next)) {
      double before = 0.0, after = h;
      for (int i = 0; i < 200 && after - before > 1e-18; ++i) {
        const double middle = 0.5 * (before + after);
        (passed(rk4(y, middle)) ? after : before) = middle;
      }
      next = rk4(y, after);
      ++events;
    }
    y = next;
    element.update(y.x, y.v);
    ++steps;
  }
  // transition end, +b, -b, the reversal
  EXPECT_EQ(events, 4);
  EXPECT_NEAR(y.x, expected_turn, 1e-10);
}

TEST(PiecewiseLinear, StartingForceIsMovedIntoTheLoopBand) {
  // at 1 mm the band is [k_u, k_l] (1 mm - b) = [96, 160] N
  EXPECT_NEAR(PiecewiseLinearHysteresis(kTransmission, 1e-3, 500.0).turning_point().force, 160.0, 1e-9);
  EXPECT_NEAR(PiecewiseLinearHysteresis(kTransmission, 1e-3, 0.0).turning_point().force, 96.0, 1e-9);
  EXPECT_NEAR(PiecewiseLinearHysteresis(kTransmission, 1e-3, 120.0).turning_point().force, 120.0, 1e-12);
}

TEST(PiecewiseLinear, InadmissibleParametersAreRejected) {
  struct Case {
    PiecewiseLinearParameters parameters;
    const char* message;
  };
  const Case cases[] = {
      {{1.0e5, 1.2e5, 1.0e6, 0.0}, "loading stiffness 100000 N/m must be at least the unloading stiffness 120000 N/m"},
      {{2.0e5, 1.2e5, 2.0e5, 0.0}, "transition stiffness 200000 N/m must exceed the loading stiffness 200000 N/m"},
      {{2.0e5, 0.0, 1.0e6, 0.0}, "unloading stiffness 0 N/m must be positive"},
      {{2.0e5, 1.2e5, 1.0e6, -1e-4}, "backlash -0.0001 m must not be negative"},
      {{NAN, 1.2e5, 1.0e6, 0.0}, "parameters must be finite"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(parameter_error(c.parameters), c.message);
    EXPECT_THROW(PiecewiseLinearHysteresis{c.parameters}, std::invalid_argument) << c.message;
  }
  EXPECT_EQ(parameter_error(kTransmission), "");
}

}  // namespace
}  // namespace dyngen::hysteresis
