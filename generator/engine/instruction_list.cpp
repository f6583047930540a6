#include "instruction_list.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace dyngen::engine {

namespace {

struct InstructionKey {
  Op op;
  int a, b;
  std::uint64_t value;
  std::string array;
  int index;
  bool operator==(const InstructionKey&) const = default;
};

struct InstructionKeyHash {
  std::size_t operator()(const InstructionKey& k) const {
    std::size_t h = static_cast<std::size_t>(k.op);
    for (std::size_t v : {static_cast<std::size_t>(k.a), static_cast<std::size_t>(k.b),
                          static_cast<std::size_t>(k.value), std::hash<std::string>{}(k.array),
                          static_cast<std::size_t>(k.index)}) {
      h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    }
    return h;
  }
};

// The terms of -P.
std::vector<Term> opposite(const std::vector<Term>& terms) {
  std::vector<Term> negated = terms;
  for (Term& t : negated) t.coef = -t.coef;
  return negated;
}

// |c|·m: a coefficient magnitude and a monomial.
using ScaledMonomial = std::pair<double, MonoId>;

// An atom's or a monomial's value: instruction `id` holds it, or its negation when `negated`.
struct Signed {
  int id;
  bool negated = false;
};

class Flattener {
 public:
  explicit Flattener(Context& ctx) : ctx_(ctx) {}

  int value_of(PolyId root) {
    // Post-order over polys and atoms with an explicit stack: the DAG is never walked as a tree
    // and deep recursions cannot overflow the call stack.
    struct Frame {
      bool is_atom;
      std::uint32_t id;
      bool expanded;
    };
    std::vector<Frame> stack{{false, root, false}};
    while (!stack.empty()) {
      Frame frame = stack.back();
      stack.pop_back();
      if (frame.is_atom ? atom_value_.contains(frame.id) : poly_value_.contains(frame.id)) continue;
      if (frame.expanded) {
        if (frame.is_atom) {
          atom_value_[frame.id] = emit_atom(frame.id);
        } else {
          poly_value_[frame.id] = emit_poly(frame.id);
        }
        continue;
      }
      stack.push_back({frame.is_atom, frame.id, true});
      if (frame.is_atom) {
        const Atom& atom = ctx_.atom(frame.id);
        if (atom.kind == AtomKind::temp && negated_temps_.contains(frame.id)) {
          stack.push_back({false, negated_definitions_.at(frame.id), false});
        } else if (atom.kind != AtomKind::input) {
          stack.push_back({false, atom.arg, false});
          if (atom.kind == AtomKind::atan2) stack.push_back({false, atom.arg2, false});
        }
      } else {
        for (const Term& term : ctx_.poly(frame.id)) {
          for (const Factor& f : ctx_.monomial(term.mono)) stack.push_back({true, f.atom, false});
        }
      }
    }
    return poly_value_.at(root);
  }

