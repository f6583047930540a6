// dyngen report RUN_DIR [--out FILE]: the report of a docking simulation run (tools/report/README.md):
// one self-contained HTML file (RUN_DIR/report.html unless --out) with the summary, the animated
// dynamic diagram, the events and charts of the time histories, and PNG figures for papers in
// RUN_DIR/plots/. Prints the HTML file's path. A missing or malformed file of the run directory
// prints file:line:column: error: message, exits with 1 and writes nothing.
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "report/run_file.hpp"
#include "report/write_run_report.hpp"

namespace dyngen::cli {
namespace {

constexpr const char* kUsage = "usage: dyngen report RUN_DIR [--out FILE]\n";

}  // namespace

int run_report(const Args& args) {
  std::string run_directory;
  std::optional<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--out" && i + 1 < args.size()) {
      out = args[++i];
    } else if (args[i].starts_with("-") || !run_directory.empty()) {
      std::cerr << "dyngen report: unexpected argument '" << args[i] << "'\n" << kUsage;
      return 2;
    } else {
      run_directory = args[i];
    }
  }
  if (run_directory.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  try {
    const report::WrittenReport written =
        report::write_run_report(run_directory, out ? std::optional<std::filesystem::path>(*out) : std::nullopt);
    if (!written.warning.empty()) std::cerr << "dyngen report: warning: " << written.warning << "\n";
    std::cout << written.html.string() << "\n";
  } catch (const report::RunFileError& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dyngen::cli
