// Featherstone's published operation counts (Rigid Body Dynamics Algorithms, 2008, Table 10.1;
// quoted in references.md) for an unbranched chain of n revolute joints with general parameters:
// m = multiplications including divisions, a = additions including subtractions, sin/cos not
// counted. They are the yardstick printed beside each route of `dyngen compare`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "generator/model/model.hpp"

namespace dyngen::compare {

struct PublishedCount {
  long m = 0;
  long a = 0;
  long total() const { return m + a; }
  PublishedCount& operator+=(const PublishedCount& o) {
    m += o.m;
    a += o.a;
    return *this;
  }
};

// One algorithm's formula: its name as the book gives it and m(n), a(n) as text.
struct Formula {
  std::string algorithm;
  std::string m;
  std::string a;
};

enum class PublishedAlgorithm { rnea, crba, ltdl, aba, rnea_crba_ltdl };

PublishedCount featherstone_count(PublishedAlgorithm algorithm, int n);
Formula featherstone_formula(PublishedAlgorithm algorithm);

// True when the formulas describe the model: every body hangs from the previous one by a
// revolute joint (an unbranched chain of n = dof revolute joints).
bool is_revolute_chain(const Model& model);

// The crossover of a series of (n, "ABA is cheaper than the CRBA route at n"), n ascending: the
// smallest n from which on ABA stays cheaper to the end of the series; no value when it is not
// cheaper at the last n. (The formulas go negative for n = 1, so "first n where ABA is cheaper"
// would be meaningless.)
std::optional<int> crossover(const std::vector<std::pair<int, bool>>& aba_cheaper);

// crossover() of the formulas, ABA against RNEA + CRBA + LTDL by m + a, over n = 1..n_max.
std::optional<int> featherstone_crossover(int n_max);

}  // namespace dyngen::compare
