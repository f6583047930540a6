#include "campaign/sobol_sequence.hpp"

#include "campaign/campaign_error.hpp"

#include <string>

namespace dyngen::campaign {

namespace {

// new-joe-kuo-6.21201, rows d = 2..64 as {s, a, {m_1, ..., m_s}}.
constexpr JoeKuoRow kRows[] = {
    {1, 0, {1}},
    {2, 1, {1, 3}},
    {3, 1, {1, 3, 1}},
    {3, 2, {1, 1, 1}},
    {4, 1, {1, 1, 3, 3}},
    {4, 4, {1, 3, 5, 13}},
    {5, 2, {1, 1, 5, 5, 17}},
    {5, 4, {1, 1, 5, 5, 5}},
    {5, 7, {1, 1, 7, 11, 19}},
    {5, 11, {1, 1, 5, 1, 1}},
    {5, 13, {1, 1, 1, 3, 11}},
    {5, 14, {1, 3, 5, 5, 31}},
    {6, 1, {1, 3, 3, 9, 7, 49}},
    {6, 13, {1, 1, 1, 15, 21, 21}},
    {6, 16, {1, 3, 1, 13, 27, 49}},
    {6, 19, {1, 1, 1, 15, 7, 5}},
    {6, 22, {1, 3, 1, 15, 13, 25}},
    {6, 25, {1, 1, 5, 5, 19, 61}},
    {7, 1, {1, 3, 7, 11, 23, 15, 103}},
    {7, 4, {1, 3, 7, 13, 13, 15, 69}},
    {7, 7, {1, 1, 3, 13, 7, 35, 63}},
    {7, 8, {1, 3, 5, 9, 1, 25, 53}},
    {7, 14, {1, 3, 1, 13, 9, 35, 107}},
    {7, 19, {1, 3, 1, 5, 27, 61, 31}},
    {7, 21, {1, 1, 5, 11, 19, 41, 61}},
    {7, 28, {1, 3, 5, 3, 3, 13, 69}},
    {7, 31, {1, 1, 7, 13, 1, 19, 1}},
    {7, 32, {1, 3, 7, 5, 13, 19, 59}},
    {7, 37, {1, 1, 3, 9, 25, 29, 41}},
    {7, 41, {1, 3, 5, 13, 23, 1, 55}},
    {7, 42, {1, 3, 7, 3, 13, 59, 17}},
    {7, 50, {1, 3, 1, 3, 5, 53, 69}},
    {7, 55, {1, 1, 5, 5, 23, 33, 13}},
    {7, 56, {1, 1, 7, 7, 1, 61, 123}},
    {7, 59, {1, 1, 7, 9, 13, 61, 49}},
    {7, 62, {1, 3, 3, 5, 3, 55, 33}},
    {8, 14, {1, 3, 1, 15, 31, 13, 49, 245}},
    {8, 21, {1, 3, 5, 15, 31, 59, 63, 97}},
    {8, 22, {1, 3, 1, 11, 11, 11, 77, 249}},
    {8, 38, {1, 3, 1, 11, 27, 43, 71, 9}},
    {8, 47, {1, 1, 7, 15, 21, 11, 81, 45}},
    {8, 49, {1, 3, 7, 3, 25, 31, 65, 79}},
    {8, 50, {1, 3, 1, 1, 19, 11, 3, 205}},
    {8, 52, {1, 1, 5, 9, 19, 21, 29, 157}},
    {8, 56, {1, 3, 7, 11, 1, 33, 89, 185}},
    {8, 67, {1, 3, 3, 3, 15, 9, 79, 71}},
    {8, 70, {1, 3, 7, 11, 15, 39, 119, 27}},
    {8, 84, {1, 1, 3, 1, 11, 31, 97, 225}},
    {8, 97, {1, 1, 1, 3, 23, 43, 57, 177}},
    {8, 103, {1, 3, 7, 7, 17, 17, 37, 71}},
    {8, 115, {1, 3, 1, 5, 27, 63, 123, 213}},
    {8, 122, {1, 1, 3, 5, 11, 43, 53, 133}},
    {9, 8, {1, 3, 5, 5, 29, 17, 47, 173, 479}},
    {9, 13, {1, 3, 3, 11, 3, 1, 109, 9, 69}},
    {9, 16, {1, 1, 1, 5, 17, 39, 23, 5, 343}},
    {9, 22, {1, 3, 1, 5, 25, 15, 31, 103, 499}},
    {9, 25, {1, 1, 1, 11, 11, 17, 63, 105, 183}},
    {9, 44, {1, 1, 5, 11, 9, 29, 97, 231, 363}},
    {9, 47, {1, 1, 5, 15, 19, 45, 41, 7, 383}},
    {9, 52, {1, 3, 7, 7, 31, 19, 83, 137, 221}},
    {9, 55, {1, 1, 1, 3, 23, 15, 111, 223, 83}},
    {9, 59, {1, 1, 5, 13, 31, 15, 55, 25, 161}},
    {9, 62, {1, 1, 3, 13, 25, 47, 39, 87, 257}},
};
static_assert(std::size(kRows) + 1 == SobolSequence::kMaxDimensions);

// Direction numbers of one dimension from its row (Bratley & Fox, ACM TOMS 14 (1988) 88-100,
// Algorithm 659; Joe & Kuo's notes, eq. (2)):
//   v_k = v_(k-s) ^ (v_(k-s) >> s) ^ a_1 v_(k-1) ^ ... ^ a_(s-1) v_(k-s+1)   for k > s.
std::array<std::uint32_t, SobolSequence::kBits> directions_of(const JoeKuoRow& row) {
  std::array<std::uint32_t, SobolSequence::kBits> v{};
  const int s = row.degree;
  for (int k = 1; k <= SobolSequence::kBits; ++k) {
    if (k <= s) {
      v[k - 1] = row.initial[k - 1] << (SobolSequence::kBits - k);
      continue;
    }
    std::uint32_t next = v[k - s - 1] ^ (v[k - s - 1] >> s);
    for (int j = 1; j < s; ++j)
      if ((row.inner >> (s - 1 - j)) & 1u) next ^= v[k - j - 1];
    v[k - 1] = next;
  }
  return v;
}

}  // namespace

std::span<const JoeKuoRow> joe_kuo_rows() { return kRows; }

SobolSequence::SobolSequence(std::size_t dimensions) {
  if (dimensions == 0 || dimensions > kMaxDimensions)
    throw CampaignError("the Sobol sequence has dimensions 1 to " + std::to_string(kMaxDimensions) + ", not " +
                        std::to_string(dimensions));
  // Dimension 1 is van der Corput's sequence: every m_k = 1.
  std::array<std::uint32_t, kBits> first{};
  for (int k = 1; k <= kBits; ++k) first[k - 1] = std::uint32_t{1} << (kBits - k);
  directions_.push_back(first);
  for (std::size_t d = 1; d < dimensions; ++d) directions_.push_back(directions_of(kRows[d - 1]));
}

std::uint32_t SobolSequence::coordinate(std::uint64_t index, std::size_t dimension) const {
  if (index >> kBits)
    throw CampaignError("the Sobol sequence has 2^32 points; point " + std::to_string(index) + " does not exist");
  const auto& v = directions_.at(dimension);
  std::uint64_t gray = index ^ (index >> 1);
  std::uint32_t x = 0;
  for (int bit = 0; gray != 0; ++bit, gray >>= 1)
    if (gray & 1u) x ^= v[bit];
  return x;
}

}  // namespace dyngen::campaign