  // One pass over the reachable polys (each visited once) for the choices of emission: which
  // polys are reachable (the sums computed anyway, for partial sums), which polys use each
  // temporary (negated temporaries), how many polys use each monomial (factoring and scaled
  // products only pay for monomials no other poly needs), how many monomials of degree three or
  // more contain each product of all their factors but one (a product is built from the part
  // most others share), and how many lone scaled terms c·m contain each c·(m without one factor).
  void survey(const std::vector<PolyId>& roots) {
    roots_.insert(roots.begin(), roots.end());
    std::vector<PolyId> pending = roots;
    std::unordered_set<MonoId> counted;
    std::set<ScaledMonomial> counted_scaled;
    while (!pending.empty()) {
      const PolyId p = pending.back();
      pending.pop_back();
      if (!reachable_.insert(p).second) continue;
      const auto& terms = ctx_.poly(p);
      // terms per coefficient magnitude (emit_poly's groups)
      std::unordered_map<double, int> group_size;
      for (const Term& t : terms)
        if (t.mono != Context::kUnitMonomial) ++group_size[std::abs(t.coef)];
      for (const Term& t : terms) {
        const auto& factors = ctx_.monomial(t.mono);
        for (const Factor& f : factors) {
          if (ctx_.atom(f.atom).kind != AtomKind::input) pending.push_back(ctx_.atom(f.atom).arg);
          if (ctx_.atom(f.atom).kind == AtomKind::atan2) pending.push_back(ctx_.atom(f.atom).arg2);
          if (ctx_.atom(f.atom).kind == AtomKind::temp) {
            // p's terms are visited together, so a repeat of p is the last entry
            std::vector<PolyId>& polys = consumers_[f.atom];
            if (polys.empty() || polys.back() != p) polys.push_back(p);
          }
        }
        ++mono_uses_[t.mono];
        const double magnitude = std::abs(t.coef);
        // alone in its coefficient group of emit_poly
        const bool lone = t.mono != Context::kUnitMonomial && group_size[magnitude] == 1;
        if (magnitude != 1.0 && lone && degree(factors) >= 2 && counted_scaled.insert({magnitude, t.mono}).second) {
          for (std::size_t k = 0; k < factors.size(); ++k) ++scaled_partial_uses_[{magnitude, without(t.mono, k)}];
        }
        if (degree(factors) < 3 || !counted.insert(t.mono).second) continue;
        for (std::size_t k = 0; k < factors.size(); ++k) ++partial_uses_[without(t.mono, k)];
      }
    }
  }

  // Whether the sum P would start negative (and cost a negation) with the temporaries chosen so
  // far held negated, and `also` when `with_also`.
  bool all_negative(PolyId p, AtomId also, bool with_also) const {
    return std::all_of(ctx_.poly(p).begin(), ctx_.poly(p).end(), [&](const Term& t) {
      bool sign = t.coef < 0.0;
      for (const Factor& f : ctx_.monomial(t.mono))
        if (f.power % 2 == 1 && ((with_also && f.atom == also) || negated_temps_.contains(f.atom))) sign = !sign;
      return sign;
    });
  }

  // Temporaries to hold negated (after survey): those whose definition D has a negative term (so
  // -D costs what D costs) and which an output needs as -D (computed once instead of D and -D)
  // or as -t (no negation then), unless more sums using t would then start negative than stop
  // doing so; never when an output needs D or t itself.
  void choose_negated_temps() {
    const auto root_with = [&](std::vector<Term> terms) {
      PolyId id;
      return ctx_.find_poly(terms, id) && roots_.contains(id);
    };
    std::vector<AtomId> ordered;
    for (const auto& [temp, polys] : consumers_) ordered.push_back(temp);
    std::sort(ordered.begin(), ordered.end());
    for (AtomId t : ordered) {
      const PolyId definition = ctx_.atom(t).arg;
      const auto& terms = ctx_.poly(definition);
      const MonoId alone = ctx_.intern_monomial({Factor{t, 1}});
      if (roots_.contains(definition) || root_with({Term{1.0, alone}})) continue;
      std::vector<Term> negated = opposite(terms);
      const bool negative_term = std::any_of(terms.begin(), terms.end(), [](const Term& x) { return x.coef < 0.0; });
      if (!negative_term || !(root_with(negated) || root_with({Term{-1.0, alone}}))) continue;
      // the output's saving against the sums that would start (or stop starting) negative
      int saving = 1;
      for (PolyId p : consumers_.at(t)) saving += (all_negative(p, t, false) ? 1 : 0) - (all_negative(p, t, true) ? 1 : 0);
      if (saving <= 0) continue;
      const PolyId source = ctx_.intern_poly(std::move(negated));
      negated_temps_.insert(t);
      negated_definitions_[t] = source;
      negated_sources_.insert(source);
    }
  }

