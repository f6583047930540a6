#include "ginac_bridge.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace dyngen::engine {

const GiNaC::symbol& GinacBridge::symbol_for(const std::string& name) {
  auto it = symbols_.find(name);
  if (it == symbols_.end()) it = symbols_.emplace(name, GiNaC::symbol(name)).first;
  return it->second;
}

GiNaC::ex GinacBridge::convert(const Expr& x) {
  const Context& ctx = x.context();
  // Atoms in creation order depend only on earlier atoms, so converting every atom the poly
  // reaches in ascending id order never recurses.
  std::vector<std::uint32_t> pending;
  std::vector<PolyId> polys{x.id()};
  std::vector<bool> seen(ctx.atom_count(), false);
  while (!polys.empty()) {
    const PolyId p = polys.back();
    polys.pop_back();
    for (const Term& t : ctx.poly(p)) {
      for (const Factor& f : ctx.monomial(t.mono)) {
        if (seen[f.atom] || atom_cache_.contains({&ctx, f.atom})) continue;
        seen[f.atom] = true;
        pending.push_back(f.atom);
        if (ctx.atom(f.atom).kind != AtomKind::input) polys.push_back(ctx.atom(f.atom).arg);
        if (ctx.atom(f.atom).kind == AtomKind::atan2) polys.push_back(ctx.atom(f.atom).arg2);
      }
    }
  }
  std::sort(pending.begin(), pending.end());
  auto poly_to_ex = [&](PolyId p) {
    GiNaC::ex sum = 0;
    for (const Term& t : ctx.poly(p)) {
      GiNaC::ex product = GiNaC::numeric(t.coef);
      for (const Factor& f : ctx.monomial(t.mono)) {
        product *= GiNaC::pow(atom_cache_.at({&ctx, f.atom}), static_cast<int>(f.power));
      }
      sum += product;
    }
    return sum;
  };
  for (std::uint32_t id : pending) {
    const Atom& a = ctx.atom(id);
    GiNaC::ex value;
    switch (a.kind) {
      case AtomKind::input: value = symbol_for(a.name); break;
      case AtomKind::temp: value = poly_to_ex(a.arg); break;
      case AtomKind::sin: value = GiNaC::sin(poly_to_ex(a.arg)); break;
      case AtomKind::cos: value = GiNaC::cos(poly_to_ex(a.arg)); break;
      case AtomKind::sqrt: value = GiNaC::sqrt(poly_to_ex(a.arg)); break;
      case AtomKind::recip: value = 1 / poly_to_ex(a.arg); break;
      case AtomKind::sign: value = GiNaC::csgn(poly_to_ex(a.arg)); break;
      case AtomKind::atan2: value = GiNaC::atan2(poly_to_ex(a.arg), poly_to_ex(a.arg2)); break;
    }
    atom_cache_.emplace(std::make_pair(&ctx, id), value);
  }
  return poly_to_ex(x.id());
}

Expr from_ginac(const GiNaC::ex& e, const std::map<std::string, Expr>& symbols) {
  if (GiNaC::is_a<GiNaC::numeric>(e)) {
    const GiNaC::numeric& n = GiNaC::ex_to<GiNaC::numeric>(e);
    if (!n.is_real()) throw std::invalid_argument("complex constant in expression");
    return Expr(n.to_double());
  }
  if (GiNaC::is_a<GiNaC::symbol>(e)) {
    const std::string name = GiNaC::ex_to<GiNaC::symbol>(e).get_name();
    auto it = symbols.find(name);
    if (it == symbols.end()) throw std::invalid_argument("unknown symbol " + name);
    return it->second;
  }
  if (GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e)) {
    const bool sum = GiNaC::is_a<GiNaC::add>(e);
    Expr result(sum ? 0.0 : 1.0);
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const Expr term = from_ginac(e.op(i), symbols);
      result = sum ? result + term : result * term;
    }
    return result;
  }
  if (GiNaC::is_a<GiNaC::power>(e)) {
    const Expr base = from_ginac(e.op(0), symbols);
    const GiNaC::ex exponent = e.op(1);
    if (exponent.is_equal(GiNaC::numeric(1, 2))) return sqrt(base);
    if (exponent.is_equal(GiNaC::numeric(-1, 2))) return reciprocal(sqrt(base));
    if (GiNaC::is_a<GiNaC::numeric>(exponent) && GiNaC::ex_to<GiNaC::numeric>(exponent).is_integer()) {
      const int k = GiNaC::ex_to<GiNaC::numeric>(exponent).to_int();
      Expr result(1.0);
      for (int i = 0; i < std::abs(k); ++i) result = result * base;
      return k < 0 ? reciprocal(result) : result;
    }
    throw std::invalid_argument("unsupported power in expression");
  }
  if (GiNaC::is_a<GiNaC::function>(e)) {
    const std::string name = GiNaC::ex_to<GiNaC::function>(e).get_name();
    if (name == "sin") return sin(from_ginac(e.op(0), symbols));
    if (name == "cos") return cos(from_ginac(e.op(0), symbols));
  }
  std::ostringstream text;
  text << e;
  throw std::invalid_argument("unsupported expression " + text.str());
}

bool equivalent(const GiNaC::ex& a, const GiNaC::ex& b,
                const std::map<std::string, GiNaC::symbol>& symbols, int samples) {
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  for (int s = 0; s < samples; ++s) {
    GiNaC::exmap at;
    for (const auto& [name, sym] : symbols) at[sym] = uniform(rng);
    const GiNaC::ex va = GiNaC::evalf(a.subs(at));
    const GiNaC::ex vb = GiNaC::evalf(b.subs(at));
    if (!GiNaC::is_a<GiNaC::numeric>(va) || !GiNaC::is_a<GiNaC::numeric>(vb)) return false;
    const double x = GiNaC::ex_to<GiNaC::numeric>(va).to_double();
    const double y = GiNaC::ex_to<GiNaC::numeric>(vb).to_double();
    if (std::abs(x - y) > 1e-10 * std::max({1.0, std::abs(x), std::abs(y)})) return false;
  }
  return true;
}

}  // namespace dyngen::engine
