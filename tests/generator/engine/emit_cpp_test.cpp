#include "engine/emit_cpp.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/identifier.hpp"
#include "sample_kernel.hpp"

namespace dyngen::engine {
namespace {

namespace fs = std::filesystem;

std::string sample_source(const std::string& kernel_name, const std::string& input_name,
                          const std::string& mechanism) {
  Context ctx;
  ContextScope scope(ctx);
  std::array<Expr, test::kSampleInputs> in;
  for (int i = 0; i < test::kSampleInputs; ++i) {
    in[i] = Expr::input(InputRole::other, input_name, i, "in" + std::to_string(i));
  }
  const auto out = test::sample_kernel(in);
  Kernel kernel{kernel_name, "sample kernel", {{input_name, test::kSampleInputs, "inputs"}},
                {{"out", test::kSampleOutputs, "outputs"}},
                flatten({{"out", {out.begin(), out.end()}}})};
  return emit_cpp({mechanism, "sample", "0123", "sample_ns", {}}, {kernel});
}

fs::path scratch_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("dyngen_emit_test_" + name + "_" +
                                                    std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

// Compiles the emitted header with a driver comparing it to the direct double evaluation at
// 1000 random points; returns the driver's exit status (0 = all within 1e-12 relative).
int compile_and_run(const std::string& compiler, const std::string& source) {
  const fs::path dir = scratch_dir(compiler);
  std::ofstream(dir / "kernel.hpp") << source;
  std::ofstream(dir / "driver.cpp") << R"(
#include <cmath>
#include <cstdio>
#include <random>
#include "kernel.hpp"
#include "sample_kernel.hpp"
int main() {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  double worst = 0.0;
  for (int trial = 0; trial < 1000; ++trial) {
    std::array<double, dyngen::test::kSampleInputs> in;
    for (double& x : in) x = uniform(rng);
    const auto expected = dyngen::test::sample_kernel(in);
    double out[dyngen::test::kSampleOutputs];
    sample_ns::sample(in.data(), out);
    for (int k = 0; k < dyngen::test::kSampleOutputs; ++k) {
      const double e = std::abs(out[k] - expected[k]) / std::fmax(1.0, std::abs(expected[k]));
      worst = std::fmax(worst, e);
    }
  }
  float fin[dyngen::test::kSampleInputs] = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f};
  float fout[dyngen::test::kSampleOutputs];
  sample_ns::sample(fin, fout);
  std::printf("worst relative error %g\n", worst);
  return worst <= 1e-12 && std::isfinite(fout[0]) ? 0 : 1;
}
)";
  const std::string command = compiler +
                              " -std=c++17 -O1 -Wall -Wextra -Wpedantic -Wshadow -Werror -I" +
                              dir.string() + " -I" DYNGEN_SOURCE_DIR "/tests/generator/engine " +
                              (dir / "driver.cpp").string() + " -o " + (dir / "driver").string() +
                              " && " + (dir / "driver").string();
  const int status = std::system(command.c_str());
  fs::remove_all(dir);
  return status;
}

TEST(EmitCpp, CompilesWarningFreeWithGccAndAgreesWithDirectEvaluation) {
  EXPECT_EQ(compile_and_run("g++", sample_source("sample", "in", "sample mechanism")), 0);
}

TEST(EmitCpp, CompilesWarningFreeWithClangAndAgreesWithDirectEvaluation) {
  EXPECT_EQ(compile_and_run("clang++", sample_source("sample", "in", "sample mechanism")), 0);
}

TEST(EmitCpp, RegenerationIsByteIdentical) {
  EXPECT_EQ(sample_source("sample", "in", "m"), sample_source("sample", "in", "m"));
}

TEST(EmitCpp, HostileNamesAreMangledAndEscaped) {
  const std::string hostile = "x; system(\"rm -rf /\");";
  const std::string source = sample_source("sample", hostile, hostile + "\n#include <cstdlib>\\");
  // The hostile text survives only inside single-line comments.
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("system(") != std::string::npos || line.find("#include <cstdlib>") != std::string::npos) {
      EXPECT_TRUE(line.starts_with("// ")) << line;
      EXPECT_EQ(line.back() == '\\', false) << line;
    }
  }
  EXPECT_NE(source.find(mangle_identifier(hostile)), std::string::npos);
  // Still a valid translation unit.
  const fs::path dir = scratch_dir("hostile");
  std::ofstream(dir / "k.hpp") << source;
  std::ofstream(dir / "k.cpp") << "#include \"k.hpp\"\nint main() { double i[5] = {}; double o[6];"
                               << " sample_ns::sample(i, o); return 0; }\n";
  const std::string command = "g++ -std=c++17 -Wall -Wextra -Wpedantic -Wshadow -Werror " +
                              (dir / "k.cpp").string() + " -o " + (dir / "k").string();
  EXPECT_EQ(std::system(command.c_str()), 0);
  fs::remove_all(dir);
}

TEST(EmitCpp, RefusesUndeclaredInputs) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  Kernel kernel{"k", "", {}, {{"out", 1, ""}}, flatten({{"out", {x * x}}})};
  EXPECT_THROW(emit_cpp({"m", "a", "h", "ns", {}}, {kernel}), std::invalid_argument);
}

TEST(EmitCpp, LiteralsRoundTrip) {
  for (double v : {0.1, 1.0 / 3.0, 6.02214076e23, -2.5e-300, 3.0}) {
    EXPECT_EQ(std::stod(format_double(v)), v);
  }
  EXPECT_EQ(format_double(3.0), "3.0");
}

}  // namespace
}  // namespace dyngen::engine
