// One identified parameter as the fitting tool prints it: name, symbol, unit and value.
#pragma once

#include <string>

namespace dyngen::hysteresis {

struct NamedParameter {
  std::string name;    // e.g. "loading_stiffness"
  std::string symbol;  // e.g. "k_l"
  std::string unit;    // SI, e.g. "N/m"
  double value = 0.0;
};

}  // namespace dyngen::hysteresis
