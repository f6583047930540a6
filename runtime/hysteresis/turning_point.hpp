// A point of a force-deflection loop where the deflection rate changed sign: the hysteresis
// models remember these to close inner loops where they began (return-point memory).
#pragma once

namespace dyngen::hysteresis {

struct TurningPoint {
  double deflection = 0.0;  // x, m (rad for a rotational transmission)
  double force = 0.0;       // F, N (N m)
};

}  // namespace dyngen::hysteresis
