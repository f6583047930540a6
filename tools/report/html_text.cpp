#include "report/html_text.hpp"

#include <cctype>
#include <cstdio>

namespace dyngen::report {

std::string escape_html(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&#39;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

std::string json_for_script(std::string_view json) {
  std::string safe;
  safe.reserve(json.size());
  for (const char c : json) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  return safe;
}

std::string script_for_html(std::string_view script) {
  std::string safe;
  safe.reserve(script.size());
  constexpr std::string_view kEnd = "</script";
  for (std::size_t i = 0; i < script.size(); ++i) {
    bool ends_script = i + kEnd.size() <= script.size();
    for (std::size_t k = 0; ends_script && k < kEnd.size(); ++k)
      ends_script = std::tolower(static_cast<unsigned char>(script[i + k])) == kEnd[k];
    if (ends_script) {
      safe += "<\\/";
      ++i;  // the slash, written above
    } else {
      safe += script[i];
    }
  }
  return safe;
}

std::string format_number(double value, int significant) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", significant, value);
  return text;
}

}  // namespace dyngen::report
