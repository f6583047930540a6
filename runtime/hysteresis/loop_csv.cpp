// Reader of measured loops (see loop_csv.hpp).
#include "hysteresis/loop_csv.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace dyngen::hysteresis {
namespace {

constexpr std::array<const char*, 3> kColumns = {"deflection", "force", "time"};

std::string describe(const std::string& file, int line, int column, const std::string& field,
                     const std::string& message) {
  std::string text = file;
  if (line > 0) text += ":" + std::to_string(line);
  if (line > 0 && column > 0) text += ":" + std::to_string(column);
  text += ": error: ";
  if (!field.empty()) text += field + ": ";
  return text + message;
}

struct Field {
  std::string text;  // without surrounding blanks
  int column;        // 1-based column of its first character (of the separator's successor if empty)
};

std::vector<Field> split_fields(const std::string& line) {
  std::vector<Field> fields;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = std::min(line.find(',', begin), line.size());
    std::size_t first = begin, last = end;
    while (first < last && (line[first] == ' ' || line[first] == '\t')) ++first;
    while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t')) --last;
    fields.push_back({line.substr(first, last - first), static_cast<int>(first) + 1});
    if (end == line.size()) return fields;
    begin = end + 1;
  }
}

// The whole text as a number; a magnitude beyond double's range gives infinity (refused as not
// finite), one below it zero.
std::optional<double> parse_number(const std::string& text) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  double value = 0.0;
  const auto [end, error] = std::from_chars(first, last, value);
  if (first == last || end != last || error == std::errc::invalid_argument) return std::nullopt;
  if (error == std::errc::result_out_of_range) return std::strtod(std::string(first, last).c_str(), nullptr);
  return value;
}

std::string format_number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

bool skipped(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first == std::string::npos || line[first] == '#';
}

}  // namespace

LoopCsvError::LoopCsvError(const std::string& file, int line, int column, const std::string& field,
                           const std::string& message)
    : std::runtime_error(describe(file, line, column, field, message)), line_(line), column_(column), field_(field) {}

MeasuredLoop read_loop_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoopCsvError(path, 0, 0, "", "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_loop_csv(text.str(), path);
}

MeasuredLoop parse_loop_csv(const std::string& text, const std::string& source) {
  MeasuredLoop loop;
  loop.source = source;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  // header: which quantity each column holds (index into kColumns)
  std::vector<std::size_t> columns;
  int header_line = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (skipped(line)) continue;
    const std::vector<Field> fields = split_fields(line);
    if (columns.empty()) {
      header_line = number;
      std::array<int, kColumns.size()> seen{};
      for (const Field& field : fields) {
        if (parse_number(field.text))
          throw LoopCsvError(source, number, field.column, "header",
                             "the first line must name the columns (deflection,force and optionally time), found the "
                             "number '" + field.text + "'");
        std::size_t which = 0;
        while (which < kColumns.size() && field.text != kColumns[which]) ++which;
        if (which == kColumns.size())
          throw LoopCsvError(source, number, field.column, "header",
                             "unknown column '" + field.text + "'; the columns are deflection, force and optionally time");
        if (seen[which] != 0)
          throw LoopCsvError(source, number, field.column, "header",
                             "column '" + field.text + "' repeats the one at column " + std::to_string(seen[which]));
        seen[which] = field.column;
        columns.push_back(which);
      }
      for (std::size_t required = 0; required < 2; ++required)
        if (seen[required] == 0)
          throw LoopCsvError(source, number, 0, "",
                             std::string("the header lacks the column '") + kColumns[required] +
                                 "'; the columns are deflection, force and optionally time");
      continue;
    }
    if (fields.size() != columns.size())
      throw LoopCsvError(source, number, fields.size() > columns.size() ? fields[columns.size()].column : 0, "",
                         "expected " + std::to_string(columns.size()) + " fields as in the header, found " +
                             std::to_string(fields.size()));
    std::array<double, kColumns.size()> values{};
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const char* name = kColumns[columns[i]];
      if (fields[i].text.empty()) throw LoopCsvError(source, number, fields[i].column, name, "empty field");
      const std::optional<double> value = parse_number(fields[i].text);
      if (!value) throw LoopCsvError(source, number, fields[i].column, name, "'" + fields[i].text + "' is not a number");
      if (!std::isfinite(*value))
        throw LoopCsvError(source, number, fields[i].column, name, "'" + fields[i].text + "' is not finite");
      if (columns[i] == 2 && !loop.time.empty() && !(*value > loop.time.back()))
        throw LoopCsvError(source, number, fields[i].column, name,
                           "time " + fields[i].text + " s does not increase (line " + std::to_string(loop.line.back()) +
                               " has " + format_number(loop.time.back()) + " s)");
      values[columns[i]] = *value;
    }
    loop.deflection.push_back(values[0]);
    loop.force.push_back(values[1]);
    if (columns.size() == 3) loop.time.push_back(values[2]);
    loop.line.push_back(number);
  }
  if (columns.empty())
    throw LoopCsvError(source, std::max(number, 1), 0, "", "no header: the file holds no line that is not a comment");
  if (loop.deflection.size() < kMinimumLoopSamples)
    throw LoopCsvError(source, loop.line.empty() ? header_line : loop.line.back(), 0, "",
                       "only " + std::to_string(loop.deflection.size()) + " samples; a loop to fit needs at least " +
                           std::to_string(kMinimumLoopSamples));
  return loop;
}

}  // namespace dyngen::hysteresis
