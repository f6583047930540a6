#include "campaign/philox.hpp"

namespace dyngen::campaign {

PhiloxCounter philox4x32_10(PhiloxCounter c, PhiloxKey k) {
  constexpr std::uint64_t m0 = 0xD2511F53u, m1 = 0xCD9E8D57u;
  constexpr std::uint32_t weyl0 = 0x9E3779B9u, weyl1 = 0xBB67AE85u;
  for (int round = 0; round < 10; ++round) {
    const std::uint64_t p0 = m0 * c[0];
    const std::uint64_t p1 = m1 * c[2];
    c = {static_cast<std::uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<std::uint32_t>(p1),
         static_cast<std::uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<std::uint32_t>(p0)};
    k = {k[0] + weyl0, k[1] + weyl1};
  }
  return c;
}

std::uint64_t random_bits(std::uint64_t seed, std::uint64_t index, std::uint32_t dimension, RandomPurpose purpose) {
  const PhiloxCounter out =
      philox4x32_10({static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32), dimension,
                     static_cast<std::uint32_t>(purpose)},
                    {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)});
  return (std::uint64_t{out[0]} << 32) | out[1];
}

double random_unit(std::uint64_t seed, std::uint64_t index, std::uint32_t dimension, RandomPurpose purpose) {
  const std::uint64_t top53 = random_bits(seed, index, dimension, purpose) >> 11;
  return (static_cast<double>(top53) + 0.5) * 0x1p-53;
}

}  // namespace dyngen::campaign
