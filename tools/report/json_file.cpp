#include "report/json_file.hpp"

#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

TextPosition position_of(std::string_view text, std::size_t offset) {
  TextPosition position{1, 1};
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++position.line;
      position.column = 1;
    } else {
      ++position.column;
    }
  }
  return position;
}

// Walks a valid JSON text without building it; only what locating a value needs.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}
  std::size_t at() const { return at_; }
  char peek() {
    skip_blanks();
    return at_ < text_.size() ? text_[at_] : '\0';
  }
  void take() { ++at_; }

  // A string starting at the cursor, escapes other than \uXXXX decoded (keys compared with it are
  // the run files' plain names).
  std::string string() {
    std::string value;
    ++at_;  // opening quote
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\') ++at_;
      if (at_ < text_.size()) value += text_[at_++];
    }
    ++at_;  // closing quote
    return value;
  }

  void skip_value() {
    const char first = peek();
    if (first == '"') {
      string();
    } else if (first == '{' || first == '[') {
      int depth = 0;
      do {
        const char c = peek();
        if (c == '"') {
          string();
          continue;
        }
        if (c == '{' || c == '[') ++depth;
        if (c == '}' || c == ']') --depth;
        take();
      } while (depth > 0 && at_ < text_.size());
    } else {
      while (at_ < text_.size() && std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) ++at_;
    }
  }

 private:
  void skip_blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r' || text_[at_] == '\n'))
      ++at_;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

// Moves the scanner from a container's start to the start of its member `step`; false if absent.
bool enter(Scanner& scanner, const std::variant<std::string, std::size_t>& step) {
  const char open = scanner.peek();
  if (open != '{' && open != '[') return false;
  if ((open == '{') != std::holds_alternative<std::string>(step)) return false;
  scanner.take();
  for (std::size_t index = 0;; ++index) {
    if (scanner.peek() == '}' || scanner.peek() == ']') return false;
    if (open == '{') {
      const std::string key = scanner.string();
      scanner.peek();
      scanner.take();  // colon
      if (key == std::get<std::string>(step)) return scanner.peek() != '\0';
    } else if (index == std::get<std::size_t>(step)) {
      return scanner.peek() != '\0';
    }
    scanner.skip_value();
    if (scanner.peek() != ',') return false;
    scanner.take();
  }
}

}  // namespace

std::string to_string(const JsonPath& path) {
  if (path.empty()) return "(root)";
  std::string text;
  for (const auto& step : path) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      text += (text.empty() ? "" : ".") + *key;
    } else {
      text += "[" + std::to_string(std::get<std::size_t>(step)) + "]";
    }
  }
  return text;
}

nlohmann::ordered_json parse_json_text(std::string_view text, const std::string& source) {
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // error.byte is the 1-based offset of the last byte read, where the fault shows
    const TextPosition position = position_of(text, error.byte == 0 ? 0 : error.byte - 1);
    std::string message = error.what();
    const std::size_t reason = message.find("syntax error");
    if (reason != std::string::npos) message = message.substr(reason);
    throw RunFileError(source, position.line, position.column, "invalid JSON: " + message);
  }
}

TextPosition locate_json_value(std::string_view text, const JsonPath& path) {
  Scanner scanner(text);
  scanner.peek();
  std::size_t found = scanner.at();
  for (const auto& step : path) {
    if (!enter(scanner, step)) break;
    found = scanner.at();
  }
  return position_of(text, found);
}

void throw_json_value_error(std::string_view text, const std::string& source, const JsonPath& path,
                            const std::string& message) {
  const TextPosition position = locate_json_value(text, path);
  throw RunFileError(source, position.line, position.column, to_string(path) + ": " + message);
}

}  // namespace dyngen::report
