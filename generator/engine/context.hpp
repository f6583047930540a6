// The specialized symbolic engine's store (thesis appendix, "data model for symbolic
// implementation of matrix algorithms"; spec engine.md).
//
// Three interned tables, each entry immutable and identified by a dense id given in creation
// order (so everything derived from them is deterministic):
//   atoms     variables: inputs, function values (sin, cos, sqrt, reciprocal, sign, atan2) and
//             temporaries;
//   monomials sorted products of atom powers  x^2·y·z;
//   polys     canonical sums of terms  c·monomial  (terms sorted by monomial id, like terms
//             merged, zero terms dropped; the empty monomial is the constant term).
// A temporary is an atom bound to a poly: the engine introduces one whenever a sum must become a
// factor, so recursions stay shallow. Temporaries are hash-consed up to sign (an expression equal
// to an existing temporary or to its negation reuses it) — the deduplicated scalar-expression DAG.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace dyngen::engine {

using AtomId = std::uint32_t;
using MonoId = std::uint32_t;
using PolyId = std::uint32_t;

// What a kernel input stands for; decides its place in the emitted signature.
enum class InputRole : std::uint8_t { q, qd, qdd, tau, base_motion, wrench, parameter, other };

// sign(x) is +1 for x >= 0 and -1 otherwise; atan2 is the only function of two arguments.
enum class AtomKind : std::uint8_t { input, sin, cos, sqrt, recip, sign, atan2, temp };

struct Factor {
  AtomId atom;
  std::uint32_t power;
  bool operator==(const Factor&) const = default;
};

struct Term {
  double coef;
  MonoId mono;
  bool operator==(const Term&) const = default;
};

struct Atom {
  AtomKind kind;
  PolyId arg = 0;      // function argument or temporary's definition
  InputRole role = InputRole::other;
  std::string array;   // input: name of the array it belongs to ("q", "w0")
  int index = 0;       // input: element index in that array
  std::string name;    // input: human-readable name ("q[housing]")
  PolyId arg2 = 0;     // atan2(arg, arg2): the second argument
};

// Simplifications that can be switched off, one by one, to measure what each saves.
struct Options {
  bool dedup = true;             // hash-consing of temporaries and of emitted instructions
  bool like_terms = true;        // a·m + b·m -> (a+b)·m
  bool trig_identity = true;     // a·sin²x·m + a·cos²x·m -> a·m
  bool reciprocal_cancel = true; // x·(1/x) -> 1
  bool special_products = true;  // ω×(ω×r), ω×(Iω), aᵀAa in their special forms (spatial/)
  bool trig_of_atan2 = true;     // sin(atan2(y, x)) -> y/sqrt(x²+y²), cos(atan2(y, x)) -> x/sqrt(x²+y²)
  bool factoring = false;        // optional, at emission: a·b + a·c -> a·(b + c)
};

class Context {
 public:
  explicit Context(Options options = {});
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const Options& options() const { return options_; }

  // The context that Expr constants and default-constructed Exprs live in. Each thread has a
  // default one; ContextScope installs another for its lifetime.
  static Context& current();

  const Atom& atom(AtomId id) const { return atoms_[id]; }
  const std::vector<Factor>& monomial(MonoId id) const { return monomials_[id]; }
  const std::vector<Term>& poly(PolyId id) const { return polys_[id].terms; }
  std::size_t atom_count() const { return atoms_.size(); }

  static constexpr MonoId kUnitMonomial = 0;  // the empty product: constant terms
  PolyId zero() const { return zero_; }

  MonoId intern_monomial(std::vector<Factor> factors);
  PolyId intern_poly(std::vector<Term> terms);
  // The monomial with these factors if one was interned; else no value.
  bool find_monomial(const std::vector<Factor>& factors, MonoId& id) const;
  // The poly with these terms if one was interned; else no value.
  bool find_poly(const std::vector<Term>& terms, PolyId& id) const;
  AtomId intern_atom(const Atom& atom);

  // Input variable; declaring the same (array, index) twice returns the same atom.
  AtomId input(InputRole role, const std::string& array, int index, const std::string& name);
  // Function value f(arg); kinds sin, cos, sqrt, recip, sign.
  AtomId function(AtomKind kind, PolyId arg);
  // atan2(y, x).
  AtomId atan2(PolyId y, PolyId x);
  // Temporary bound to `definition` (which the caller has already sign-normalized).
  AtomId temporary(PolyId definition);

  // For an atom sin(x) the atom cos(x) if it exists, and vice versa; else no value.
  bool trig_partner(AtomId atom, AtomId& partner) const;
  // For an atom recip(x): the atom x when x is a single atom; else no value.
  bool reciprocal_of(AtomId atom, AtomId& inverse) const;

 private:
  struct PolyEntry {
    std::vector<Term> terms;
  };
  struct VectorHash {
    std::size_t operator()(const std::vector<Factor>& v) const;
    std::size_t operator()(const std::vector<Term>& v) const;
  };
  struct AtomKey {
    AtomKind kind;
    PolyId arg;
    std::string array;
    int index;
    PolyId arg2;
    bool operator==(const AtomKey&) const = default;
  };
  struct AtomKeyHash {
    std::size_t operator()(const AtomKey& k) const;
  };

  Options options_;
  // Deques: references handed out by atom(), monomial() and poly() stay valid while the tables
  // grow, so a factory may read its operands while interning results.
  std::deque<Atom> atoms_;
  std::deque<std::vector<Factor>> monomials_;
  std::deque<PolyEntry> polys_;
  std::unordered_map<std::vector<Factor>, MonoId, VectorHash> monomial_index_;
  std::unordered_map<std::vector<Term>, PolyId, VectorHash> poly_index_;
  std::unordered_map<AtomKey, AtomId, AtomKeyHash> atom_index_;
  std::unordered_map<AtomId, AtomId> trig_partner_;
  PolyId zero_ = 0;
};

// Makes `context` the current one for this thread until destroyed.
class ContextScope {
 public:
  explicit ContextScope(Context& context);
  ~ContextScope();
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

 private:
  Context* previous_;
};

}  // namespace dyngen::engine
