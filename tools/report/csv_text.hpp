// CSV text as the run directory's files use it: lines ended by a line break (a last line without
// one was being written when the run stopped and is left out), fields split at commas, a field
// in double quotes may hold commas and doubled quotes ("a ""b"", c"), numbers as printf's %.9g
// prints them (also nan, inf, -inf).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dyngen::report {

struct TextLine {
  std::string text;  // without its line break (\n or \r\n)
  int number;        // 1-based
};

struct CompleteLines {
  std::vector<TextLine> lines;
  int incomplete_line = 0;  // number of a non-empty last line without a line break, left out; 0 if none
};

CompleteLines complete_lines(std::string_view text);

struct CsvField {
  std::string text;  // unquoted, undoubled; blanks around an unquoted field removed
  int column;        // 1-based column of its first character
};

// RunFileError naming source:line:column for a quote left open or text after a closing quote.
std::vector<CsvField> split_csv_line(const TextLine& line, const std::string& source);

// The whole text as a number (%.9g's forms, nan and infinities included), or nothing.
std::optional<double> parse_number(std::string_view text);

}  // namespace dyngen::report
