#include "ginac_bridge.hpp"

#include <algorithm>
#include <cmath>
#include <random>
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
    }
    atom_cache_.emplace(std::make_pair(&ctx, id), value);
  }
  return poly_to_ex(x.id());
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
