#include "expr.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace dyngen::engine {

namespace {

// x as coef·atom: what a sum or product becomes when it must act as a single factor.
struct ScaledAtom {
  double coef;
  AtomId atom;
};

// Coefficients that cancel to within rounding of their operands are exact zeros of the algebra
// (e.g. 0.1·x + 0.2·x − 0.3·x).
bool cancels(double sum, double a, double b) {
  return cancels_within_rounding(sum, std::max(std::abs(a), std::abs(b)));
}

Expr make(Context& ctx, std::vector<Term> terms) { return Expr(ctx, ctx.intern_poly(std::move(terms))); }

Expr constant(Context& ctx, double value) {
  if (value == 0.0) return Expr(ctx, ctx.zero());
  return make(ctx, {Term{value, Context::kUnitMonomial}});
}

Expr atom_expr(Context& ctx, AtomId atom, double coef = 1.0) {
  return make(ctx, {Term{coef, ctx.intern_monomial({Factor{atom, 1}})}});
}

// Product of two monomials with the cancellations x·(1/x) = 1 and sqrt(x)² = x. Returns the
// product's monomial and an extra poly factor (the sqrt arguments released), empty if none.
struct MonomialProduct {
  MonoId mono;
  std::vector<PolyId> released;
};

MonomialProduct multiply_monomials(Context& ctx, MonoId a, MonoId b) {
  const auto& fa = ctx.monomial(a);
  const auto& fb = ctx.monomial(b);
  std::vector<Factor> merged;
  merged.reserve(fa.size() + fb.size());
  std::size_t i = 0, j = 0;
  while (i < fa.size() || j < fb.size()) {
    if (j == fb.size() || (i < fa.size() && fa[i].atom < fb[j].atom)) {
      merged.push_back(fa[i++]);
    } else if (i == fa.size() || fb[j].atom < fa[i].atom) {
      merged.push_back(fb[j++]);
    } else {
      merged.push_back(Factor{fa[i].atom, fa[i].power + fb[j].power});
      ++i, ++j;
    }
  }
  std::vector<PolyId> released;
  if (ctx.options().reciprocal_cancel) {
    auto find = [&](AtomId id) {
      return std::lower_bound(merged.begin(), merged.end(), id,
                              [](const Factor& x, AtomId a) { return x.atom < a; });
    };
    for (std::size_t i = 0; i < merged.size(); ++i) {
      AtomId inverse;
      if (merged[i].power == 0 || !ctx.reciprocal_of(merged[i].atom, inverse)) continue;
      // x·(1/x) = 1
      if (auto it = find(inverse); it != merged.end() && it->atom == inverse) {
        const std::uint32_t common = std::min(merged[i].power, it->power);
        merged[i].power -= common;
        it->power -= common;
        continue;
      }
      // x·y·(1/t) = 1 where t is the temporary of the product x·y
      const Atom& t = ctx.atom(inverse);
      if (t.kind != AtomKind::temp || ctx.poly(t.arg).size() != 1) continue;
      const auto& product = ctx.monomial(ctx.poly(t.arg)[0].mono);
      while (merged[i].power > 0 &&
             std::all_of(product.begin(), product.end(), [&](const Factor& f) {
               auto it = find(f.atom);
               return it != merged.end() && it->atom == f.atom && it->power >= f.power;
             })) {
        for (const Factor& f : product) find(f.atom)->power -= f.power;
        --merged[i].power;
      }
    }
    for (Factor& f : merged) {
      const Atom& atom = ctx.atom(f.atom);
      if (atom.kind != AtomKind::sqrt) continue;
      while (f.power >= 2) {
        f.power -= 2;
        released.push_back(atom.arg);
      }
    }
  }
  std::erase_if(merged, [](const Factor& f) { return f.power == 0; });
  return {ctx.intern_monomial(std::move(merged)), std::move(released)};
}

// Adds coef·mono into a term list kept sorted by monomial id, merging like terms.
void accumulate(const Context& ctx, std::vector<Term>& terms, Term term) {
  if (term.coef == 0.0) return;
  auto it = std::lower_bound(terms.begin(), terms.end(), term.mono,
                             [](const Term& t, MonoId m) { return t.mono < m; });
  if (ctx.options().like_terms && it != terms.end() && it->mono == term.mono) {
    const double sum = it->coef + term.coef;
    if (cancels(sum, it->coef, term.coef)) {
      terms.erase(it);
    } else {
      it->coef = sum;
    }
    return;
  }
  while (it != terms.end() && it->mono == term.mono) ++it;
  terms.insert(it, term);
}

// The factor list with the power of `atom` (at least 2) lowered by two: m·x² -> m.
std::vector<Factor> lower_power(const std::vector<Factor>& factors, AtomId atom) {
  std::vector<Factor> out;
  for (const Factor& f : factors) {
    if (f.atom != atom) {
      out.push_back(f);
    } else if (f.power > 2) {
      out.push_back(Factor{f.atom, f.power - 2});
    }
  }
  return out;
}

std::vector<Factor> with_square(std::vector<Factor> factors, AtomId atom) {
  auto it = std::lower_bound(factors.begin(), factors.end(), atom,
                             [](const Factor& x, AtomId id) { return x.atom < id; });
  if (it != factors.end() && it->atom == atom) {
    it->power += 2;
  } else {
    factors.insert(it, Factor{atom, 2});
  }
  return factors;
}

// sin²x + cos²x = 1 inside a sum: each pair a·sin²x·m + a·cos²x·m becomes a·m. Pairs with
// different coefficients are left alone: rewriting them would trade a subtraction for a product.
void apply_trig_identity(Context& ctx, std::vector<Term>& terms) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::size_t i = 0; i < terms.size() && !changed; ++i) {
      const std::vector<Factor> factors = ctx.monomial(terms[i].mono);
      for (const Factor& f : factors) {
        AtomId sin_atom;
        if (f.power < 2 || ctx.atom(f.atom).kind != AtomKind::cos ||
            !ctx.trig_partner(f.atom, sin_atom)) {
          continue;
        }
        const std::vector<Factor> rest = lower_power(factors, f.atom);
        const MonoId sin_mono = ctx.intern_monomial(with_square(rest, sin_atom));
        auto partner = std::find_if(terms.begin(), terms.end(),
                                    [&](const Term& t) { return t.mono == sin_mono; });
        if (partner == terms.end() || partner->coef != terms[i].coef) continue;
        const Term rest_term{terms[i].coef, ctx.intern_monomial(rest)};
        terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(i));
        std::erase_if(terms, [&](const Term& t) { return t.mono == sin_mono; });
        accumulate(ctx, terms, rest_term);
        changed = true;
        break;
      }
    }
  }
}

