#include "campaign/sha256.hpp"

#include <array>
#include <bit>
#include <cstdint>

namespace dyngen::campaign {

namespace {

using Word = std::uint32_t;

constexpr std::array<std::uint64_t, 64> first_primes() {
  std::array<std::uint64_t, 64> primes{};
  std::size_t found = 0;
  for (std::uint64_t n = 2; found < primes.size(); ++n) {
    bool prime = true;
    for (std::size_t k = 0; k < found && primes[k] * primes[k] <= n; ++k)
      if (n % primes[k] == 0) prime = false;
    if (prime) primes[found++] = n;
  }
  return primes;
}

// floor(n^(1/degree)) by bisection, exact in 128-bit integers.
constexpr unsigned __int128 integer_root(unsigned __int128 n, int degree) {
  unsigned __int128 low = 0, high = std::uint64_t{1} << 40;
  while (high - low > 1) {
    const unsigned __int128 middle = (low + high) / 2;
    unsigned __int128 power = 1;
    for (int k = 0; k < degree; ++k) power *= middle;
    (power <= n ? low : high) = middle;
  }
  return low;
}

// FIPS 180-4 sec. 4.2.2: K_t = the first 32 bits of the fractional part of the cube root of the t-th
// prime, i.e. floor(cbrt(p 2^96)) mod 2^32 -- computed rather than transcribed.
constexpr std::array<Word, 64> round_constants() {
  const auto primes = first_primes();
  std::array<Word, 64> k{};
  for (std::size_t t = 0; t < k.size(); ++t)
    k[t] = static_cast<Word>(integer_root(static_cast<unsigned __int128>(primes[t]) << 96, 3));
  return k;
}

// FIPS 180-4 sec. 5.3.3: H(0) = the first 32 bits of the fractional parts of the square roots of
// the first 8 primes.
constexpr std::array<Word, 8> initial_hash() {
  const auto primes = first_primes();
  std::array<Word, 8> h{};
  for (std::size_t i = 0; i < h.size(); ++i)
    h[i] = static_cast<Word>(integer_root(static_cast<unsigned __int128>(primes[i]) << 64, 2));
  return h;
}

constexpr std::array<Word, 64> kRoundConstants = round_constants();
static_assert(kRoundConstants[0] == 0x428a2f98u && kRoundConstants[63] == 0xc67178f2u);
static_assert(initial_hash()[0] == 0x6a09e667u);

// One 64-byte block into the state (FIPS 180-4 sec. 6.2.2).
void compress(std::array<Word, 8>& state, const unsigned char* block) {
  std::array<Word, 64> w{};
  for (int t = 0; t < 16; ++t)
    w[t] = (Word{block[4 * t]} << 24) | (Word{block[4 * t + 1]} << 16) | (Word{block[4 * t + 2]} << 8) |
           Word{block[4 * t + 3]};
  for (int t = 16; t < 64; ++t) {
    // sigma0(x) = ROTR7 ^ ROTR18 ^ SHR3, sigma1(x) = ROTR17 ^ ROTR19 ^ SHR10
    const Word sigma0 = std::rotr(w[t - 15], 7) ^ std::rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const Word sigma1 = std::rotr(w[t - 2], 17) ^ std::rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = sigma1 + w[t - 7] + sigma0 + w[t - 16];
  }
  auto [a, b, c, d, e, f, g, h] = state;
  for (int t = 0; t < 64; ++t) {
    // T1 = h + Sigma1(e) + Ch(e, f, g) + K_t + W_t,  T2 = Sigma0(a) + Maj(a, b, c)
    const Word t1 = h + (std::rotr(e, 6) ^ std::rotr(e, 11) ^ std::rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                    kRoundConstants[t] + w[t];
    const Word t2 = (std::rotr(a, 2) ^ std::rotr(a, 13) ^ std::rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  const std::array<Word, 8> worked{a, b, c, d, e, f, g, h};
  for (int i = 0; i < 8; ++i) state[i] += worked[i];
}

}  // namespace

std::string sha256_hex(std::string_view data) {
  std::array<Word, 8> state = initial_hash();
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t whole = data.size() / 64 * 64;
  for (std::size_t offset = 0; offset < whole; offset += 64) compress(state, bytes + offset);
  // Padding (sec. 5.1.1): the rest, a 1 bit, zeros up to 56 mod 64 bytes, the length in bits (big-endian).
  std::array<unsigned char, 128> tail{};
  const std::size_t rest = data.size() - whole;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = bytes[whole + i];
  tail[rest] = 0x80;
  const std::size_t tail_size = rest < 56 ? 64 : 128;
  const std::uint64_t bits = std::uint64_t{data.size()} * 8;
  for (int i = 0; i < 8; ++i) tail[tail_size - 1 - i] = static_cast<unsigned char>(bits >> (8 * i));
  for (std::size_t offset = 0; offset < tail_size; offset += 64) compress(state, tail.data() + offset);

  static constexpr char digits[] = "0123456789abcdef";
  std::string hex;
  for (const Word word : state)
    for (int shift = 28; shift >= 0; shift -= 4) hex += digits[(word >> shift) & 0xfu];
  return hex;
}

}  // namespace dyngen::campaign