  // Sums computed anyway (after choose_negated_temps: -D in place of a negated temporary's D),
  // listed under their lowest monomial: the candidates P of emit_from_partial_sum.
  void index_computed_sums() {
    std::unordered_set<PolyId> replaced;
    for (const auto& [temp, source] : negated_definitions_) replaced.insert(ctx_.atom(temp).arg);
    std::vector<PolyId> computed;
    for (PolyId p : reachable_) {
      if (!replaced.contains(p)) computed.push_back(p);
    }
    computed.insert(computed.end(), negated_sources_.begin(), negated_sources_.end());
    std::sort(computed.begin(), computed.end());
    for (PolyId p : computed) {
      if (ctx_.poly(p).size() < 2) continue;
      sums_by_lowest_monomial_[ctx_.poly(p).front().mono].push_back(p);
    }
  }

  std::vector<Instruction> take() { return std::move(instructions_); }

 private:
  static std::uint32_t degree(const std::vector<Factor>& factors) {
    std::uint32_t d = 0;
    for (const Factor& f : factors) d += f.power;
    return d;
  }

  // 1 + the factor k of `mono` for which c·(mono without k) is shared by most reachable terms
  // (at least two), 0 when none is or another poly needs `mono` itself.
  std::size_t shared_scaled_partial(double magnitude, MonoId mono) {
    const auto& factors = ctx_.monomial(mono);
    if (degree(factors) < 2 || mono_uses_[mono] > 1) return 0;
    std::size_t best = 0;
    int most = 1;
    for (std::size_t k = 0; k < factors.size(); ++k) {
      const auto it = scaled_partial_uses_.find({magnitude, without(mono, k)});
      if (it != scaled_partial_uses_.end() && it->second > most) best = k + 1, most = it->second;
    }
    return best;
  }

  // The monomial without one power of its factor k.
  MonoId without(MonoId id, std::size_t k) {
    std::vector<Factor> rest = ctx_.monomial(id);
    if (--rest[k].power == 0) rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(k));
    return ctx_.intern_monomial(std::move(rest));
  }

  int push(Instruction instruction) {
    if (instruction.op == Op::add || instruction.op == Op::mul) {
      if (instruction.a > instruction.b) std::swap(instruction.a, instruction.b);
    }
    InstructionKey key{instruction.op, instruction.a, instruction.b,
                       std::bit_cast<std::uint64_t>(instruction.value), instruction.array,
                       instruction.index};
    const bool shared = ctx_.options().dedup || instruction.op == Op::constant ||
                        instruction.op == Op::input;
    if (shared) {
      if (auto it = index_.find(key); it != index_.end()) return it->second;
    }
    const int id = static_cast<int>(instructions_.size());
    instructions_.push_back(std::move(instruction));
    if (shared) index_.emplace(std::move(key), id);
    return id;
  }

  int constant(double v) { return push({Op::constant, -1, -1, v}); }
  int binary(Op op, int a, int b) { return push({op, a, b}); }

  Signed emit_atom(AtomId id) {
    const Atom& atom = ctx_.atom(id);
    switch (atom.kind) {
      case AtomKind::input: {
        Instruction in{Op::input};
        in.array = atom.array;
        in.index = atom.index;
        in.role = atom.role;
        return {push(in)};
      }
      case AtomKind::temp:
        if (negated_temps_.contains(id)) return {poly_value_.at(negated_definitions_.at(id)), true};
        return {poly_value_.at(atom.arg)};
      case AtomKind::sin: return {push({Op::sin, poly_value_.at(atom.arg)})};
      case AtomKind::cos: return {push({Op::cos, poly_value_.at(atom.arg)})};
      case AtomKind::sqrt: return {push({Op::sqrt, poly_value_.at(atom.arg)})};
      case AtomKind::recip: return {binary(Op::div, constant(1.0), poly_value_.at(atom.arg))};
      case AtomKind::sign: return {push({Op::sign, poly_value_.at(atom.arg)})};
      case AtomKind::atan2: return {binary(Op::atan2, poly_value_.at(atom.arg), poly_value_.at(atom.arg2))};
    }
    throw std::logic_error("flatten: unknown atom kind");
  }