ScaledAtom as_scaled_atom(const Expr& x);

// The sum as one term ±t (t its temporary) when it has several terms.
std::vector<Term> as_single_term(Context& ctx, const std::vector<Term>& terms) {
  if (terms.size() <= 1) return terms;
  const ScaledAtom s = as_scaled_atom(make(ctx, terms));
  return {Term{s.coef, ctx.intern_monomial({Factor{s.atom, 1}})}};
}

// Sums that share monomials merge flat, so like terms combine and sin² + cos² pairs meet. Sums
// that share none are added as temporaries: a flat copy would repeat their additions wherever
// the operand is used again (the seed binds every matrix-operation result for the same reason).
Expr add(Context& ctx, const std::vector<Term>& a, const std::vector<Term>& b, double b_sign) {
  if (b.empty()) return make(ctx, a);
  std::vector<Term> terms = a;
  for (const Term& t : b) accumulate(ctx, terms, Term{b_sign * t.coef, t.mono});
  if (ctx.options().trig_identity) apply_trig_identity(ctx, terms);
  const bool disjoint = terms.size() == a.size() + b.size();
  if (disjoint && terms.size() > 2 && (a.size() > 1 || b.size() > 1)) {
    terms = as_single_term(ctx, a);
    for (const Term& t : as_single_term(ctx, b)) accumulate(ctx, terms, Term{b_sign * t.coef, t.mono});
  }
  return make(ctx, std::move(terms));
}

Expr scale(Context& ctx, const std::vector<Term>& terms, double factor) {
  if (factor == 0.0) return Expr(ctx, ctx.zero());
  std::vector<Term> scaled = terms;
  for (Term& t : scaled) t.coef *= factor;
  return make(ctx, std::move(scaled));
}

ScaledAtom as_scaled_atom(const Expr& x) {
  Context& ctx = x.context();
  const auto& terms = ctx.poly(x.id());
  if (terms.size() == 1 && terms[0].mono != Context::kUnitMonomial) {
    const auto& factors = ctx.monomial(terms[0].mono);
    if (factors.size() == 1 && factors[0].power == 1) return {terms[0].coef, factors[0].atom};
    // c·m is c times the temporary of the bare product m.
    return {terms[0].coef, ctx.temporary(make(ctx, {Term{1.0, terms[0].mono}}).id())};
  }
  // Reuse up to sign: the temporary holds the sum whose leading coefficient is positive. (Up to
  // scale as well would share more temporaries but costs a multiplication at every use.)
  const double sign = terms.front().coef < 0.0 ? -1.0 : 1.0;
  const PolyId definition = sign > 0.0 ? x.id() : scale(ctx, terms, -1.0).id();
  return {sign, ctx.temporary(definition)};
}

}  // namespace

