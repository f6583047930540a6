// Latin hypercube sampling: in each dimension the N cases fall one in each of N equal strata of
// (0, 1), the strata assigned to cases by a permutation per dimension drawn from the seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dyngen::campaign {

// The permutation of 0..N-1 that gives case i its stratum in `dimension`: Fisher-Yates (Durstenfeld,
// CACM 7 (1964) 420; Knuth, TAOCP vol. 2, sec. 3.4.2, Algorithm P), step k (k = N-1 .. 1) swapping
// position k with j = floor(r (k+1) / 2^64), r the 64 counter-based bits of (seed, k, dimension),
// so the permutation depends on (seed, N, dimension) only. The multiply-shift draw is biased by less
// than (k+1) / 2^64, below 2^-32 for any N the engine accepts.
std::vector<std::uint32_t> latin_hypercube_permutation(std::uint64_t seed, std::uint64_t case_count,
                                                       std::uint32_t dimension);

// McKay, Beckman & Conover, Technometrics 21 (1979) 239-245: coordinate d of case i is
//   u = (pi_d(i) + v) / N,   v = (j + 1/2) 2^-32 uniform inside the stratum, j counter-based bits of (seed, i, d).
// v keeps 2^-33 from the stratum's edges, so rounding never moves u into a neighbour stratum while
// N < 2^20.
class LatinHypercube {
 public:
  LatinHypercube(std::uint64_t seed, std::uint64_t case_count, std::size_t dimensions);
  double coordinate(std::uint64_t index, std::size_t dimension) const;
  // The stratum (0..N-1) of case i in dimension d.
  std::uint32_t stratum(std::uint64_t index, std::size_t dimension) const {
    return permutations_[dimension][index];
  }

 private:
  std::uint64_t seed_;
  std::uint64_t case_count_;
  std::vector<std::vector<std::uint32_t>> permutations_;  // N entries per dimension
};

}  // namespace dyngen::campaign
