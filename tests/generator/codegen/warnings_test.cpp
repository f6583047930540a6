// The emitted files (the C entry points and the batch ones) compile without a warning under the
// strictest flags of the spec, with both compilers, and the C declarations are valid C: what a
// simulator developer embeds as is.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;

int compile(const std::string& command) { return std::system((command + " 2>&1").c_str()); }

class EmittedCodeWarnings : public ::testing::TestWithParam<std::string> {};

TEST_P(EmittedCodeWarnings, CompileWithWerror) {
  const fs::path dir = fs::path(DYNGEN_SOURCE_DIR) / "generated" / GetParam();
  const std::string stem = (dir / (GetParam() + "_kernels")).string();
  const fs::path out = fs::temp_directory_path() / ("dyngen_warnings_" + GetParam() + ".o");
  const std::string strict = " -Wall -Wextra -Wpedantic -Wshadow -Werror -O0 -c ";
  const std::string batch = (dir / (GetParam() + "_batch")).string();
  for (const char* compiler : {"g++", "clang++"}) {
    for (const std::string& source : {stem + ".cpp", batch + ".cpp"}) {
      EXPECT_EQ(compile(std::string(compiler) + " -std=c++17" + strict + source + " -o " + out.string()), 0)
          << compiler << " " << source;
    }
  }
  // The C headers from C: every entry point declared, nothing C++ in them.
  const fs::path c_file = fs::temp_directory_path() / ("dyngen_warnings_" + GetParam() + ".c");
  std::system(("printf '#include \"" + stem + ".h\"\\n#include \"" + batch + ".h\"\\nint dyngen_c_check;\\n' > " +
               c_file.string())
                  .c_str());
  EXPECT_EQ(compile("gcc -std=c99" + strict + c_file.string() + " -o " + out.string()), 0);
  fs::remove(out);
  fs::remove(c_file);
}

INSTANTIATE_TEST_SUITE_P(BundledModels, EmittedCodeWarnings,
                         ::testing::Values("probe_cone_tree", "branched_tree", "puma560"));

}  // namespace