  // A product of two signed values.
  Signed multiply(Signed a, Signed b) { return {binary(Op::mul, a.id, b.id), a.negated != b.negated}; }

  // A part of a monomial (a sub-multiset of its factors) that is computed already: an atom, or a
  // monomial emitted before.
  bool computed(const std::vector<Factor>& part) {
    if (part.size() == 1 && part[0].power == 1) return true;
    MonoId id;
    return ctx_.find_monomial(part, id) && mono_value_.contains(id);
  }

  // m = A·B with A computed and B computed or cheapest to finish (L_ij·x_j of an LTDL solve is
  // (a·1/D)·(y·1/D') from two products that exist); false when no split beats building m anew.
  bool split_at_computed_part(const std::vector<Factor>& factors, std::vector<Factor>& a, std::vector<Factor>& b) {
    std::vector<AtomId> atoms;
    for (const Factor& f : factors) atoms.insert(atoms.end(), f.power, f.atom);
    const std::size_t d = atoms.size();
    if (d < 3 || d > 12) return false;
    const auto part = [&](unsigned mask) {
      std::vector<Factor> out;
      for (std::size_t i = 0; i < d; ++i) {
        if (!(mask & (1u << i))) continue;
        if (!out.empty() && out.back().atom == atoms[i]) {
          ++out.back().power;
        } else {
          out.push_back({atoms[i], 1});
        }
      }
      return out;
    };
    std::size_t best_cost = d - 1;  // multiplications without reuse
    for (unsigned mask = 1; mask + 1 < (1u << d); ++mask) {
      const auto size = static_cast<std::size_t>(std::popcount(mask));
      if (size < 2) continue;
      std::vector<Factor> first = part(mask);
      if (!computed(first)) continue;
      std::vector<Factor> rest = part(((1u << d) - 1) & ~mask);
      const std::size_t cost = computed(rest) ? 1 : d - size;
      if (cost < best_cost) best_cost = cost, a = std::move(first), b = std::move(rest);
    }
    return best_cost < d - 1;
  }

  // A product of atoms m = d·(m/d), where d is m without one factor: a d already computed (c² of
  // c²·I₁ once c² exists) or m split into parts computed already, else the d most other monomials
  // contain (L_ki·(1/D_k) of every L_ki·L_kj·(1/D_k) of an LTDL update), else m without its last
  // factor, so that monomials that begin alike share their prefix products.
  Signed emit_monomial(MonoId id) {
    if (auto it = mono_value_.find(id); it != mono_value_.end()) return it->second;
    const auto& factors = ctx_.monomial(id);
    Signed value;
    std::vector<Factor> computed_part, other_part;
    if (factors.size() == 1 && factors[0].power == 1) {
      value = atom_value_.at(factors[0].atom);
    } else if (split_at_computed_part(factors, computed_part, other_part)) {
      const Signed first = emit_monomial(ctx_.intern_monomial(std::move(computed_part)));
      value = multiply(first, emit_monomial(ctx_.intern_monomial(std::move(other_part))));
    } else {
      std::size_t drop = factors.size();
      for (std::size_t k = 0; k < factors.size() && drop == factors.size(); ++k) {
        if (mono_value_.contains(without(id, k))) drop = k;
      }
      if (drop == factors.size()) {
        drop = factors.size() - 1;
        int most = 1;
        for (std::size_t k = 0; k < factors.size(); ++k) {
          const auto it = partial_uses_.find(without(id, k));
          if (it != partial_uses_.end() && it->second > most) drop = k, most = it->second;
        }
      }
      value = multiply(emit_monomial(without(id, drop)), atom_value_.at(factors[drop].atom));
    }
    mono_value_[id] = value;
    return value;
  }

