// SVG plot of a loop: a complete document with the measured and the fitted curve, every point
// inside the frame, text escaped; a failed write leaves no file.
#include "hysteresis/loop_plot.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace dyngen::hysteresis {
namespace {

std::filesystem::path scratch() {
  const auto dir = std::filesystem::temp_directory_path() / ("dyngen_loop_plot_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

LoopPlot square_loop() {
  LoopPlot plot{"a & b <loop>", {0.0, 1e-3, 1e-3, 0.0, 0.0}, {0.0, 100.0, 50.0, -50.0, 0.0},
                {0.0, 98.0, 52.0, -48.0, 1.0}, "fitted \"pwl\""};
  return plot;
}

TEST(LoopPlot, WritesBothCurvesInsideTheFrame) {
  const auto path = scratch() / "loop.svg";
  write_loop_svg(path.string(), square_loop());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string svg = text.str();
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>\n"), std::string::npos);
  EXPECT_NE(svg.find("a &amp; b &lt;loop&gt;"), std::string::npos);
  EXPECT_NE(svg.find("fitted &quot;pwl&quot;"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  // two polylines of five points, all within the frame x in [90, 780], y in [40, 500]
  int curves = 0;
  for (std::size_t at = svg.find("points=\""); at != std::string::npos; at = svg.find("points=\"", at + 1)) {
    const std::size_t begin = at + 8;
    std::istringstream points(svg.substr(begin, svg.find('"', begin) - begin));
    double x = 0.0, y = 0.0;
    char comma = 0;
    int count = 0;
    while (points >> x >> comma >> y) {
      EXPECT_EQ(comma, ',');
      EXPECT_GE(x, 90.0);
      EXPECT_LE(x, 780.0);
      EXPECT_GE(y, 40.0);
      EXPECT_LE(y, 500.0);
      ++count;
    }
    EXPECT_EQ(count, 5);
    ++curves;
  }
  EXPECT_EQ(curves, 2);
}

TEST(LoopPlot, AFailedWriteLeavesNoFile) {
  const auto path = scratch() / "missing_directory" / "loop.svg";
  EXPECT_THROW(write_loop_svg(path.string(), square_loop()), std::runtime_error);
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  LoopPlot uneven = square_loop();
  uneven.fitted.pop_back();
  EXPECT_THROW(write_loop_svg((scratch() / "uneven.svg").string(), uneven), std::runtime_error);
  EXPECT_FALSE(std::filesystem::exists(scratch() / "uneven.svg"));
}

}  // namespace
}  // namespace dyngen::hysteresis
