#include "campaign/csv_export.hpp"

#include <charconv>
#include <string>

namespace dyngen::campaign {

namespace {

std::string text_field(std::string_view text) {
  const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string value_field(const Value& value) {
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&value)) {
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, *real).ptr);
  }
  if (const auto* text = std::get_if<std::string>(&value)) return text_field(*text);
  return {};
}

}  // namespace

void write_csv(const CaseTable& table, std::ostream& out) {
  for (std::size_t k = 0; k < table.columns.size(); ++k) out << (k ? "," : "") << text_field(table.columns[k]);
  out << "\r\n";
  for (const auto& row : table.rows) {
    for (std::size_t k = 0; k < row.size(); ++k) out << (k ? "," : "") << value_field(row[k]);
    out << "\r\n";
  }
}

}  // namespace dyngen::campaign
