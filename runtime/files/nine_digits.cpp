#include "files/nine_digits.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace dyngen::files {

namespace {

// Decimal exponents the fast path scales by: |x| in [1e-280, 1e280] and 10^(8 - X).
constexpr int lowest_power = -300;
constexpr int highest_power = 300;

// 10^k correctly rounded (strtod rounds exactly; products of inexact powers would not).
const std::array<double, highest_power - lowest_power + 1>& powers_of_ten() {
  static const auto table = [] {
    std::array<double, highest_power - lowest_power + 1> powers{};
    for (int k = lowest_power; k <= highest_power; ++k)
      powers[static_cast<std::size_t>(k - lowest_power)] = std::strtod(("1e" + std::to_string(k)).c_str(), nullptr);
    return powers;
  }();
  return table;
}

char* exact_nine_digits(char* out, double x) {
  return std::to_chars(out, out + nine_digits_size, x, std::chars_format::general, 9).ptr;
}

char* write_exponent(char* out, int exponent) {
  *out++ = 'e';
  *out++ = exponent < 0 ? '-' : '+';
  unsigned magnitude = static_cast<unsigned>(std::abs(exponent));
  if (magnitude >= 100) {
    *out++ = static_cast<char>('0' + magnitude / 100);
    magnitude %= 100;
  }
  *out++ = static_cast<char>('0' + magnitude / 10);
  *out++ = static_cast<char>('0' + magnitude % 10);
  return out;
}

}  // namespace

char* write_nine_digits(char* out, double x) {
  if (x == 0.0) {
    if (std::signbit(x)) *out++ = '-';
    *out++ = '0';
    return out;
  }
  const double magnitude = std::fabs(x);
  if (!(magnitude >= 1e-280 && magnitude <= 1e280)) return exact_nine_digits(out, x);  // also inf, nan
  const auto& powers = powers_of_ten();
  const auto power = [&](int k) { return powers[static_cast<std::size_t>(k - lowest_power)]; };

  // X = floor(log10 |x|): |x| in [2^(e-1), 2^e) gives X or X - 1 from the binary exponent e
  const int binary_exponent = static_cast<int>((std::bit_cast<std::uint64_t>(magnitude) >> 52) & 0x7ff) - 1022;
  int exponent = static_cast<int>(std::floor((binary_exponent - 1) * 0.30102999566398120));
  if (magnitude >= power(exponent + 1)) ++exponent;

  // nine digits: N = round(|x| 10^(8 - X)) in [1e8, 1e9]. The scaled value carries at most two
  // roundings, 2^-52 relative, under 3e-7 absolute: where it is that close to a half, the rounding
  // direction is not known from it, and the exact conversion decides.
  const double scaled = magnitude * power(8 - exponent);
  const double whole = std::floor(scaled);
  if (std::fabs(scaled - whole - 0.5) < 1e-6) return exact_nine_digits(out, x);
  auto digits = static_cast<std::uint64_t>(whole) + (scaled - whole > 0.5 ? 1 : 0);
  if (digits == 1'000'000'000) {  // rounded up to the next power of ten
    digits = 100'000'000;
    ++exponent;
  }
  if (digits < 100'000'000 || digits > 999'999'999) return exact_nine_digits(out, x);

  char text[9];
  for (int k = 8; k >= 0; --k) {
    text[k] = static_cast<char>('0' + digits % 10);
    digits /= 10;
  }
  int count = 9;
  while (text[count - 1] == '0') --count;

  if (x < 0) *out++ = '-';
  if (exponent < -4 || exponent >= 9) {
    *out++ = text[0];
    if (count > 1) {
      *out++ = '.';
      for (int k = 1; k < count; ++k) *out++ = text[k];
    }
    return write_exponent(out, exponent);
  }
  if (exponent < 0) {
    *out++ = '0';
    *out++ = '.';
    for (int k = exponent + 1; k < 0; ++k) *out++ = '0';
    for (int k = 0; k < count; ++k) *out++ = text[k];
    return out;
  }
  for (int k = 0; k <= exponent; ++k) *out++ = text[k];
  if (count > exponent + 1) {
    *out++ = '.';
    for (int k = exponent + 1; k < count; ++k) *out++ = text[k];
  }
  return out;
}

std::string nine_digits(double x) {
  char text[nine_digits_size];
  return std::string(text, write_nine_digits(text, x));
}

}  // namespace dyngen::files
