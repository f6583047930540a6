#include "context.hpp"

#include <bit>

namespace dyngen::engine {

namespace {

thread_local Context* current_context = nullptr;

std::size_t mix(std::size_t seed, std::size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2));
}

}  // namespace

std::size_t Context::VectorHash::operator()(const std::vector<Factor>& v) const {
  std::size_t h = v.size();
  for (const Factor& f : v) h = mix(mix(h, f.atom), f.power);
  return h;
}

std::size_t Context::VectorHash::operator()(const std::vector<Term>& v) const {
  std::size_t h = v.size();
  for (const Term& t : v) h = mix(mix(h, std::bit_cast<std::uint64_t>(t.coef)), t.mono);
  return h;
}

std::size_t Context::AtomKeyHash::operator()(const AtomKey& k) const {
  std::size_t h = mix(mix(static_cast<std::size_t>(k.kind), k.arg), k.arg2);
  return mix(mix(h, std::hash<std::string>{}(k.array)), static_cast<std::size_t>(k.index));
}

Context::Context(Options options) : options_(options) {
  intern_monomial({});
  zero_ = intern_poly({});
}

Context& Context::current() {
  if (current_context == nullptr) {
    thread_local Context default_context;
    current_context = &default_context;
  }
  return *current_context;
}

MonoId Context::intern_monomial(std::vector<Factor> factors) {
  if (auto it = monomial_index_.find(factors); it != monomial_index_.end()) return it->second;
  const auto id = static_cast<MonoId>(monomials_.size());
  monomials_.push_back(factors);
  monomial_index_.emplace(std::move(factors), id);
  return id;
}

PolyId Context::intern_poly(std::vector<Term> terms) {
  if (auto it = poly_index_.find(terms); it != poly_index_.end()) return it->second;
  const auto id = static_cast<PolyId>(polys_.size());
  polys_.push_back({terms});
  poly_index_.emplace(std::move(terms), id);
  return id;
}

bool Context::find_monomial(const std::vector<Factor>& factors, MonoId& id) const {
  const auto it = monomial_index_.find(factors);
  if (it == monomial_index_.end()) return false;
  id = it->second;
  return true;
}

bool Context::find_poly(const std::vector<Term>& terms, PolyId& id) const {
  const auto it = poly_index_.find(terms);
  if (it == poly_index_.end()) return false;
  id = it->second;
  return true;
}

AtomId Context::intern_atom(const Atom& atom) {
  AtomKey key{atom.kind, atom.arg, atom.array, atom.index, atom.arg2};
  const bool shared = atom.kind != AtomKind::temp || options_.dedup;
  if (shared) {
    if (auto it = atom_index_.find(key); it != atom_index_.end()) return it->second;
  }
  const auto id = static_cast<AtomId>(atoms_.size());
  atoms_.push_back(atom);
  if (shared) atom_index_.emplace(std::move(key), id);
  return id;
}

AtomId Context::input(InputRole role, const std::string& array, int index,
                      const std::string& name) {
  Atom a{AtomKind::input, 0, role, array, index, name};
  return intern_atom(a);
}

AtomId Context::function(AtomKind kind, PolyId arg) {
  const AtomId id = intern_atom(Atom{kind, arg});
  if (kind == AtomKind::sin || kind == AtomKind::cos) {
    const AtomKind other = kind == AtomKind::sin ? AtomKind::cos : AtomKind::sin;
    if (auto it = atom_index_.find(AtomKey{other, arg, {}, 0, 0}); it != atom_index_.end()) {
      trig_partner_[id] = it->second;
      trig_partner_[it->second] = id;
    }
  }
  return id;
}

AtomId Context::atan2(PolyId y, PolyId x) {
  Atom a{AtomKind::atan2, y};
  a.arg2 = x;
  return intern_atom(a);
}

AtomId Context::temporary(PolyId definition) { return intern_atom(Atom{AtomKind::temp, definition}); }

bool Context::trig_partner(AtomId atom, AtomId& partner) const {
  auto it = trig_partner_.find(atom);
  if (it == trig_partner_.end()) return false;
  partner = it->second;
  return true;
}

bool Context::reciprocal_of(AtomId atom, AtomId& inverse) const {
  const Atom& a = atoms_[atom];
  if (a.kind != AtomKind::recip) return false;
  const auto& terms = polys_[a.arg].terms;
  if (terms.size() != 1 || terms[0].coef != 1.0) return false;
  const auto& factors = monomials_[terms[0].mono];
  if (factors.size() != 1 || factors[0].power != 1) return false;
  inverse = factors[0].atom;
  return true;
}

ContextScope::ContextScope(Context& context) : previous_(&Context::current()) {
  current_context = &context;
}

ContextScope::~ContextScope() { current_context = previous_; }

}  // namespace dyngen::engine
