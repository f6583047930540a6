// write_nine_digits against printf's "%.9g" (glibc converts exactly) and std::to_chars: random bit
// patterns over the whole range, values of a simulation's size, short decimals, powers of ten and
// the numbers just beside them, ties at the ninth digit and the switch between fixed and
// scientific notation; zero's signs, infinities and NaN as std::to_chars writes them.
#include "files/nine_digits.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

namespace dyngen::files {
namespace {

std::string fast(double x) {
  char text[nine_digits_size];
  return std::string(text, write_nine_digits(text, x));
}

std::string printf_g9(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%.9g", x);
  return text;
}

std::string to_chars_g9(double x) {
  char text[64];
  return std::string(text, std::to_chars(text, text + sizeof text, x, std::chars_format::general, 9).ptr);
}

void expect_as_printf(double x) {
  ASSERT_EQ(fast(x), printf_g9(x)) << std::hexfloat << x;
}

TEST(NineDigits, RandomBitPatternsOverTheWholeRange) {
  std::mt19937_64 random(20261129);
  for (int k = 0; k < 1'000'000; ++k) {
    const double x = std::bit_cast<double>(random());
    if (std::isfinite(x)) expect_as_printf(x);
  }
}

TEST(NineDigits, ValuesOfASimulationsSize) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> decade(-9.0, 9.0);
  std::uniform_real_distribution<double> sign(-1.0, 1.0);
  for (int k = 0; k < 1'000'000; ++k) {
    const double x = std::copysign(std::pow(10.0, decade(random)), sign(random));
    expect_as_printf(x);
  }
}

TEST(NineDigits, ShortDecimalsAndIntegers) {
  for (int k = -20000; k <= 20000; ++k) {
    expect_as_printf(k);
    expect_as_printf(k / 1000.0);
    expect_as_printf(k * 1e-7);
    expect_as_printf(k * 123456.789);
  }
}

TEST(NineDigits, PowersOfTenAndTheirNeighbours) {
  for (int k = -320; k <= 308; ++k) {
    const double power = std::strtod(("1e" + std::to_string(k)).c_str(), nullptr);
    double below = power;
    double above = power;
    for (int step = 0; step < 4; ++step) {
      expect_as_printf(below);
      expect_as_printf(above);
      expect_as_printf(-above);
      below = std::nextafter(below, 0.0);
      above = std::nextafter(above, std::numeric_limits<double>::infinity());
    }
  }
}

TEST(NineDigits, TiesAtTheNinthDigitAndTheNotationSwitch) {
  // decimal halves at the tenth digit, exact or not in binary, and values rounding across 10^X
  for (const char* text : {"1.000000005", "1.234567885", "1.234567895", "0.1234567885", "2.5e-5",
                           "999999999.5", "999999998.5", "9999999995", "9.999999995e-5", "9.9999999949e-5",
                           "0.000099999999951", "99999999.95", "0.5", "1.5", "4503599627370497.5",
                           "1.00000000500000001", "1e-280", "1e280", "9.999999995e279"}) {
    const double x = std::strtod(text, nullptr);
    for (double y : {x, std::nextafter(x, 0.0), std::nextafter(x, 2 * x), -x}) expect_as_printf(y);
  }
  std::mt19937_64 random(11);
  std::uniform_int_distribution<std::int64_t> digits(100'000'000, 999'999'999);
  std::uniform_int_distribution<int> exponent(-30, 30);
  for (int k = 0; k < 200'000; ++k) {
    const std::string tie = std::to_string(digits(random)) + "5e" + std::to_string(exponent(random));
    const double x = std::strtod(tie.c_str(), nullptr);
    expect_as_printf(x);
    expect_as_printf(std::nextafter(x, 0.0));
    expect_as_printf(std::nextafter(x, 2 * x));
  }
}

TEST(NineDigits, ZerosInfinitiesAndNanAsToChars) {
  for (double x : {0.0, -0.0, std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::quiet_NaN(),
                   std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max()}) {
    EXPECT_EQ(fast(x), to_chars_g9(x));
  }
  EXPECT_EQ(fast(0.0), "0");
  EXPECT_EQ(fast(-0.0), "-0");
  EXPECT_EQ(fast(-1.25e-7), "-1.25e-07");
  EXPECT_EQ(fast(123456789012.0), "1.23456789e+11");
  EXPECT_EQ(fast(0.00012345), "0.00012345");
  EXPECT_EQ(nine_digits(-2.5e-5), printf_g9(-2.5e-5));
}

}  // namespace
}  // namespace dyngen::files