Expr::Expr(double value) : Expr(constant(Context::current(), value)) {}

Expr Expr::input(InputRole role, const std::string& array, int index, const std::string& name,
                 Context& context) {
  return atom_expr(context, context.input(role, array, index, name));
}

bool Expr::is_constant() const {
  const auto& terms = context_->poly(id_);
  return terms.empty() || (terms.size() == 1 && terms[0].mono == Context::kUnitMonomial);
}

double Expr::constant_value() const {
  const auto& terms = context_->poly(id_);
  return is_constant() && !terms.empty() ? terms[0].coef : 0.0;
}

bool Expr::is_atom() const {
  const auto& terms = context_->poly(id_);
  if (terms.size() != 1 || terms[0].coef != 1.0) return false;
  const auto& factors = context_->monomial(terms[0].mono);
  return factors.size() == 1 && factors[0].power == 1;
}

Expr operator+(const Expr& a, const Expr& b) {
  return add(a.context(), a.context().poly(a.id()), b.context().poly(b.id()), 1.0);
}

Expr operator-(const Expr& a, const Expr& b) {
  return add(a.context(), a.context().poly(a.id()), b.context().poly(b.id()), -1.0);
}

Expr operator-(const Expr& a) { return scale(a.context(), a.context().poly(a.id()), -1.0); }

Expr operator*(const Expr& a, const Expr& b) {
  Context& ctx = a.context();
  // c·(x + y) with |c| ≠ 1 is c·t: one product, and t is shared with every other use of x + y
  // (scaling each term would repeat the products wherever the sum is scaled differently).
  const auto scaled = [&](const Expr& x, double c) {
    const auto& terms = ctx.poly(x.id());
    if (terms.size() >= 2 && std::abs(c) != 1.0) return scale(ctx, ctx.poly(bind(x).id()), c);
    return scale(ctx, terms, c);
  };
  if (a.is_constant()) return scaled(b, a.constant_value());
  if (b.is_constant()) return scaled(a, b.constant_value());
  // A sum that becomes a factor is bound to a temporary: (x+y)·z is t·z, never x·z + y·z.
  auto single_term = [&](const Expr& x) -> Term {
    const auto& terms = ctx.poly(x.id());
    if (terms.size() == 1) return terms[0];
    const ScaledAtom s = as_scaled_atom(x);
    return Term{s.coef, ctx.intern_monomial({Factor{s.atom, 1}})};
  };
  const Term ta = single_term(a);
  const Term tb = single_term(b);
  MonomialProduct product = multiply_monomials(ctx, ta.mono, tb.mono);
  Expr result = make(ctx, {Term{ta.coef * tb.coef, product.mono}});
  for (PolyId released : product.released) result = result * Expr(ctx, released);
  return result;
}

Expr reciprocal(const Expr& x) {
  Context& ctx = x.context();
  if (x.is_constant()) return Expr(ctx, constant(ctx, 1.0 / x.constant_value()).id());
  const ScaledAtom s = as_scaled_atom(x);
  // 1/(c·t) = (1/c)·recip(t): the division is by the temporary alone.
  const PolyId unit = atom_expr(ctx, s.atom).id();
  return atom_expr(ctx, ctx.function(AtomKind::recip, unit), 1.0 / s.coef);
}

Expr operator/(const Expr& a, const Expr& b) { return a * reciprocal(b); }

namespace {

// sin and cos of ±atan2(y, x) without evaluating either function: the angle's point (x, y) lies at
// radius r = sqrt(x² + y²), so sin(±atan2(y, x)) = ±y/r and cos(±atan2(y, x)) = x/r — one sqrt
// and one division, shared by the pair, instead of two calls (Options::trig_of_atan2). At x = y = 0,
// where atan2 picks the angle 0 of an undefined direction, both become NaN instead of 0 and 1.
struct TrigOfAtan2 {
  bool applies = false;
  Expr y, x, inverse_radius;
};

TrigOfAtan2 trig_of_atan2(Context& ctx, const ScaledAtom& s) {
  TrigOfAtan2 t;
  const Atom& a = ctx.atom(s.atom);
  if (!ctx.options().trig_of_atan2 || a.kind != AtomKind::atan2 || std::abs(s.coef) != 1.0) return t;
  t.applies = true;
  t.y = Expr(ctx, a.arg);
  t.x = Expr(ctx, a.arg2);
  t.inverse_radius = reciprocal(sqrt(t.x * t.x + t.y * t.y));
  return t;
}

}  // namespace

