// dyngen report RUN_DIR | DB [--out FILE]: the report of a docking simulation run or of a docking
// campaign's store (tools/report/README.md), told apart by what the path is: a directory is a run,
// an SQLite file a campaign. A run's report is RUN_DIR/report.html unless --out, with PNG figures
// for papers in RUN_DIR/plots/; a campaign's is <DB stem>.html beside the store unless --out, with
// PNG figures in <html stem>_plots/. Prints the HTML file's path. A missing or malformed file
// prints file:line:column: error: message (a run) or names the store and the fault (a campaign),
// exits with 1 and writes nothing.
#include <iostream>
#include <optional>
#include <string>

#include "campaign/campaign_error.hpp"
#include "commands.hpp"
#include "report/run_file.hpp"
#include "report/write_campaign_report.hpp"
#include "report/write_run_report.hpp"

namespace dyngen::cli {
namespace {

constexpr const char* kUsage = "usage: dyngen report RUN_DIR | DB [--out FILE]\n";

}  // namespace

int run_report(const Args& args) {
  std::string run_directory;  // or a campaign store
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
  const std::optional<std::filesystem::path> html = out ? std::optional<std::filesystem::path>(*out) : std::nullopt;
  try {
    if (std::filesystem::is_regular_file(run_directory) && !report::is_sqlite_file(run_directory)) {
      std::cerr << "dyngen report: " << run_directory
                << " is neither a run directory nor a campaign store (an SQLite file)\n";
      return 1;
    }
    const report::WrittenReport written = report::is_sqlite_file(run_directory)
                                              ? report::write_campaign_report(run_directory, html)
                                              : report::write_run_report(run_directory, html);
    if (!written.warning.empty()) std::cerr << "dyngen report: warning: " << written.warning << "\n";
    std::cout << written.html.string() << "\n";
  } catch (const report::RunFileError& error) {
    std::cerr << error.what() << "\n";
    return 1;
  } catch (const campaign::CampaignError& error) {
    std::cerr << "dyngen report: " << error.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dyngen::cli