  // Optional factoring a·b + a·c → a·(b + c) by the atom common to most terms whose monomials no
  // other poly uses (at least two such terms, so at least one multiplication is saved); returns
  // -1 when there is no such atom.
  int emit_factored(const std::vector<Term>& terms) {
    std::map<AtomId, int> uses;
    for (const Term& t : terms) {
      if (mono_uses_[t.mono] != 1) continue;
      for (const Factor& f : ctx_.monomial(t.mono)) ++uses[f.atom];
    }
    AtomId common = 0;
    int most = 1;
    for (const auto& [atom, count] : uses) {
      if (count > most) common = atom, most = count;
    }
    if (most < 2) return -1;
    std::vector<Term> quotient, rest;
    for (const Term& t : terms) {
      const auto& factors = ctx_.monomial(t.mono);
      auto it = std::find_if(factors.begin(), factors.end(),
                             [&](const Factor& f) { return f.atom == common; });
      if (it == factors.end() || mono_uses_[t.mono] != 1) {
        rest.push_back(t);
        continue;
      }
      std::vector<Factor> reduced = factors;
      auto r = reduced.begin() + (it - factors.begin());
      if (--r->power == 0) reduced.erase(r);
      quotient.push_back(Term{t.coef, ctx_.intern_monomial(std::move(reduced))});
    }
    std::sort(quotient.begin(), quotient.end(),
              [](const Term& a, const Term& b) { return a.mono < b.mono; });
    const Signed product = multiply(atom_value_.at(common), {emit_poly(ctx_.intern_poly(std::move(quotient)))});
    if (rest.empty()) return product.negated ? push({Op::neg, product.id}) : product.id;
    return binary(product.negated ? Op::sub : Op::add, emit_poly(ctx_.intern_poly(std::move(rest))), product.id);
  }

  // Operations emit_poly spends on the additions and coefficient products of `terms` (their
  // monomials aside): one per term after the first, one per coefficient magnitude other than 1,
  // one negation when every term is negative and no coefficient product can take the sign.
  static int sum_cost(const std::vector<Term>& terms) {
    if (terms.empty()) return 0;
    std::set<double> magnitudes;
    bool all_negative = true;
    for (const Term& t : terms) {
      if (t.mono != Context::kUnitMonomial && std::abs(t.coef) != 1.0) magnitudes.insert(std::abs(t.coef));
      if (t.coef > 0.0) all_negative = false;
    }
    return static_cast<int>(terms.size() - 1 + magnitudes.size()) + (all_negative && magnitudes.empty() ? 1 : 0);
  }

