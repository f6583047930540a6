// write_run_report without gnuplot: the page is still written, with a warning and a note in
// place of the figure links, and no plots/ folder or scratch file is left.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "report/write_run_report.hpp"
#include "synthetic_run.hpp"

namespace dyngen::report {
namespace {

TEST(WriteRunReport, WithoutGnuplotThePageIsStillWritten) {
  const auto run = std::filesystem::temp_directory_path() / ("write_run_report_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(run);
  testing::write_synthetic_run(run, {.end_time = 0.5});
  const std::string path = std::getenv("PATH");
  setenv("PATH", "/nonexistent", 1);
  const WrittenReport written = write_run_report(run);
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(written.html, run / "report.html");
  EXPECT_TRUE(written.figures.empty());
  EXPECT_EQ(written.warning, "gnuplot not found (Debian package gnuplot-nox): no PNG figures written");
  std::ifstream in(written.html);
  const std::string html{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(html.find("<p class=\"note\">No figures: gnuplot not found"), std::string::npos);
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(run)) ++entries;
  EXPECT_EQ(entries, 5u);  // the four run files and report.html
  std::filesystem::remove_all(run);
}

}  // namespace
}  // namespace dyngen::report
