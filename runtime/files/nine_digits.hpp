// Numbers of a run directory's history.csv as printf's "%.9g" writes them (C11 7.21.6.1: the value rounded to nine
// significant digits; fixed notation where the rounded value's decimal exponent X is in
// -4 <= X < 9, otherwise d.dddde+XX; trailing zeros and a trailing point removed), at a fraction
// of printf's and std::to_chars's cost: a recorded docking writes some 190 numbers a row, and the
// formatting took a sixth of the whole run.
#pragma once

#include <string>

namespace dyngen::files {

// Room a number needs: "-1.23456789e-308" is 16 characters.
inline constexpr int nine_digits_size = 24;

// Writes x at out (room for nine_digits_size characters) and returns the end, the same characters
// as std::to_chars(out, end, x, std::chars_format::general, 9).
char* write_nine_digits(char* out, double x);

// x as a string, the same characters.
std::string nine_digits(double x);

}  // namespace dyngen::files
