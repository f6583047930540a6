// The bridge to GiNaC, the general CAS: engine expressions converted to GiNaC::ex (temporaries
// expanded, shared subexpressions shared in GiNaC's reference-counted trees too) for second-opinion
// equivalence checks in tests and for the general-CAS baseline.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <string>

#include "expr.hpp"

namespace dyngen::engine {

// Input atoms become GiNaC symbols named after their `name`; the same symbol for the same input.
class GinacBridge {
 public:
  GiNaC::ex convert(const Expr& x);
  const GiNaC::symbol& symbol_for(const std::string& name);
  const std::map<std::string, GiNaC::symbol>& symbols() const { return symbols_; }

 private:
  std::map<std::string, GiNaC::symbol> symbols_;
  std::map<std::pair<const Context*, std::uint32_t>, GiNaC::ex> atom_cache_;
};

// The reverse direction, for model-file expressions (small trees): symbols are looked up in
// `symbols`; +, ×, integer powers, square roots, sin and cos are supported. Throws
// std::invalid_argument naming anything else.
Expr from_ginac(const GiNaC::ex& e, const std::map<std::string, Expr>& symbols);

// True when a and b agree numerically at `samples` random points (relative tolerance 1e-10),
// symbols drawn uniformly from [-2, 2]: trig identities and cancellations make symbolic
// normalization unreliable, a numeric check on random points is not.
bool equivalent(const GiNaC::ex& a, const GiNaC::ex& b,
                const std::map<std::string, GiNaC::symbol>& symbols, int samples = 20);

}  // namespace dyngen::engine
