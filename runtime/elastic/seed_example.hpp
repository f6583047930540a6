// The seed's example ("Результаты исследования", fig. 1): a planar two-link elastic manipulator
// hinged to a platform stabilised in the orbital frame, two equal links, a body of mass m at the end
// of the second, torques M-bar_1 = M-bar_2 = l M^e / (E J) = 6.179e-5 (1 - cos 6t) at both hinges,
// t in [0, 4.2] s from rest with the links along the vertical, step 2.5e-3 s, 100 segments per link.
//
// The seed's parameters, and how they are read (README "The seed's example"):
//   rho l^2 / (E g) = 3.049e-5 s^2   printed "rho l / E g = 3.049e-9": the square of l is needed for
//                                    a time squared, and the exponent is read as -5 (a 5 taken for a
//                                    9): with -9 the time unit T would be 1e-4 s, the first bending
//                                    frequency 5.6 kHz and the angles after 4.2 s some 1e4 rad, while
//                                    -5 gives the seed's own landmark, the links straight in line
//                                    again (phi_1 - phi_2 = -2 pi) near t = 4.06 s (its fig. 2)
//   J / (l^2 F)     = 3.066e-1
//   m / (rho l F)   = 8.11e-1        the tip body over a link's mass (rho a specific weight)
//   q l / (E F)     = 3.666e-7       the gradient load, along -Z (eq. 2)
// hence T^2 = rho F l^4 / (g E J) = (rho l^2 / (E g)) / (J / (l^2 F)) = 9.945e-5 s^2 (T = 9.97 ms) and
// q l^3 / (E J) = (q l / (E F)) / (J / (l^2 F)) = 1.196e-6.
#pragma once

#include "elastic/manipulator.hpp"

namespace dyngen::elastic {

struct SeedExample {
  double inertia_parameter = 3.049e-5;   // rho l^2 / (E g) [s^2]
  double section_ratio = 3.066e-1;       // J / (l^2 F)
  double tip_mass = 8.11e-1;             // m / (rho l F)
  double gradient_parameter = 3.666e-7;  // q l / (E F)
  double torque_amplitude = 6.179e-5;    // M-bar(t) = amplitude (1 - cos(frequency t))
  double torque_frequency = 6.0;         // rad/s
  double duration = 4.2;                 // s
  double step = 2.5e-3;                  // s
  int segments = 100;
};

// The manipulator of the example: two links, T and q l^3 / (E J) as above, the same torque at both hinges.
Manipulator seed_manipulator(const SeedExample& example = {});

}  // namespace dyngen::elastic