  // S = k·P + R with P a sum computed anyway whose monomials all occur in S, and k the ratio
  // S/P shared by most of P's terms, which cancel in R: 2·a·b − c = (a·b − c) + a·b (the
  // 2·ω×v of a Coriolis term beside ω×v − a), and S = −P, one negation, when −S is computed
  // anyway (temporaries hold the sign with a positive leading term). Taken when one addition
  // (and the product k·P when |k| ≠ 1) plus R's operations beat S's own; returns -1 otherwise.
  int emit_from_partial_sum(PolyId id) {
    const auto& terms = ctx_.poly(id);
    if (terms.size() < 2) return -1;
    int best_cost = sum_cost(terms);
    PolyId best = id;
    double best_k = 0.0;
    std::vector<Term> best_rest;
    std::vector<std::pair<double, int>> ratios;  // the distinct S/P of P's terms, and how many share each
    std::vector<Term> rest;
    // P's lowest monomial is one of S's, so each candidate is met once
    for (const Term& t : terms) {
      const auto candidates = sums_by_lowest_monomial_.find(t.mono);
      if (candidates == sums_by_lowest_monomial_.end()) continue;
      for (PolyId p : candidates->second) {
        const auto& part = ctx_.poly(p);
        if (p == id || part.size() > terms.size() || in_progress_.contains(p)) continue;
        // both term lists are sorted by monomial: P's monomials all in S, walked together
        ratios.clear();
        auto s_term = terms.begin();
        bool inside = true;
        for (const Term& u : part) {
          while (s_term != terms.end() && s_term->mono < u.mono) ++s_term;
          if (s_term == terms.end() || s_term->mono != u.mono) {
            inside = false;
            break;
          }
          const double ratio = s_term->coef / u.coef;
          auto r = std::find_if(ratios.begin(), ratios.end(), [&](const auto& e) { return e.first == ratio; });
          if (r == ratios.end()) {
            ratios.push_back({ratio, 1});
          } else {
            ++r->second;
          }
        }
        if (!inside) continue;
        // the ratio most terms share (the smaller of equals)
        const double k = std::min_element(ratios.begin(), ratios.end(), [](const auto& a, const auto& b) {
                           return a.second != b.second ? a.second > b.second : a.first < b.first;
                         })->first;
        rest.clear();
        auto u = part.begin();
        for (const Term& s_t : terms) {
          if (u == part.end() || u->mono != s_t.mono) {
            rest.push_back(s_t);
            continue;
          }
          if (s_t.coef / u->coef != k) rest.push_back(Term{s_t.coef - k * u->coef, s_t.mono});
          ++u;
        }
        const int product = std::abs(k) == 1.0 ? 0 : 1;
        const int cost = rest.empty() ? (k == -1.0 ? 1 : product) : 1 + product + sum_cost(rest);
        if (cost < best_cost) best_cost = cost, best = p, best_k = k, best_rest = rest;
      }
    }
    if (best == id) return -1;
    if (!poly_value_.contains(best)) poly_value_[best] = emit_poly(best);
    int scaled = poly_value_.at(best);
    if (std::abs(best_k) != 1.0) scaled = binary(Op::mul, constant(std::abs(best_k)), scaled);
    if (best_rest.empty()) return best_k < 0.0 ? push({Op::neg, scaled}) : scaled;
    const int rest_value = emit_poly(ctx_.intern_poly(std::move(best_rest)));
    return binary(best_k < 0.0 ? Op::sub : Op::add, rest_value, scaled);
  }

  // Σ cᵢ·mᵢ with additions and subtractions. Terms sharing a coefficient magnitude |c| ≠ 1 are
  // summed first and multiplied once: c·m₁ − c·m₂ = c·(m₁ − m₂), one multiplication per group.
  int emit_poly(PolyId id) {
    in_progress_.insert(id);
    const int value = emit_sum(id);
    in_progress_.erase(id);
    return value;
  }

