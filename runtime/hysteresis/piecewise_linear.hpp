// Piecewise-linear hysteresis with constant parameters (thesis ch. III, sec. 3.2, whose text is
// lost; the construction below is ours, see README.md "Engineering choices").
//
// A transmission with backlash and friction between many parts: while the transmitted force
// grows (loading) the assembly is stiffer than while it falls (unloading), because friction
// opposes the motion both ways; the two branches meet where the force vanishes, at the edge of
// the free play (backlash); after a reversal the friction sticks and the force changes along a
// steep transition until it meets the branch of the new direction.
//
//  F                                    E_hi: F = k_l (x - b)  loading branch (|F| grows)
//  ^                                  _.* P_b
//  |                              _.-' /
//  |                          _.-'    /  transition after the reversal at P_b: slope k_t
//  |                   U  _.-'       /
//  |                    *'          /
//  |                   /       __.-* D     E_lo: F = k_u (x - b)  unloading branch (|F| falls)
//  |   transition --> /   __.-'
//  |   slope k_t     /_.-'
//  |            P_a *'
//  |            _.-'
//  |        _.-'
//  +=======*-----------------------------------------> x
//  0       b
//
// The loop of a cycle between x_a and x_b (b <= x_a < x_b) is P_a U P_b D: the transition from
// P_a = (x_a, k_u (x_a - b)) rises with slope k_t to U on the loading branch, which leads to
// P_b = (x_b, k_l (x_b - b)); the transition from P_b falls to D on the unloading branch, which
// leads back to P_a. For x < 0 the figure is mirrored through the origin (F(-x) = -F(x), the
// direction reversed); for |x| <= b no force is transmitted (the backlash).
//
// Envelopes (ascending E_hi, descending E_lo):
//   E_hi(x) = k_l (x - b) for x > b,   0 for |x| <= b,   k_u (x + b) for x < -b
//   E_lo(x) = k_u (x - b) for x > b,   0 for |x| <= b,   k_l (x + b) for x < -b
// Force, given the last turning point (x_r, F_r):
//   F(x) = clamp(F_r + k_t (x - x_r), E_lo(x), E_hi(x))
// This is a generalised play operator (Visintin 1994, thesis ref. [182], ch. III) in G = F - k_t x;
// it is rate-independent and has return-point memory: every transition line has the slope k_t,
// so a path that reverses inside a loop and comes back to the previous turning point lies on the
// same line or envelope it left there and continues on the outer branch (Madelung's rule). The
// only state is the last turning point and the direction.
//
// Units: deflection x in m and force F in N (or rad and N m for a rotational transmission, with
// stiffnesses in N m/rad). F is the force the transmission transmits, of the sign of x: it
// resists the deflection, so the joint's internal active force gets -F (times dx/dq).
#pragma once

#include <string>
#include <vector>

#include "hysteresis/named_parameter.hpp"
#include "hysteresis/turning_point.hpp"

namespace dyngen::hysteresis {

struct PiecewiseLinearParameters {
  double loading_stiffness = 0.0;     // k_l, N/m: slope while |F| grows
  double unloading_stiffness = 0.0;   // k_u, N/m: slope while |F| falls; 0 < k_u <= k_l
  double transition_stiffness = 0.0;  // k_t, N/m: slope after a reversal; k_t > k_l
  double backlash = 0.0;              // b, m: free play |x| <= b transmits no force; b >= 0
};

// Empty when the parameters are admissible (finite, 0 < k_u <= k_l < k_t, b >= 0), otherwise
// what is wrong.
std::string parameter_error(const PiecewiseLinearParameters& parameters);

// The parameters with their names, symbols and units, in the order of the struct.
std::vector<NamedParameter> named(const PiecewiseLinearParameters& parameters);

// Energy dissipated per cycle between the deflections x_min < x_max once the loop is steady (from
// the second cycle on; from the first when it starts at rest in the backlash), the loop's area:
//   rho = (k_t - k_l) / (k_t - k_u),  e = |x| - b
//   both extremes on one side of the backlash (b <= x_min, or mirrored):
//     E = (k_l - k_u) / 2 (rho e_max^2 - e_min^2 / rho)  if e_min <= rho e_max (else 0: the
//     cycle never leaves the transition line)
//   extremes on both sides (x_min < b and x_max > -b): two loops through the backlash,
//     E = (k_l - k_u) / 2 rho (max(0, x_max - b)^2 + max(0, -x_min - b)^2)
// The polygon areas of the loop in the figure: the wedge between the branches cut by the
// transition through P_b, minus the wedge cut by the (parallel) transition through P_a.
double cycle_energy(const PiecewiseLinearParameters& parameters, double x_min, double x_max);

// The state machine, stepped with an integrator:
//  * force(x) is a pure function of x and the state; call it at every stage;
//  * update(x, rate) at the end of every accepted step commits x: a rate of the sign opposite to
//    direction() records a reversal at (x, force(x)), which keeps the force continuous;
//  * reversal_event(rate) and breakpoint_event(x) are positive until the next branch switch and
//    cross zero exactly there (the rate changes sign; the path reaches the end of the transition
//    or the edge of the backlash), so an integrator with event location ends its step there.
// Without event location a reversal is recorded at the end of the step in which the rate changed
// sign, past the true extreme by about |x''| h^2 / 2 (the rate vanishes at the extreme).
class PiecewiseLinearHysteresis {
 public:
  // Starts at rest at `deflection`; `force` is moved onto the nearest envelope when outside
  // [E_lo, E_hi]. Throws std::invalid_argument for inadmissible parameters.
  explicit PiecewiseLinearHysteresis(const PiecewiseLinearParameters& parameters, double deflection = 0.0,
                                     double force = 0.0);

  double force(double deflection) const;
  void update(double deflection, double rate);

  // direction() * rate; infinite at rest (the first motion sets the direction without an event).
  double reversal_event(double rate) const;
  // direction() * (x_k - x) with x_k the next breakpoint ahead of the last committed deflection;
  // infinite when none lies ahead (on the last piece of an envelope) or at rest.
  double breakpoint_event(double deflection) const;

  int direction() const { return direction_; }  // +1 deflection increasing, -1 decreasing, 0 at rest
  const TurningPoint& turning_point() const { return last_; }
  const PiecewiseLinearParameters& parameters() const { return p_; }

 private:
  double next_breakpoint() const;

  PiecewiseLinearParameters p_;
  TurningPoint last_;
  double committed_;
  int direction_ = 0;
  double breakpoint_;
};

}  // namespace dyngen::hysteresis
