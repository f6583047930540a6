// Natural frequencies of elastic links by the seed's own machinery: a harmonic vibration
// w(xi) e^(i Omega t) turns the level equation (13) into w'''' - Omega^2 w = 0 (c = -Omega^2, no
// loads, no axial force), and the boundary conditions of the links become a homogeneous linear
// system whose determinant vanishes exactly at the natural frequencies (the frequency determinant of
// the transfer-matrix method). Frequencies Omega in units of 1/T (manipulator.hpp): for a link alone
// Omega = (beta l)^2.
#pragma once

#include <functional>
#include <vector>

namespace dyngen::elastic {

// One link clamped at its root (its hinge locked), a body of mass `tip_mass` at the free tip: the 2 x 2
// determinant of w''(1) = 0 and -w'''(1) = tip_mass Omega^2 w(1) over the fundamental solutions with
// w''(0) = 1 or w'''(0) = 1 (link_fundamental_solutions.hpp).
double clamped_link_determinant(double frequency, double tip_mass, int segments);

// A chain of `links` links hinged to the fixed platform, all hinges free (no torque), at rest along
// the vertical with no gradient load: the determinant of the whole level problem (level_problem.hpp,
// conditions 7-11) for c = -Omega^2. One link gives the pinned-free beam.
double hinged_chain_determinant(double frequency, int links, double tip_mass, int segments);

// The roots of `determinant` in (low, high): sign changes over `intervals` equal subintervals, each
// refined by bisection to a relative width of 1e-14.
std::vector<double> determinant_roots(const std::function<double(double)>& determinant, double low, double high,
                                      int intervals);

}  // namespace dyngen::elastic