  int emit_sum(PolyId id) {
    const auto& terms = ctx_.poly(id);
    if (terms.empty()) return constant(0.0);
    if (const int from_partial = emit_from_partial_sum(id); from_partial >= 0) return from_partial;
    if (ctx_.options().factoring) {
      if (const int factored = emit_factored(terms); factored >= 0) return factored;
    }
    struct Group {
      double magnitude;
      std::vector<const Term*> members;
    };
    std::vector<Group> groups;
    for (const Term& t : terms) {
      const double magnitude = t.mono == Context::kUnitMonomial ? 1.0 : std::abs(t.coef);
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const Group& g) { return g.magnitude == magnitude; });
      if (it == groups.end() || magnitude == 1.0) {
        groups.push_back({magnitude, {&t}});
      } else {
        it->members.push_back(&t);
      }
    }
    struct Part {
      int value;
      bool negative;
    };
    // A signed sum of monomials; the sign of the result is returned separately so that an
    // all-negative sum costs no negation.
    auto signed_sum = [&](const std::vector<const Term*>& members) -> Part {
      // each term's value and whether it enters negatively (its coefficient's sign and its
      // monomial's, a negated temporary's)
      std::vector<Part> values;
      for (const Term* t : members) {
        if (t->mono == Context::kUnitMonomial) {
          values.push_back({constant(std::abs(t->coef)), t->coef < 0.0});
        } else {
          const Signed m = emit_monomial(t->mono);
          values.push_back({m.id, (t->coef < 0.0) != m.negated});
        }
      }
      auto lead = std::find_if(values.begin(), values.end(), [](const Part& v) { return !v.negative; });
      const bool negative = lead == values.end();
      if (negative) lead = values.begin();
      int acc = lead->value;
      for (auto v = values.begin(); v != values.end(); ++v) {
        if (v == lead) continue;
        acc = binary(v->negative != negative ? Op::sub : Op::add, acc, v->value);
      }
      return {acc, negative};
    };
    // A lone c·x·m whose c·m other terms share is (c·m)·x: one multiplication once c·m exists
    // (c/D_k·L_ki of every update in an LTDL column with a constant pivot D_k).
    std::vector<bool> prescaled(groups.size(), false);
    std::vector<Part> sums;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const Term& lone = *groups[g].members.front();
      const std::size_t k = groups[g].members.size() == 1 && groups[g].magnitude != 1.0
                                ? shared_scaled_partial(groups[g].magnitude, lone.mono)
                                : 0;
      if (k == 0) {
        sums.push_back(signed_sum(groups[g].members));
        continue;
      }
      const Signed rest = emit_monomial(without(lone.mono, k - 1));
      const Signed scaled_rest{binary(Op::mul, constant(groups[g].magnitude), rest.id), rest.negated};
      const Signed product = multiply(scaled_rest, atom_value_.at(ctx_.monomial(lone.mono)[k - 1].atom));
      sums.push_back({product.id, (lone.coef < 0.0) != product.negated});
      prescaled[g] = true;
    }
    // An all-negative poly folds its sign into a coefficient product where it has one, else
    // costs one negation.
    const bool all_negative =
        std::all_of(sums.begin(), sums.end(), [](const Part& p) { return p.negative; });
    std::size_t sign_carrier = groups.size();
    for (std::size_t g = 0; all_negative && g < groups.size(); ++g) {
      if (groups[g].magnitude != 1.0 && !prescaled[g]) sign_carrier = g;
    }
    std::vector<Part> parts;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      Part p = sums[g];
      if (groups[g].magnitude != 1.0 && !prescaled[g]) {
        const bool carries_sign = g == sign_carrier;
        p.value = binary(Op::mul, constant(carries_sign ? -groups[g].magnitude : groups[g].magnitude),
                         p.value);
        if (carries_sign) p.negative = false;
      }
      parts.push_back(p);
    }
    auto lead = std::find_if(parts.begin(), parts.end(), [](const Part& p) { return !p.negative; });
    int acc;
    if (lead != parts.end()) {
      acc = lead->value;
    } else {
      lead = parts.begin();
      acc = push({Op::neg, lead->value});
    }
    for (auto p = parts.begin(); p != parts.end(); ++p) {
      if (p != lead) acc = binary(p->negative ? Op::sub : Op::add, acc, p->value);
    }
    return acc;
  }

  Context& ctx_;
  std::vector<Instruction> instructions_;
  std::unordered_map<InstructionKey, int, InstructionKeyHash> index_;
  std::unordered_map<std::uint32_t, int> poly_value_;
  std::unordered_map<std::uint32_t, Signed> atom_value_;
  std::unordered_map<MonoId, Signed> mono_value_;
  // Temporaries held negated: an output needs -D of their definition D, and D itself no poly
  // needs, so -D is computed once and every product of the temporary takes the sign.
  std::unordered_set<AtomId> negated_temps_;
  std::unordered_map<AtomId, PolyId> negated_definitions_;  // temporary -> -D
  std::unordered_set<PolyId> negated_sources_;               // the -D polys
  std::unordered_set<PolyId> roots_;                         // the outputs
  std::unordered_map<AtomId, std::vector<PolyId>> consumers_;  // reachable polys using each, once
  std::unordered_map<MonoId, int> mono_uses_;
  std::unordered_map<MonoId, int> partial_uses_;
  std::map<ScaledMonomial, int> scaled_partial_uses_;
  std::unordered_set<PolyId> reachable_;
  std::unordered_map<MonoId, std::vector<PolyId>> sums_by_lowest_monomial_;  // computed sums
  std::unordered_set<PolyId> in_progress_;  // sums being emitted (a sum never waits on itself)
};

}  // namespace

