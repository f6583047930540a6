#include "compare/ginac_count.hpp"

#include <stdexcept>
#include <string>
#include <unordered_map>

namespace dyngen::compare {

namespace {

using GiNaC::ex;
using GiNaC::numeric;

class TreeCounter {
 public:
  OpTally count(const ex& e) {
    const GiNaC::basic* key = &GiNaC::ex_to<GiNaC::basic>(e);
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second.tally;
    const OpTally tally = count_node(e);
    memo_.emplace(key, Entry{e, tally});
    return tally;
  }

 private:
  struct Entry {
    ex held;  // keeps the node alive so its address is not reused by another node
    OpTally tally;
  };

  static bool is_unit(const numeric& c) { return c == 1 || c == -1; }

  // Multiplications of the base of x^|e| for integer |e| >= 1: |e| - 1.
  OpTally integer_power(const ex& base, const numeric& magnitude) {
    OpTally t = count(base);
    t.mul = OpTally::sum(t.mul, static_cast<std::uint64_t>(magnitude.to_long() - 1));
    return t;
  }

  // Cost of one factor b^e of a product, as a numerator (e > 0) or denominator (e < 0) factor.
  OpTally factor_magnitude(const ex& factor) {
    if (!GiNaC::is_a<GiNaC::power>(factor)) return count(factor);
    const ex base = factor.op(0);
    const ex exponent = factor.op(1);
    if (!GiNaC::is_a<numeric>(exponent)) throw std::invalid_argument("non-numeric exponent");
    const numeric e = GiNaC::abs(GiNaC::ex_to<numeric>(exponent));
    if (e.is_integer()) return integer_power(base, e);
    if (e == numeric(1, 2)) {
      OpTally t = count(base);
      t.sqrt = OpTally::sum(t.sqrt, 1);
      return t;
    }
    throw std::invalid_argument("exponent other than an integer or 1/2");
  }

  static bool is_denominator(const ex& factor) {
    return GiNaC::is_a<GiNaC::power>(factor) && GiNaC::is_a<numeric>(factor.op(1)) &&
           GiNaC::ex_to<numeric>(factor.op(1)).is_negative();
  }

  OpTally product(const std::vector<ex>& factors, const numeric& coefficient) {
    OpTally t;
    std::uint64_t numerators = is_unit(coefficient) ? 0 : 1;
    std::uint64_t denominators = 0;
    for (const ex& f : factors) {
      t += factor_magnitude(f);
      (is_denominator(f) ? denominators : numerators) += 1;
    }
    if (numerators > 1) t.mul = OpTally::sum(t.mul, numerators - 1);
    if (denominators > 1) t.mul = OpTally::sum(t.mul, denominators - 1);
    if (denominators > 0) t.div = OpTally::sum(t.div, 1);
    return t;
  }

  OpTally count_node(const ex& e) {
    if (GiNaC::is_a<GiNaC::symbol>(e) || GiNaC::is_a<numeric>(e)) return {};
    if (GiNaC::is_a<GiNaC::add>(e)) {
      OpTally t;
      for (std::size_t i = 0; i < e.nops(); ++i) t += count(e.op(i));
      t.add = OpTally::sum(t.add, e.nops() - 1);
      return t;
    }
    if (GiNaC::is_a<GiNaC::mul>(e)) {
      std::vector<ex> factors;
      numeric coefficient = 1;
      for (std::size_t i = 0; i < e.nops(); ++i) {
        if (GiNaC::is_a<numeric>(e.op(i))) coefficient *= GiNaC::ex_to<numeric>(e.op(i));
        else factors.push_back(e.op(i));
      }
      return product(factors, coefficient);
    }
    if (GiNaC::is_a<GiNaC::power>(e)) return product({e}, 1);
    if (GiNaC::is_a<GiNaC::function>(e)) {
      const std::string name = GiNaC::ex_to<GiNaC::function>(e).get_name();
      if (name != "sin" && name != "cos") throw std::invalid_argument("function " + name);
      OpTally t = count(e.op(0));
      t.trig = OpTally::sum(t.trig, 1);
      return t;
    }
    throw std::invalid_argument(std::string("GiNaC node of class ") + GiNaC::ex_to<GiNaC::basic>(e).class_name());
  }

  std::unordered_map<const GiNaC::basic*, Entry> memo_;
};

}  // namespace

OpTally count_tree_operations(const std::vector<ex>& outputs) {
  TreeCounter counter;
  OpTally total;
  for (const ex& e : outputs) total += counter.count(e);
  return total;
}

}  // namespace dyngen::compare
