// A history column's name, `group.item [unit]`: `contact.head_sphere-cone_1.normal [N]` is group
// `contact`, item `head_sphere-cone_1.normal`, unit `N`. A name without a dot is a group of its
// own with an empty item (`closing_velocity [m/s]`); a name without brackets has no unit.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dyngen::report {

struct ColumnName {
  std::string quantity;  // the name without the unit: `relative.x`
  std::string group;     // text before the first dot
  std::string item;      // text after the first dot
  std::string unit;      // text inside the brackets, e.g. `N m`; `-` for dimensionless
};

// Nothing when the text is not of that form (empty quantity, empty group or item around a dot,
// brackets not closing the name, blanks inside the quantity).
std::optional<ColumnName> parse_column_name(std::string_view text);

}  // namespace dyngen::report