InstructionList flatten(const std::vector<NamedOutput>& outputs) {
  Context* ctx = nullptr;
  for (const auto& output : outputs) {
    for (const Expr& e : output.elements) {
      if (ctx != nullptr && &e.context() != ctx) {
        throw std::invalid_argument("flatten: outputs belong to different contexts");
      }
      ctx = &e.context();
    }
  }
  if (ctx == nullptr) return {};
  Flattener flattener(*ctx);
  std::vector<PolyId> roots;
  for (const auto& output : outputs) {
    for (const Expr& e : output.elements) roots.push_back(e.id());
  }
  flattener.survey(roots);
  flattener.choose_negated_temps();
  flattener.index_computed_sums();
  InstructionList list;
  list.deduplicated = ctx->options().dedup;
  for (const auto& output : outputs) {
    for (std::size_t i = 0; i < output.elements.size(); ++i) {
      list.outputs.push_back(
          {output.array, static_cast<int>(i), flattener.value_of(output.elements[i].id())});
    }
  }
  list.instructions = flattener.take();
  return list;
}

std::vector<std::vector<double>> evaluate(
    const InstructionList& list,
    const std::function<double(const std::string& array, int index)>& input_value) {
  std::vector<double> v(list.instructions.size());
  for (std::size_t i = 0; i < list.instructions.size(); ++i) {
    const Instruction& in = list.instructions[i];
    const double a = in.a >= 0 ? v[in.a] : 0.0;
    const double b = in.b >= 0 ? v[in.b] : 0.0;
    switch (in.op) {
      case Op::constant: v[i] = in.value; break;
      case Op::input: v[i] = input_value(in.array, in.index); break;
      case Op::add: v[i] = a + b; break;
      case Op::sub: v[i] = a - b; break;
      case Op::mul: v[i] = a * b; break;
      case Op::div: v[i] = a / b; break;
      case Op::neg: v[i] = -a; break;
      case Op::sin: v[i] = std::sin(a); break;
      case Op::cos: v[i] = std::cos(a); break;
      case Op::sqrt: v[i] = std::sqrt(a); break;
      case Op::sign: v[i] = a < 0.0 ? -1.0 : 1.0; break;
      case Op::atan2: v[i] = std::atan2(a, b); break;
    }
  }
  std::vector<std::vector<double>> result;
  std::map<std::string, std::size_t> slot_of;
  for (const OutputSlot& out : list.outputs) {
    auto [it, inserted] = slot_of.emplace(out.array, result.size());
    if (inserted) result.emplace_back();
    auto& array = result[it->second];
    if (array.size() <= static_cast<std::size_t>(out.index)) array.resize(out.index + 1);
    array[out.index] = v[out.value];
  }
  return result;
}

OpCount count_operations(const InstructionList& list) {
  OpCount count;
  for (const Instruction& in : list.instructions) {
    switch (in.op) {
      case Op::constant:
      case Op::input: continue;
      case Op::mul: ++count.mul; break;
      case Op::add:
      case Op::sub:
      case Op::neg: ++count.add; break;
      case Op::div: ++count.div; break;
      case Op::sqrt: ++count.sqrt; break;
      case Op::sin:
      case Op::cos: ++count.trig; break;
      case Op::atan2: ++count.atan2; break;
      case Op::sign: ++count.sign; break;
    }
    ++count.temporaries;
  }
  return count;
}

}  // namespace dyngen::engine
