#include "report/atomic_file.hpp"

#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <string>

namespace dyngen::report {

std::filesystem::path temporary_beside(const std::filesystem::path& target) {
  return target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(getpid()));
}

void write_file_atomically(const std::filesystem::path& target, std::string_view text) {
  const std::filesystem::path temporary = temporary_beside(target);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw std::runtime_error("cannot write " + target.string());
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, target, error);
  if (error) {
    const std::string reason = error.message();
    std::filesystem::remove(temporary, error);
    throw std::runtime_error("cannot write " + target.string() + ": " + reason);
  }
}

}  // namespace dyngen::report
