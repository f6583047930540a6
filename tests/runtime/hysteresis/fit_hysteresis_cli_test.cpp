// `dyngen fit-hysteresis` end to end: the bundled sample's parameters are printed with names and
// units, RMS and maximum error, and the plot is written (by default into the current directory);
// a bad CSV is refused with file:line:column, exit code 1 and no plot.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "../../tools/dyngen/run_dyngen.hpp"

namespace dyngen {
namespace {

using testing::run_dyngen;

const std::string kSample = std::string(DYNGEN_SOURCE_DIR) + "/models/hysteresis/transmission_loop.csv";

// The value printed on the line of the parameter `name` ("  name  symbol  value  unit").
double printed(const std::string& out, const std::string& name) {
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string first, symbol;
    double value = 0.0;
    if (fields >> first >> symbol >> value && first == name) return value;
  }
  return NAN;
}

TEST(FitHysteresisCommand, PrintsTheBundledSamplesParametersAndWritesThePlot) {
  const auto plot = testing::scratch_dir() / "sample.svg";
  std::filesystem::remove(plot);
  const testing::RunResult result = run_dyngen("fit-hysteresis " + kSample + " --plot " + plot.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("1001 samples, 19 reversals"), std::string::npos) << result.out;
  for (const char* unit_line : {"k_l", "N/m\n", "k_u", "k_t", "  backlash ", " m\n", "fit error: rms ", " N, max "})
    EXPECT_NE(result.out.find(unit_line), std::string::npos) << unit_line << "\n" << result.out;
  // the sample's documented parameters (models/hysteresis/README.md), within 2 %
  EXPECT_NEAR(printed(result.out, "loading_stiffness"), 2.0e5, 4e3) << result.out;
  EXPECT_NEAR(printed(result.out, "unloading_stiffness"), 1.2e5, 2.4e3);
  EXPECT_NEAR(printed(result.out, "transition_stiffness"), 1.0e6, 2e4);
  EXPECT_NEAR(printed(result.out, "backlash"), 2.0e-4, 4e-6);
  EXPECT_NE(result.out.find("plot: " + plot.string()), std::string::npos);
  EXPECT_EQ(testing::read_text(plot).rfind("<?xml", 0), 0u);
}

TEST(FitHysteresisCommand, TheVariableModelPrintsItsSevenParametersAndTheInitialForce) {
  const auto plot = testing::scratch_dir() / "variable.svg";
  const testing::RunResult result =
      run_dyngen("fit-hysteresis " + kSample + " --model variable --plot " + plot.string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const char* name : {"branch_stiffness", "stiffness_per_amplitude", "stiffness_per_mean", "loop_width",
                           "width_per_amplitude", "width_per_mean", "transition_stiffness", "initial_force"})
    EXPECT_FALSE(std::isnan(printed(result.out, name))) << name << "\n" << result.out;
  EXPECT_NE(result.out.find("N/m^2"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(plot));
}

TEST(FitHysteresisCommand, ThePlotGoesIntoTheCurrentDirectoryByDefault) {
  const auto dir = testing::scratch_dir() / "default_plot";
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir / "transmission_loop_pwl.svg");
  const std::string command = "cd " + dir.string() + " && " + std::string(DYNGEN_BINARY_DIR) +
                              "/bin/dyngen fit-hysteresis " + kSample + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_TRUE(std::filesystem::exists(dir / "transmission_loop_pwl.svg"));
}

TEST(FitHysteresisCommand, ABadFileIsRefusedWithItsLineAndNoPlot) {
  std::string text = "deflection,force\n";
  for (int i = 0; i < 30; ++i) text += std::to_string(1e-4 * (i % 10)) + "," + (i == 12 ? "12,5" : std::to_string(i)) + "\n";
  const auto csv = testing::write_text("bad_loop.csv", text);
  const auto plot = testing::scratch_dir() / "bad_loop.svg";
  std::filesystem::remove(plot);
  const testing::RunResult result = run_dyngen("fit-hysteresis " + csv.string() + " --plot " + plot.string());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find(csv.string() + ":14:13: error: expected 2 fields as in the header, found 3"),
            std::string::npos)
      << result.err;
  EXPECT_TRUE(result.out.empty());
  EXPECT_FALSE(std::filesystem::exists(plot));
  EXPECT_FALSE(std::filesystem::exists(plot.string() + ".tmp"));
}

TEST(FitHysteresisCommand, BadArgumentsAreRefused) {
  EXPECT_EQ(run_dyngen("fit-hysteresis").exit_code, 2);
  const testing::RunResult model = run_dyngen("fit-hysteresis " + kSample + " --model spline");
  EXPECT_EQ(model.exit_code, 2);
  EXPECT_NE(model.err.find("--model must be pwl or variable"), std::string::npos);
  EXPECT_EQ(run_dyngen("fit-hysteresis " + kSample + " --colour red").exit_code, 2);
  const testing::RunResult missing = run_dyngen("fit-hysteresis /nonexistent/loop.csv");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/loop.csv: error: cannot open the file"), std::string::npos);
}

}  // namespace
}  // namespace dyngen
