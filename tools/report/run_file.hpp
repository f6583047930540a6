// A file of a run directory: reading it whole, and the error every reader throws,
// "file:line:column: error: message", with line and column left out where they are 0 (a missing
// file, a fact about the whole file).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace dyngen::report {

class RunFileError : public std::runtime_error {
 public:
  RunFileError(const std::string& file, int line, int column, const std::string& message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string file_;
  int line_;
  int column_;
};

// The file's bytes; RunFileError naming it when it cannot be read.
std::string read_run_file(const std::filesystem::path& path);

}  // namespace dyngen::report
