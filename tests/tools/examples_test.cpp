// tools/examples/integrate end to end: configured and built as a stand-alone project with the
// built dyngen (dyngen_generate generates the chain6 kernels at build time), then run; the
// unforced, undamped chain must conserve its energy over 1 s of RK4 integration.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

struct CommandResult {
  int exit_code = -1;
  std::string output;
};

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

CommandResult run_command(const std::string& command, const fs::path& log) {
  const int status = std::system((command + " >" + quoted(log) + " 2>&1").c_str());
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

TEST(IntegrateExample, BuildsWithGeneratedKernelsAndConservesEnergy) {
  const fs::path build = fs::temp_directory_path() / ("dyngen_example_" + std::to_string(getpid()));
  fs::remove_all(build);
  fs::create_directories(build);
  const fs::path source = fs::path(DYNGEN_SOURCE_DIR) / "tools/examples/integrate";
  const fs::path dyngen = fs::path(DYNGEN_BINARY_DIR) / "bin/dyngen";
  ASSERT_TRUE(fs::exists(dyngen)) << dyngen;

  const CommandResult configure = run_command(std::string(DYNGEN_CMAKE_COMMAND) + " -S " + quoted(source) + " -B " +
                                quoted(build) + " -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=" +
                                quoted(DYNGEN_CXX_COMPILER) + " -DDYNGEN_EXECUTABLE=" + quoted(dyngen),
                            build / "configure.log");
  ASSERT_EQ(configure.exit_code, 0) << configure.output;
  const CommandResult compile = run_command(std::string(DYNGEN_CMAKE_COMMAND) + " --build " + quoted(build),
                          build / "build.log");
  ASSERT_EQ(compile.exit_code, 0) << compile.output;
  EXPECT_NE(compile.output.find("dyngen: generating chain6 kernels"), std::string::npos) << compile.output;
  EXPECT_TRUE(fs::exists(build / "chain6_kernels/chain6_kernels.hpp"));

  const CommandResult example = run_command(quoted(build / "integrate"), build / "run.log");
  ASSERT_EQ(example.exit_code, 0) << example.output;
  std::smatch drift, order, peak;
  ASSERT_TRUE(std::regex_search(example.output, drift, std::regex("relative energy drift: ([0-9.e+-]+)")))
      << example.output;
  ASSERT_TRUE(std::regex_search(example.output, order, std::regex("convergence order of the drift: ([0-9.e+-]+)")))
      << example.output;
  ASSERT_TRUE(std::regex_search(example.output, peak, std::regex("peak kinetic energy ([0-9.e+-]+) J")))
      << example.output;
  // The chain swings hard (tens of joules) yet keeps its energy to the integrator's error, and that
  // error falls as RK4's h^4: inconsistent kernels would leave a drift that does not shrink with h.
  EXPECT_GT(std::stod(peak[1].str()), 1.0) << example.output;
  EXPECT_LT(std::stod(drift[1].str()), 1e-7) << example.output;
  EXPECT_GT(std::stod(order[1].str()), 3.5) << example.output;
  EXPECT_LT(std::stod(order[1].str()), 5.0) << example.output;

  // A second build with nothing changed does not regenerate the kernels.
  const CommandResult again = run_command(std::string(DYNGEN_CMAKE_COMMAND) + " --build " + quoted(build),
                        build / "rebuild.log");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(again.output.find("dyngen: generating"), std::string::npos) << again.output;
  fs::remove_all(build);
}

}  // namespace
