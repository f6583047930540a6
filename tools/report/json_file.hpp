// JSON files of a run directory (summary.json, diagram.json): parsing with errors that name
// file:line:column, and the position in the text of a value found faulty after parsing, so that
// a wrong type or a missing key is reported where it is (or where it should be) in the file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace dyngen::report {

// Keys of objects and indices of arrays from the document's root to a value.
using JsonPath = std::vector<std::variant<std::string, std::size_t>>;

// `frames[3].bodies.head.rotation`; `(root)` for the empty path.
std::string to_string(const JsonPath& path);

// The document, keys in the file's order; RunFileError at the fault's line and column otherwise.
nlohmann::ordered_json parse_json_text(std::string_view text, const std::string& source);

struct TextPosition {
  int line;    // 1-based
  int column;  // 1-based, in bytes
};

// Where the value at `path` starts in `text` (a valid JSON document); where its deepest existing
// ancestor starts when the path leads to nothing.
TextPosition locate_json_value(std::string_view text, const JsonPath& path);

// RunFileError "source:line:column: error: <path>: message" at the value's position.
[[noreturn]] void throw_json_value_error(std::string_view text, const std::string& source, const JsonPath& path,
                                         const std::string& message);

}  // namespace dyngen::report
