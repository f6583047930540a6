// Scalar functions the algorithms use beyond those of <cmath>, for the built-in floating types.
// The engine's Expr declares its own (engine/expr.hpp), found by argument-dependent lookup, so an
// algorithm writes `using spatial::sign; sign(x)` once for every scalar.
#pragma once

namespace dyngen::spatial {

// +1 for x >= 0, -1 otherwise (a branch choice of a closed-form solution; never 0).
inline float sign(float x) { return x < 0.0f ? -1.0f : 1.0f; }
inline double sign(double x) { return x < 0.0 ? -1.0 : 1.0; }
inline long double sign(long double x) { return x < 0.0L ? -1.0L : 1.0L; }

}  // namespace dyngen::spatial
