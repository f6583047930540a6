// Running gnuplot (Debian's gnuplot-nox, whose pngcairo terminal draws the figures) on a script.
#pragma once

#include <filesystem>

namespace dyngen::report {

// Runs `gnuplot SCRIPT` with its output and messages in `log`. False when no gnuplot is on the
// PATH; std::runtime_error with gnuplot's messages when it fails.
bool run_gnuplot(const std::filesystem::path& script, const std::filesystem::path& log);

}  // namespace dyngen::report
