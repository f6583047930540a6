// Expr: the engine's scalar, usable as the Scalar of the templated dynamics algorithms.
//
// An Expr is a handle to an interned canonical poly of its Context, so two Exprs of one context
// are structurally equal exactly when their ids are. Arithmetic builds new canonical polys through
// factories that fold constants and apply the simplifications of engine.md:
//   x·0 = 0, x·1 = x, x + 0 = x, −(−x) = x                 (coefficient arithmetic)
//   a·m + b·m = (a+b)·m                                    (like terms)
//   a·sin²x·m + a·cos²x·m = a·m                            (trig identity)
//   x·(1/x) = 1,  sqrt(x)·sqrt(x) = x                       (cancellation)
//   a sum that must become a factor is bound to a temporary, hash-consed up to sign.
// Comparisons are structural (same expression), never numeric: algorithms do not branch on values.
#pragma once

#include <cmath>
#include <string>

#include "context.hpp"

namespace dyngen::engine {

// A sum of numbers that cancels to within rounding of `magnitude` (what was added up) is an exact
// zero: keeping a 1e-17 residue would cost operations and precision in every kernel. Shared by the
// engine's coefficient arithmetic and the evaluation of model-file expressions.
inline bool cancels_within_rounding(double sum, double magnitude) { return std::abs(sum) <= 1e-14 * magnitude; }

class Expr {
 public:
  Expr() : Expr(0.0) {}
  Expr(double value);  // NOLINT(google-explicit-constructor): constants convert implicitly
  Expr(Context& context, PolyId id) : context_(&context), id_(id) {}

  static Expr input(InputRole role, const std::string& array, int index, const std::string& name,
                    Context& context = Context::current());

  Context& context() const { return *context_; }
  PolyId id() const { return id_; }

  bool is_constant() const;
  bool is_zero() const { return id_ == context_->zero(); }
  // The value when is_constant(); 0 otherwise.
  double constant_value() const;
  // Single atom with coefficient +1 (an input, function value or temporary).
  bool is_atom() const;

  Expr& operator+=(const Expr& other) { return *this = *this + other; }
  Expr& operator-=(const Expr& other) { return *this = *this - other; }
  Expr& operator*=(const Expr& other) { return *this = *this * other; }
  Expr& operator/=(const Expr& other) { return *this = *this / other; }

  friend Expr operator+(const Expr& a, const Expr& b);
  friend Expr operator-(const Expr& a, const Expr& b);
  friend Expr operator*(const Expr& a, const Expr& b);
  friend Expr operator/(const Expr& a, const Expr& b);
  friend Expr operator-(const Expr& a);
  friend bool operator==(const Expr& a, const Expr& b) {
    return a.context_ == b.context_ && a.id_ == b.id_;
  }

 private:
  Context* context_;
  PolyId id_;
};

Expr sin(const Expr& x);
Expr cos(const Expr& x);
Expr sqrt(const Expr& x);
Expr reciprocal(const Expr& x);
// +1 for x >= 0, -1 otherwise: picks a branch of a closed-form solution without a jump in the
// emitted straight-line code (loop_closure.hpp).
Expr sign(const Expr& x);
Expr atan2(const Expr& y, const Expr& x);

// Binds a non-trivial expression to a temporary and returns ±temporary; trivial ones (constants,
// ±c·atom) are returned unchanged. The small-matrix library calls it on every element it
// produces, as the seed's data model does, so later operations see two-factor products.
Expr bind(const Expr& x);

// The small-matrix library's switch for its special products (see spatial/special_products.hpp).
inline bool special_products_enabled(const Expr& x) { return x.context().options().special_products; }

// Zero for every value of the inputs (structurally): the test exact rewrites of a mechanism use
// (algorithms/symmetric_leaves.hpp).
inline bool known_zero(const Expr& x) { return x.is_zero(); }

// Human-readable form for diagnostics and tests: temporaries print as t<id>.
std::string to_string(const Expr& x);

}  // namespace dyngen::engine
