// Counter-based random numbers: every number is a pure function of (seed, counter), so a case's
// inputs depend on its index alone, never on the order, thread or rank in which cases are drawn.
#pragma once

#include <array>
#include <cstdint>

namespace dyngen::campaign {

using PhiloxCounter = std::array<std::uint32_t, 4>;
using PhiloxKey = std::array<std::uint32_t, 2>;

// Philox4x32-10: Salmon, Moraes, Dror & Shaw, "Parallel random numbers: as easy as 1, 2, 3",
// SC'11 (2011), sec. 3.3. Ten rounds of
//   (c0, c1, c2, c3) -> (hi(M1 c2) ^ c1 ^ k0, lo(M1 c2), hi(M0 c0) ^ c3 ^ k1, lo(M0 c0))
// with M0 = 0xD2511F53, M1 = 0xCD9E8D57 and the key bumped by the Weyl constants
// (0x9E3779B9, 0xBB67AE85) between rounds. Passes BigCrush with any counter sequence.
PhiloxCounter philox4x32_10(PhiloxCounter counter, PhiloxKey key);

// What a draw is for: each purpose is its own stream, so adding one never shifts another.
enum class RandomPurpose : std::uint32_t {
  random_design = 1,          // coordinate d of case i, plain random design
  latin_hypercube_jitter = 2,  // position of case i inside its stratum in dimension d
  latin_hypercube_shuffle = 3,  // step k of the Fisher-Yates shuffle of dimension d
  sobol_shift = 4,             // digital shift of Sobol dimension d
};

// 64 random bits for (seed, index, dimension, purpose): key = seed, counter = (index low word,
// index high word, dimension, purpose); the first two output words.
std::uint64_t random_bits(std::uint64_t seed, std::uint64_t index, std::uint32_t dimension, RandomPurpose purpose);

// A uniform number in the open interval (0, 1): the top 53 random bits k as (k + 1/2) 2^-53, so
// neither 0 nor 1 ever comes out (a quantile function may be infinite there).
double random_unit(std::uint64_t seed, std::uint64_t index, std::uint32_t dimension, RandomPurpose purpose);

}  // namespace dyngen::campaign
