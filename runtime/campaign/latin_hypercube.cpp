#include "campaign/latin_hypercube.hpp"

#include "campaign/philox.hpp"

#include <numeric>
#include <utility>

namespace dyngen::campaign {

std::vector<std::uint32_t> latin_hypercube_permutation(std::uint64_t seed, std::uint64_t case_count,
                                                       std::uint32_t dimension) {
  std::vector<std::uint32_t> permutation(case_count);
  std::iota(permutation.begin(), permutation.end(), std::uint32_t{0});
  for (std::uint64_t k = case_count - 1; k >= 1; --k) {
    const unsigned __int128 r = random_bits(seed, k, dimension, RandomPurpose::latin_hypercube_shuffle);
    const auto j = static_cast<std::uint64_t>((r * (k + 1)) >> 64);
    std::swap(permutation[k], permutation[j]);
  }
  return permutation;
}

LatinHypercube::LatinHypercube(std::uint64_t seed, std::uint64_t case_count, std::size_t dimensions)
    : seed_(seed), case_count_(case_count) {
  for (std::size_t d = 0; d < dimensions; ++d)
    permutations_.push_back(latin_hypercube_permutation(seed, case_count, static_cast<std::uint32_t>(d)));
}

double LatinHypercube::coordinate(std::uint64_t index, std::size_t dimension) const {
  const std::uint64_t j =
      random_bits(seed_, index, static_cast<std::uint32_t>(dimension), RandomPurpose::latin_hypercube_jitter) >> 32;
  const double v = (static_cast<double>(j) + 0.5) * 0x1p-32;
  return (permutations_[dimension][index] + v) / static_cast<double>(case_count_);
}

}  // namespace dyngen::campaign
