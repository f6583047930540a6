// Hysteresis with variable parameters (thesis ch. III, sec. 3.3, whose text is lost; the
// construction below is ours, see README.md "Engineering choices").
//
// Assemblies of many parts stiffen and widen their loops as the amplitude and the preload (mean
// deflection) grow. Each loop here is a parallelogram whose branch stiffness and width are linear
// in the loop's amplitude a and mean deflection m:
//   k(a, m) = k_0 + k_a a + k_m m       (N/m, limited to >= 0)
//   h(a, m) = h_0 + h_a a + h_m m       (N, limited to >= 0)
// with a = |x_2 - x_1| / 2 and m = (x_1 + x_2) / 2 for the loop's turning points x_1, x_2.
//
//  F                          steady loop of amplitude a about m:
//  ^                     ___* P_b = (m + a, F_b)
//  |                 _.-'  /
//  |      U      _.-'     /  transition: slope k_t
//  |      *  _.-'  <-- ascending branch: slope k(a, m)
//  |     /.-'           /
//  |    / |  h(a, m)   /            the width h is the force between the branches
//  |   /  |        _.-* D              at any deflection
//  |  /   |    _.-'
//  | /    |_.-'   <-- descending branch: slope k(a, m)
//  |* P_a = (m - a, F_a)
//  +------------------------------------> x
//
// Steady loop: transitions P_a U and P_b D of slope k_t and deflection width
// delta = h / (k_t - k); branches U P_b and D P_a of slope k; F_b - F_a = h + 2 a k; area
// (energy per cycle) h (2 a - delta).
//
// Memory (Madelung's rules): the turning points x_0, x_1, ..., x_n alternate and each loop
// [x_i, x_i+1] is nested in the one before. Moving from x_n towards its target x_n-1 the path is
// "anchored": it is the transition of slope k_t from P_n followed by the branch line through
// P_n-1 with slope k(a, m) of the loop [x_n-1, x_n], so it ends exactly at P_n-1. Passing the
// target closes the inner loop: x_n and x_n-1 are forgotten and the path continues on the outer
// branch it had left there (from P_n-2 towards P_n-3). Moving from the oldest turning point x_0
// (nothing ahead to return to) the path is "virgin": the loop grows with it,
//   F = F_0 + s min(k_t u, h(u/2, x_0 + s u/2) + k(u/2, x_0 + s u/2) u),  u = s (x - x_0),
// so a reversal at x_0 + s u leaves behind a loop of amplitude u/2 whose height is that of the
// steady loop; passing x_0 while returning from x_1 forgets x_0 and continues as virgin from x_1.
// Cycling from rest at the mean m with amplitude a therefore gives, from the second reversal on,
// exactly the steady loop above. Where history gives a loop a secant stiffness (F_b - F_a)/2a
// outside [k, k_t], the anchored path uses k' = min(k, secant), k_t' = max(k_t, secant), so it
// stays continuous. Behind its last turning point the path is the transition line through it.
//
// Units as in piecewise_linear.hpp: x in m, F in N (or rad, N m); -F enters the joint's internal
// active force.
#pragma once

#include <string>
#include <vector>

#include "hysteresis/named_parameter.hpp"
#include "hysteresis/turning_point.hpp"

namespace dyngen::hysteresis {

struct VariableParameters {
  double stiffness = 0.0;                // k_0, N/m
  double stiffness_per_amplitude = 0.0;  // k_a, N/m^2
  double stiffness_per_mean = 0.0;       // k_m, N/m^2
  double width = 0.0;                    // h_0, N
  double width_per_amplitude = 0.0;      // h_a, N/m
  double width_per_mean = 0.0;           // h_m, N/m
  double transition_stiffness = 0.0;     // k_t, N/m; above k(a, m) for the loops that occur
};

// Empty when admissible (finite; k_t > k_0 >= 0; h_0 >= 0), otherwise what is wrong.
std::string parameter_error(const VariableParameters& parameters);

std::vector<NamedParameter> named(const VariableParameters& parameters);

// k(a, m) and h(a, m), limited to >= 0.
double branch_stiffness(const VariableParameters& parameters, double amplitude, double mean);
double loop_width(const VariableParameters& parameters, double amplitude, double mean);

// Energy dissipated per steady cycle of amplitude a about m: h (2 a - h / (k_t - k)), or 0 when
// the transitions span the whole cycle.
double cycle_energy(const VariableParameters& parameters, double amplitude, double mean);

// The state machine; the same protocol as PiecewiseLinearHysteresis (force at every stage,
// update at the end of every accepted step, events for reversals and breakpoints). Its
// breakpoints are the end of the transition and the target turning point, where the inner loop
// closes and the path changes to the outer branch. The memory grows by one turning point per
// reversal into a nested loop (a decaying oscillation) and shrinks when loops close.
class VariableHysteresis {
 public:
  // Starts at rest at (deflection, force), the first turning point. Throws std::invalid_argument
  // for inadmissible parameters.
  explicit VariableHysteresis(const VariableParameters& parameters, double deflection = 0.0, double force = 0.0);

  double force(double deflection) const;
  void update(double deflection, double rate);
  double reversal_event(double rate) const;
  double breakpoint_event(double deflection) const;

  int direction() const { return direction_; }
  const std::vector<TurningPoint>& memory() const { return memory_; }
  const VariableParameters& parameters() const { return p_; }

 private:
  // The turning point the path through x starts from once the loops x closes are forgotten, and
  // whether it is virgin (nothing ahead to return to).
  struct Origin {
    std::size_t index;
    bool virgin;
  };
  Origin origin_of(double x, int direction) const;
  double path_force(Origin origin, int direction, double x) const;
  double next_breakpoint() const;

  VariableParameters p_;
  std::vector<TurningPoint> memory_;
  double committed_;
  int direction_ = 0;
  double breakpoint_;
};

}  // namespace dyngen::hysteresis