Expr sin(const Expr& x) {
  Context& ctx = x.context();
  if (x.is_constant()) return constant(ctx, std::sin(x.constant_value()));
  const ScaledAtom s = as_scaled_atom(x);
  if (const TrigOfAtan2 t = trig_of_atan2(ctx, s); t.applies) return s.coef * t.y * t.inverse_radius;
  const Expr arg = atom_expr(ctx, s.atom, std::abs(s.coef));
  // sin(−y) = −sin(y)
  return atom_expr(ctx, ctx.function(AtomKind::sin, arg.id()), s.coef < 0.0 ? -1.0 : 1.0);
}

Expr cos(const Expr& x) {
  Context& ctx = x.context();
  if (x.is_constant()) return constant(ctx, std::cos(x.constant_value()));
  const ScaledAtom s = as_scaled_atom(x);
  if (const TrigOfAtan2 t = trig_of_atan2(ctx, s); t.applies) return t.x * t.inverse_radius;
  // cos(−y) = cos(y)
  const Expr arg = atom_expr(ctx, s.atom, std::abs(s.coef));
  return atom_expr(ctx, ctx.function(AtomKind::cos, arg.id()));
}

Expr sqrt(const Expr& x) {
  Context& ctx = x.context();
  if (x.is_constant()) {
    if (x.constant_value() < 0.0) {
      throw std::domain_error("sqrt of negative constant " + std::to_string(x.constant_value()));
    }
    return constant(ctx, std::sqrt(x.constant_value()));
  }
  return atom_expr(ctx, ctx.function(AtomKind::sqrt, x.id()));
}

Expr sign(const Expr& x) {
  Context& ctx = x.context();
  if (x.is_constant()) return constant(ctx, x.constant_value() < 0.0 ? -1.0 : 1.0);
  return atom_expr(ctx, ctx.function(AtomKind::sign, x.id()));
}

Expr atan2(const Expr& y, const Expr& x) {
  Context& ctx = x.context();
  if (y.is_constant() && x.is_constant()) return constant(ctx, std::atan2(y.constant_value(), x.constant_value()));
  return atom_expr(ctx, ctx.atan2(y.id(), x.id()));
}

Expr bind(const Expr& x) {
  Context& ctx = x.context();
  const auto& terms = ctx.poly(x.id());
  if (terms.size() <= 1) {
    if (terms.empty() || terms[0].mono == Context::kUnitMonomial) return x;
    if (ctx.monomial(terms[0].mono).size() == 1 && ctx.monomial(terms[0].mono)[0].power == 1) {
      return x;
    }
  }
  const ScaledAtom s = as_scaled_atom(x);
  return atom_expr(ctx, s.atom, s.coef);
}

std::string to_string(const Expr& x) {
  Context& ctx = x.context();
  std::ostringstream out;
  out.precision(17);
  auto atom_name = [&](AtomId id) -> std::string {
    const Atom& a = ctx.atom(id);
    switch (a.kind) {
      case AtomKind::input: return a.name;
      case AtomKind::temp: return "t" + std::to_string(id);
      case AtomKind::sin: return "sin(" + to_string(Expr(ctx, a.arg)) + ")";
      case AtomKind::cos: return "cos(" + to_string(Expr(ctx, a.arg)) + ")";
      case AtomKind::sqrt: return "sqrt(" + to_string(Expr(ctx, a.arg)) + ")";
      case AtomKind::recip: return "1/(" + to_string(Expr(ctx, a.arg)) + ")";
      case AtomKind::sign: return "sign(" + to_string(Expr(ctx, a.arg)) + ")";
      case AtomKind::atan2:
        return "atan2(" + to_string(Expr(ctx, a.arg)) + ", " + to_string(Expr(ctx, a.arg2)) + ")";
    }
    return "?";
  };
  const auto& terms = ctx.poly(x.id());
  if (terms.empty()) return "0";
  bool first = true;
  for (const Term& t : terms) {
    const auto& factors = ctx.monomial(t.mono);
    double c = t.coef;
    if (!first) {
      out << (c < 0 ? " - " : " + ");
      c = std::abs(c);
    }
    first = false;
    if (factors.empty() || c != 1.0) {
      if (c == -1.0 && !factors.empty()) {
        out << "-";
      } else {
        out << c;
        if (!factors.empty()) out << "*";
      }
    }
    for (std::size_t i = 0; i < factors.size(); ++i) {
      if (i > 0) out << "*";
      out << atom_name(factors[i].atom);
      if (factors[i].power > 1) out << "^" << factors[i].power;
    }
  }
  return out.str();
}

}  // namespace dyngen::engine
