// The gnuplot script of a PNG figure: one panel per chart with its data inline, labels quoted
// so that any text is safe, and gnuplot (when installed) draws it into a PNG.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "report/gnuplot_run.hpp"
#include "report/gnuplot_script.hpp"

namespace dyngen::report {
namespace {

Chart sample_chart(const std::string& title, bool steps) {
  Chart chart{title, "time [s]", "force [N]", {0, 0.5, 1.0}, {}, steps, true};
  chart.series.push_back({"pilot's pair", {1, NAN, 3}, "", false});
  chart.series.push_back({"b", {4, 5, 6}, "#123456", true});
  return chart;
}

TEST(GnuplotScript, PanelsCarryTheirDataAndQuotedLabels) {
  const Chart top = sample_chart("Normal force", false), bottom = sample_chart("Latches", true);
  const std::string script = gnuplot_script({"f.png", "Contact 'forces'", {&top, &bottom}}, "/tmp/o'k/f.png");
  EXPECT_NE(script.find("set output '/tmp/o''k/f.png'"), std::string::npos);
  EXPECT_NE(script.find("set multiplot layout 2,1 title 'Contact ''forces'''"), std::string::npos);
  EXPECT_NE(script.find("$panel1 << EOD\n0 1 4\n0.5 NaN 5\n1 3 6\nEOD\n"), std::string::npos);
  EXPECT_NE(script.find("$panel2 << EOD"), std::string::npos);
  EXPECT_NE(script.find("$panel1 using 1:2 with lines lt 1 title 'pilot''s pair'"), std::string::npos);
  EXPECT_NE(script.find("$panel1 using 1:3 with lines lt 2 lc rgb '#123456' dt 2 title 'b'"), std::string::npos);
  EXPECT_NE(script.find("$panel2 using 1:2 with steps"), std::string::npos);
  EXPECT_NE(script.find("set ylabel 'force [N]'"), std::string::npos);
  EXPECT_NE(script.find("noenhanced"), std::string::npos);  // underscores in names stay underscores
}

TEST(GnuplotScript, ScatterPanelsDrawEveryPointAsADot) {
  Chart scatter{"Envelope", "lateral miss [m]", "closing velocity [m/s]", {}, {}, false, false, true};
  scatter.series.push_back({"captured", {}, "#2ca02c", false});
  for (int i = 0; i < 30000; ++i) {  // beyond the 20 000 rows a line panel keeps
    scatter.x.push_back(i);
    scatter.series[0].values.push_back(i % 7);
  }
  const std::string script = gnuplot_script({"e.png", "Capture envelope", {&scatter}}, "/tmp/e.png");
  EXPECT_NE(script.find("$panel1 using 1:2 with points pt 7 ps 0.6 lt 1 lc rgb '#2ca02c' title 'captured'"),
            std::string::npos);
  const std::size_t data = script.find("$panel1 << EOD\n"), end = script.find("EOD\n", data + 15);
  EXPECT_EQ(std::count(script.begin() + static_cast<long>(data), script.begin() + static_cast<long>(end), '\n'), 30001);
}

TEST(GnuplotScript, GnuplotDrawsAPng) {
  const auto folder = std::filesystem::temp_directory_path() / ("gnuplot_script_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  const Chart chart = sample_chart("Normal force", false);
  std::ofstream(folder / "f.gp") << gnuplot_script({"f.png", "Contact forces", {&chart}}, folder / "f.png");
  if (!run_gnuplot(folder / "f.gp", folder / "f.log")) GTEST_SKIP() << "no gnuplot on the PATH";
  std::ifstream png(folder / "f.png", std::ios::binary);
  char signature[8] = {};
  png.read(signature, 8);
  EXPECT_EQ(std::string(signature + 1, 3), "PNG");
  EXPECT_GT(std::filesystem::file_size(folder / "f.png"), 5000u);
  std::filesystem::remove_all(folder);
}

TEST(GnuplotScript, AFailingScriptReportsGnuplotsMessage) {
  const auto folder = std::filesystem::temp_directory_path() / ("gnuplot_fail_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "bad.gp") << "plot $nothing using 1:2\n";
  try {
    if (!run_gnuplot(folder / "bad.gp", folder / "bad.log")) GTEST_SKIP() << "no gnuplot on the PATH";
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("gnuplot failed on"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("nothing"), std::string::npos) << error.what();
  }
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace dyngen::report
