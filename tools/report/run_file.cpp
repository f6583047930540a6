#include "report/run_file.hpp"

#include <fstream>
#include <iterator>

namespace dyngen::report {
namespace {

std::string describe(const std::string& file, int line, int column, const std::string& message) {
  std::string text = file;
  if (line > 0) text += ":" + std::to_string(line);
  if (line > 0 && column > 0) text += ":" + std::to_string(column);
  return text + ": error: " + message;
}

}  // namespace

RunFileError::RunFileError(const std::string& file, int line, int column, const std::string& message)
    : std::runtime_error(describe(file, line, column, message)), file_(file), line_(line), column_(column) {}

std::string read_run_file(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    throw RunFileError(path.string(), 0, 0, std::filesystem::exists(path, error) ? "not a regular file" : "no such file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RunFileError(path.string(), 0, 0, "cannot open the file");
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw RunFileError(path.string(), 0, 0, "cannot read the file");
  return text;
}

}  // namespace dyngen::report
