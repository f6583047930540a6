// Runs the built dyngen tool with arguments and captures its exit code and output, and writes test
// input files into a per-process scratch directory.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace dyngen::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::filesystem::path scratch_dir() {
  const auto dir = std::filesystem::temp_directory_path() / ("dyngen_cli_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::filesystem::path write_text(const std::string& name, const std::string& text) {
  const auto path = scratch_dir() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// `arguments` are passed through the shell as written. Under DYNGEN_SANITIZE=ON, LeakSanitizer is
// told to ignore exactly CLN's never-freed static-initialisation bytes (as the model tests do);
// the variable is inert in normal builds.
inline RunResult run_dyngen(const std::string& arguments) {
  const auto out = scratch_dir() / "stdout.txt";
  const auto err = scratch_dir() / "stderr.txt";
  const auto suppressions = write_text("lsan.supp", "leak:libcln.so\n");
  const std::string command = "LSAN_OPTIONS=suppressions=" + suppressions.string() + " " +
                              std::string(DYNGEN_BINARY_DIR) + "/bin/dyngen " + arguments + " >" + out.string() +
                              " 2>" + err.string();
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(out), read_text(err)};
}

}  // namespace dyngen::testing
