// Diagnostics of the model loader: every problem found in a mechanism file, each with its
// location (file, 1-based line and column), the field path (e.g. "bodies[3].joint.axis") and a
// message saying what would be valid. The loader reports all of them at once in one ModelError.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace dyngen {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  std::string field;
  std::string message;

  // "file:line:col: error: field: message"
  std::string format() const;
};

class ModelError : public std::runtime_error {
 public:
  explicit ModelError(std::vector<Diagnostic> diagnostics);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace dyngen
