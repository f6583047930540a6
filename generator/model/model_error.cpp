#include "model/model_error.hpp"

namespace dyngen {
namespace {

std::string join_lines(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (!text.empty()) text += '\n';
    text += diagnostic.format();
  }
  return text;
}

}  // namespace

std::string Diagnostic::format() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " +
         (field.empty() ? std::string() : field + ": ") + message;
}

ModelError::ModelError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join_lines(diagnostics)), diagnostics_(std::move(diagnostics)) {}

}  // namespace dyngen
