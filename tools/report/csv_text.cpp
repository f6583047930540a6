#include "report/csv_text.hpp"

#include <charconv>
#include <cstdlib>

#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

CompleteLines complete_lines(std::string_view text) {
  CompleteLines result;
  std::size_t begin = 0;
  int number = 0;
  while (begin < text.size()) {
    ++number;
    const std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) {
      result.incomplete_line = number;
      break;
    }
    std::string_view line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    result.lines.push_back({std::string(line), number});
    begin = end + 1;
  }
  return result;
}

std::vector<CsvField> split_csv_line(const TextLine& line, const std::string& source) {
  const std::string& text = line.text;
  std::vector<CsvField> fields;
  std::size_t at = 0;
  while (true) {
    while (at < text.size() && blank(text[at])) ++at;
    CsvField field{"", static_cast<int>(at) + 1};
    if (at < text.size() && text[at] == '"') {
      const std::size_t opening = at++;
      while (true) {
        if (at >= text.size())
          throw RunFileError(source, line.number, static_cast<int>(opening) + 1, "the quote opened here is not closed");
        if (text[at] == '"' && at + 1 < text.size() && text[at + 1] == '"') {
          field.text += '"';
          at += 2;
        } else if (text[at] == '"') {
          ++at;
          break;
        } else {
          field.text += text[at++];
        }
      }
      while (at < text.size() && blank(text[at])) ++at;
      if (at < text.size() && text[at] != ',')
        throw RunFileError(source, line.number, static_cast<int>(at) + 1,
                           "text after a closing quote; a quoted field ends at the next comma");
    } else {
      const std::size_t first = at;
      while (at < text.size() && text[at] != ',') ++at;
      std::size_t last = at;
      while (last > first && blank(text[last - 1])) --last;
      field.text = text.substr(first, last - first);
    }
    fields.push_back(std::move(field));
    if (at >= text.size()) return fields;
    ++at;  // the comma
  }
}

std::optional<double> parse_number(std::string_view text) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  double value = 0.0;
  const auto [end, error] = std::from_chars(first, last, value);
  if (first == last || end != last || error == std::errc::invalid_argument) return std::nullopt;
  // beyond double's range: strtod gives the infinity or zero it rounds to
  if (error == std::errc::result_out_of_range) return std::strtod(std::string(first, last).c_str(), nullptr);
  return value;
}

}  // namespace dyngen::report
