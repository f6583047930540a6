// Operations a general CAS's result costs when printed as code without common-subexpression
// elimination: every GiNaC expression counted as a tree (a subexpression used twice is computed
// twice). Shared subtrees are counted once per use, but visited once (memoized), so trees far too
// large to walk are still counted; counts saturate at 2^64 - 1.
//
//   sum of k terms            k - 1 additions/subtractions (a numeric term counts as a term)
//   product of k factors      k - 1 multiplications, a numeric coefficient other than ±1 counts
//                             as a factor; factors with negative exponents form one denominator,
//                             divided once
//   x^e, integer |e| >= 2     |e| - 1 multiplications (x^-1 alone: one division)
//   x^(1/2), x^(-1/2)         a square root (and a division)
//   sin, cos                  one sin/cos call
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "compare/op_tally.hpp"

namespace dyngen::compare {

OpTally count_tree_operations(const std::vector<GiNaC::ex>& outputs);

}  // namespace dyngen::compare
