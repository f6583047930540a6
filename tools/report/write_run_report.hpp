// `dyngen report RUN_DIR`: reads and checks the whole run directory, then writes the PNG figures
// into RUN_DIR/plots/ and the HTML report (RUN_DIR/report.html unless another path is given),
// each file complete or not at all. A bad run directory throws RunFileError before anything is
// written.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dyngen::report {

struct WrittenReport {
  std::filesystem::path html;
  std::vector<std::filesystem::path> figures;  // PNGs written
  std::string warning;                         // e.g. no gnuplot, so no PNGs; empty if none
};

WrittenReport write_run_report(const std::filesystem::path& run_directory,
                               const std::optional<std::filesystem::path>& html_path = std::nullopt);

}  // namespace dyngen::report
