// Operation counts that may be astronomically large (a general CAS's expression trees): the
// engine's OpCount fields widened to 64 bits, with additions that saturate instead of wrapping.
#pragma once

#include <cstdint>
#include <limits>

#include "engine/instruction_list.hpp"

namespace dyngen::compare {

struct OpTally {
  static constexpr std::uint64_t saturated = std::numeric_limits<std::uint64_t>::max();

  // trig: the calls of functions (sin, cos, and the closure kernels' atan2 and sign selections)
  std::uint64_t mul = 0, add = 0, div = 0, sqrt = 0, trig = 0;

  OpTally() = default;
  OpTally(const engine::OpCount& count)  // NOLINT(google-explicit-constructor)
      : mul(static_cast<std::uint64_t>(count.mul)),
        add(static_cast<std::uint64_t>(count.add)),
        div(static_cast<std::uint64_t>(count.div)),
        sqrt(static_cast<std::uint64_t>(count.sqrt)),
        trig(static_cast<std::uint64_t>(count.trig + count.atan2 + count.sign)) {}

  static std::uint64_t sum(std::uint64_t a, std::uint64_t b) { return a > saturated - b ? saturated : a + b; }

  std::uint64_t total() const { return sum(sum(sum(mul, add), sum(div, sqrt)), trig); }
  // Featherstone's convention (references.md): m counts multiplications and divisions, a
  // additions and subtractions, sin/cos and square roots are not counted.
  std::uint64_t featherstone_m() const { return sum(mul, div); }
  std::uint64_t featherstone_a() const { return add; }

  OpTally& operator+=(const OpTally& o) {
    mul = sum(mul, o.mul);
    add = sum(add, o.add);
    div = sum(div, o.div);
    sqrt = sum(sqrt, o.sqrt);
    trig = sum(trig, o.trig);
    return *this;
  }
  bool operator==(const OpTally&) const = default;
};

}  // namespace dyngen::compare
