// Variable-parameter hysteresis: steady loops have the width h(a, m) and branch stiffness k(a, m)
// of the linear laws (so the width grows with the amplitude as specified); the work per cycle
// along the stepped path equals the closed-form area; inner loops close at their first turning
// point and the path continues on the outer branch (also on the virgin curve); the events sit at
// the transition's end and at the target turning point.
#include "hysteresis/variable_parameter.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "hysteresis/sampled_response.hpp"
#include "prescribed_path.hpp"

namespace dyngen::hysteresis {
namespace {

// k = 1.5e5 + 2e7 a + 1e7 m  N/m,  h = 40 + 3e4 a + 1e4 m  N,  k_t = 1.2e6 N/m
const VariableParameters kTransmission{1.5e5, 2.0e7, 1.0e7, 40.0, 3.0e4, 1.0e4, 1.2e6};

std::vector<double> linear_segment(double from, double to, int steps) {
  std::vector<double> x;
  for (int i = 1; i <= steps; ++i) x.push_back(from + (to - from) * i / steps);
  return x;
}

TEST(VariableParameter, SteadyLoopsHaveTheSpecifiedWidthAndStiffness) {
  struct Case {
    double amplitude, mean;  // m
  };
  const Case cases[] = {{0.5e-3, 0.0}, {1e-3, 0.0}, {2e-3, 0.0}, {3e-3, 0.0}, {1e-3, 1e-3}, {2e-3, -1e-3}};
  double previous_width = 0.0;
  for (const Case& c : cases) {
    // from rest at the mean, three cycles of 400 samples; the last cycle's extremes are samples
    // 2 * 400 + 100 (upper) and 2 * 400 + 300 (lower)
    VariableHysteresis element(kTransmission, c.mean, 0.0);
    double descending_at_mean = 0.0, ascending_at_mean = 0.0, ascending_half_way = 0.0;
    for (int i = 0; i <= 3 * 400; ++i) {
      const double x = c.mean + c.amplitude * std::sin(2.0 * std::numbers::pi * i / 400.0);
      const double next = c.mean + c.amplitude * std::sin(2.0 * std::numbers::pi * (i + 1) / 400.0);
      element.update(x, next - x);
      if (i == 2 * 400 + 100) descending_at_mean = element.force(c.mean);
      if (i == 2 * 400 + 300) {
        ascending_at_mean = element.force(c.mean);
        ascending_half_way = element.force(c.mean + 0.5 * c.amplitude);
      }
    }
    const double width = 40.0 + 3.0e4 * c.amplitude + 1.0e4 * c.mean;
    const double stiffness = 1.5e5 + 2.0e7 * c.amplitude + 1.0e7 * c.mean;
    EXPECT_NEAR(ascending_at_mean - descending_at_mean, width, 1e-9 * width) << c.amplitude << " " << c.mean;
    EXPECT_NEAR((ascending_half_way - ascending_at_mean) / (0.5 * c.amplitude), stiffness, 1e-6 * stiffness)
        << c.amplitude << " " << c.mean;
    EXPECT_NEAR(loop_width(kTransmission, c.amplitude, c.mean), width, 1e-12 * width);
    EXPECT_NEAR(branch_stiffness(kTransmission, c.amplitude, c.mean), stiffness, 1e-12 * stiffness);
    // about the same mean, wider loops at larger amplitude: 55, 70, 100, 130 N
    if (c.mean == 0.0) {
      EXPECT_GT(width, previous_width);
      previous_width = width;
    }
  }
}

TEST(VariableParameter, WorkPerCycleEqualsTheLoopArea) {
  const double omega = 2.0 * std::numbers::pi;
  for (const auto& [amplitude, mean] : {std::pair{1e-3, 0.0}, {3e-3, 0.0}, {1e-3, 1.5e-3}, {2e-3, -1e-3}}) {
    VariableHysteresis element(kTransmission, mean, 0.0);
    const testing::PrescribedPath path = testing::sinusoid(mean, amplitude, omega);
    testing::drive(element, path, 0.0, 2.25, 1e-3);
    const double work = testing::drive(element, path, 2.25, 3.25, 1e-3);
    const double expected = cycle_energy(kTransmission, amplitude, mean);
    // h (2 a - h / (k_t - k))
    const double h = loop_width(kTransmission, amplitude, mean);
    const double k = branch_stiffness(kTransmission, amplitude, mean);
    EXPECT_NEAR(expected, h * (2.0 * amplitude - h / (1.2e6 - k)), 1e-15);
    EXPECT_NEAR(work, expected, 1e-10 * expected) << amplitude << " " << mean;
  }
}

TEST(VariableParameter, InnerLoopsCloseWhereTheyBeganAndTheOuterBranchContinues) {
  // outer: from rest at 0 to 3 mm, -3 mm, 3 mm (the steady loop), then down to -3 mm; the inner
  // loop 1 mm .. 2.2 mm interrupts the last descent, with a nested one 1.8 .. 1.5 mm inside it
  std::vector<double> outer;
  for (const auto& leg : {linear_segment(0.0, 3e-3, 300), linear_segment(3e-3, -3e-3, 600),
                          linear_segment(-3e-3, 3e-3, 600), linear_segment(3e-3, 1e-3, 200)})
    outer.insert(outer.end(), leg.begin(), leg.end());
  std::vector<double> with_loops = outer;
  const std::size_t first_visit = with_loops.size() - 1;
  for (const auto& leg : {linear_segment(1e-3, 1.8e-3, 80), linear_segment(1.8e-3, 1.5e-3, 30),
                          linear_segment(1.5e-3, 2.2e-3, 70), linear_segment(2.2e-3, 1e-3, 120)})
    with_loops.insert(with_loops.end(), leg.begin(), leg.end());
  const std::size_t second_visit = with_loops.size() - 1;
  const std::vector<double> descent = linear_segment(1e-3, -3e-3, 400);
  outer.insert(outer.end(), descent.begin(), descent.end());
  with_loops.insert(with_loops.end(), descent.begin(), descent.end());

  const std::vector<double> F_outer = sampled_response(VariableHysteresis(kTransmission), outer);
  const std::vector<double> F_loops = sampled_response(VariableHysteresis(kTransmission), with_loops);
  EXPECT_NEAR(F_loops[second_visit], F_loops[first_visit], 1e-9);
  for (std::size_t i = 0; i < descent.size(); ++i)
    ASSERT_NEAR(F_loops[second_visit + 1 + i], F_outer[outer.size() - descent.size() + i], 1e-9) << descent[i];

  // the memory holds the loops still open and forgets the closed ones
  VariableHysteresis element(kTransmission);
  std::size_t at_first_visit = 0;
  for (std::size_t i = 0; i + 1 < with_loops.size(); ++i) {
    element.update(with_loops[i], with_loops[i + 1] - with_loops[i]);
    if (i == first_visit) at_first_visit = element.memory().size();
    // inside the nested loop: ..., 1, 1.8, 1.5 mm
    if (i == first_visit + 80 + 30) {
      ASSERT_EQ(element.memory().size(), at_first_visit + 2);
      EXPECT_NEAR(element.memory()[at_first_visit - 1].deflection, 1e-3, 1e-15);
      EXPECT_NEAR(element.memory()[at_first_visit].deflection, 1.8e-3, 1e-15);
      EXPECT_NEAR(element.memory().back().deflection, 1.5e-3, 1e-15);
    }
  }
  // both inner loops closed, and the one opened at 1 mm with them
  EXPECT_EQ(element.memory().size(), at_first_visit - 1);
}

TEST(VariableParameter, PassingTheOldestTurningPointContinuesTheVirginCurve) {
  // 0 -> 3 mm straight, or 0 -> 2 -> 1 -> 3 mm: beyond 2 mm both are the same virgin curve
  std::vector<double> straight = linear_segment(0.0, 2e-3, 200);
  std::vector<double> detour = straight;
  for (const auto& leg : {linear_segment(2e-3, 1e-3, 100), linear_segment(1e-3, 2e-3, 100)})
    detour.insert(detour.end(), leg.begin(), leg.end());
  const std::vector<double> rest = linear_segment(2e-3, 3e-3, 100);
  straight.insert(straight.end(), rest.begin(), rest.end());
  detour.insert(detour.end(), rest.begin(), rest.end());
  const std::vector<double> F_straight = sampled_response(VariableHysteresis(kTransmission), straight);
  const std::vector<double> F_detour = sampled_response(VariableHysteresis(kTransmission), detour);
  for (std::size_t i = 0; i < rest.size(); ++i)
    EXPECT_NEAR(F_detour[detour.size() - rest.size() + i], F_straight[straight.size() - rest.size() + i], 1e-9);
}

TEST(VariableParameter, EventsMarkTheTransitionEndAndTheTargetTurningPoint) {
  // steady loop of amplitude 2 mm about 0: after the reversal at the top the transition lasts
  // delta = h / (k_t - k) = 100 / (1.2e6 - 1.9e5) m, then the branch leads to the lower extreme
  VariableHysteresis element(kTransmission);
  for (const auto& [x, rate] : {std::pair{2e-3, 1.0}, {2e-3, -1.0}, {-2e-3, -1.0}, {-2e-3, 1.0}, {2e-3, 1.0}})
    element.update(x, rate);
  element.update(2e-3, -1.0);
  const double delta = 100.0 / (1.2e6 - 1.9e5);
  const double transition_end = 2e-3 - delta;
  EXPECT_NEAR(element.breakpoint_event(transition_end), 0.0, 1e-15);
  EXPECT_GT(element.breakpoint_event(transition_end + 1e-7), 0.0);
  EXPECT_LT(element.reversal_event(1.0), 0.0);
  element.update(transition_end, -1.0);
  EXPECT_NEAR(element.breakpoint_event(-2e-3), 0.0, 1e-15);
}

TEST(VariableParameter, InadmissibleParametersAreRejected) {
  VariableParameters p = kTransmission;
  p.transition_stiffness = 1.0e5;
  EXPECT_EQ(parameter_error(p), "transition stiffness 100000 N/m must exceed the branch stiffness 150000 N/m");
  EXPECT_THROW(VariableHysteresis{p}, std::invalid_argument);
  p = kTransmission;
  p.width = -1.0;
  EXPECT_EQ(parameter_error(p), "loop width -1 N must not be negative");
  p = kTransmission;
  p.width_per_mean = INFINITY;
  EXPECT_EQ(parameter_error(p), "parameters must be finite");
  EXPECT_EQ(parameter_error(kTransmission), "");
}

}  // namespace
}  // namespace dyngen::hysteresis
