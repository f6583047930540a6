#include "report/column_name.hpp"

namespace dyngen::report {

std::optional<ColumnName> parse_column_name(std::string_view text) {
  ColumnName name;
  std::string_view quantity = text;
  const std::size_t bracket = text.find('[');
  if (bracket != std::string_view::npos) {
    if (text.back() != ']' || text.find(']') != text.size() - 1 || bracket == 0 || text[bracket - 1] != ' ')
      return std::nullopt;
    name.unit = text.substr(bracket + 1, text.size() - bracket - 2);
    if (name.unit.empty()) return std::nullopt;
    quantity = text.substr(0, bracket - 1);
  } else if (text.find(']') != std::string_view::npos) {
    return std::nullopt;
  }
  if (quantity.empty() || quantity.find_first_of(" \t") != std::string_view::npos) return std::nullopt;
  name.quantity = quantity;
  const std::size_t dot = quantity.find('.');
  name.group = quantity.substr(0, dot);
  if (dot != std::string_view::npos) name.item = quantity.substr(dot + 1);
  if (name.group.empty() || (dot != std::string_view::npos && (name.item.empty() || name.item.back() == '.')))
    return std::nullopt;
  return name;
}

}  // namespace dyngen::report
