#include "identifier.hpp"

#include <algorithm>
#include <iterator>
#include <cstdio>

namespace dyngen::engine {

namespace {

constexpr std::string_view kKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
    "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
    "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
    "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};

// Names that are no keywords but would clash with what emitted code uses or includes.
constexpr std::string_view kReserved[] = {"main", "std", "NULL", "assert", "errno"};

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string hex_byte(unsigned char c) {
  char buffer[3];
  std::snprintf(buffer, sizeof buffer, "%02x", c);
  return buffer;
}

}  // namespace

bool is_plain_identifier(std::string_view name) {
  if (name.empty() || !is_alpha(name.front()) || name.back() == '_') return false;
  if (name.find("__") != std::string_view::npos || name.starts_with("m_")) return false;
  if (!std::all_of(name.begin(), name.end(),
                   [](char c) { return is_alpha(c) || is_digit(c) || c == '_'; })) {
    return false;
  }
  return !is_cpp_keyword(name) &&
         std::find(std::begin(kReserved), std::end(kReserved), name) == std::end(kReserved);
}

bool is_cpp_keyword(std::string_view word) {
  return std::find(std::begin(kKeywords), std::end(kKeywords), word) != std::end(kKeywords);
}

std::string mangle_identifier(std::string_view name) {
  if (is_plain_identifier(name)) return std::string(name);
  std::string out = "m_";
  for (char c : name) out += hex_byte(static_cast<unsigned char>(c));
  return out;
}

std::string comment_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '\\') {
      out += c;
    } else {
      out += "\\x" + hex_byte(u);
    }
  }
  return out;
}

}  // namespace dyngen::engine
