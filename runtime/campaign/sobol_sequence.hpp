// The Sobol low-discrepancy sequence in base 2 with Joe & Kuo's direction numbers, any point
// computed directly from its index (no recursion over earlier points), so a case alone gets the
// same point as in a full run.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dyngen::campaign {

// One row of Joe & Kuo's file new-joe-kuo-6.21201 (dimension d >= 2): the primitive polynomial
// x^s + a_1 x^(s-1) + ... + a_(s-1) x + 1 over GF(2) of degree s, its inner coefficients packed in
// `inner` (a_1 is the most significant of its s-1 bits), and the initial odd direction integers
// m_1..m_s (m_k < 2^k).
struct JoeKuoRow {
  int degree;
  std::uint32_t inner;
  std::array<std::uint32_t, 9> initial;
};

// Rows for dimensions 2..64: S. Joe and F. Y. Kuo, "Constructing Sobol sequences with better
// two-dimensional projections", SIAM J. Sci. Comput. 30 (2008) 2635-2654, and the file
// new-joe-kuo-6.21201 of https://web.maths.unsw.edu.au/~fkuo/sobol/ (search criterion D(6)).
std::span<const JoeKuoRow> joe_kuo_rows();

class SobolSequence {
 public:
  static constexpr std::size_t kMaxDimensions = 64;
  static constexpr int kBits = 32;

  // The first `dimensions` coordinates (1..64); throws CampaignError beyond.
  explicit SobolSequence(std::size_t dimensions);
  std::size_t dimensions() const { return directions_.size(); }

  // Coordinate `dimension` (0-based) of point `index` (< 2^32) in Gray-code order, as a 32-bit
  // integer x (the point is x / 2^32 in [0, 1); point 0 is the origin):
  //   x = XOR over the set bits b of g = index ^ (index >> 1) of v_(b+1)
  // (Antonov & Saleev, USSR Comput. Math. Math. Phys. 19 (1979) 252-256), the order of Joe & Kuo's
  // reference generator. The first 2^m points of each coordinate hit each interval [k 2^-m, (k+1) 2^-m)
  // once.
  std::uint32_t coordinate(std::uint64_t index, std::size_t dimension) const;

 private:
  // v_k (k = 1..32) left-aligned: v_k = m_k 2^(32-k).
  std::vector<std::array<std::uint32_t, kBits>> directions_;
};

}  // namespace dyngen::campaign
