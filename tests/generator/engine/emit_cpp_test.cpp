#include "engine/emit_cpp.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

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
  std::printf("worst error %g\n", worst);
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

// A kernel longer than kInstructionsPerPart is printed as parts passing values through `carry`:
// with outputs in every part, one output a bare input and one a constant, unused inputs, and
// values read several parts after they are made. It compiles warning-free with both compilers and
// agrees with the instruction list's own evaluation.
std::pair<std::string, std::vector<double>> long_kernel_source() {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const Expr y = Expr::input(InputRole::q, "q", 1, "y");
  Expr::input(InputRole::qd, "unused", 0, "u");
  std::vector<Expr> out;
  Expr v = x;
  for (int k = 0; k < 3 * static_cast<int>(kInstructionsPerPart); ++k) {
    v = v * Expr(0.5) + sin(v) * y + Expr(0.001 * k);
    if (k % 1000 == 999) out.push_back(v + x * y);  // x * y made in part 0, read in later parts
  }
  out.push_back(y);
  out.push_back(Expr(2.5));
  Kernel kernel{"long_kernel", "long", {{"q", 2, "q"}, {"unused", 1, "not read"}}, {{"out", static_cast<int>(out.size()), "o"}},
                flatten({{"out", out}})};
  const auto expected = evaluate(kernel.code, [](const std::string&, int i) { return i == 0 ? 0.3 : -0.7; });
  return {emit_cpp({"m", "long", "h", "long_ns", {}}, {kernel}), expected[0]};
}

TEST(EmitCpp, LongKernelsArePrintedAsPartsThatCompileAndAgree) {
  const auto [source, expected] = long_kernel_source();
  EXPECT_NE(source.find("namespace long_kernel_parts"), std::string::npos);
  EXPECT_NE(source.find("void part2("), std::string::npos);
  for (const std::string compiler : {"g++", "clang++"}) {
    const fs::path dir = scratch_dir("long_" + compiler);
    std::ofstream(dir / "k.hpp") << source;
    std::ostringstream driver;
    driver << "#include <cmath>\n#include \"k.hpp\"\nint main() {\n  const double q[2] = {0.3, -0.7};\n"
           << "  const double u[1] = {0.0};\n  double out[" << expected.size() << "];\n"
           << "  long_ns::long_kernel(q, u, out);\n  const double expected[] = {";
    for (const double e : expected) driver << format_double(e) << ", ";
    driver << "};\n  for (unsigned k = 0; k < " << expected.size()
           << "; ++k)\n    if (std::abs(out[k] - expected[k]) > 1e-12 * std::fmax(1.0, std::abs(expected[k]))) return 1;\n"
           << "  float qf[2] = {0.3f, -0.7f}, uf[1] = {0.0f}, outf[" << expected.size() << "];\n"
           << "  long_ns::long_kernel(qf, uf, outf);\n  return std::isfinite(outf[0]) ? 0 : 1;\n}\n";
    std::ofstream(dir / "k.cpp") << driver.str();
    const std::string command = compiler + " -std=c++17 -O1 -Wall -Wextra -Wpedantic -Wshadow -Werror " +
                                (dir / "k.cpp").string() + " -o " + (dir / "k").string() + " && " + (dir / "k").string();
    EXPECT_EQ(std::system(command.c_str()), 0) << compiler;
    fs::remove_all(dir);
  }
}

// Each computed output is stored on the line after its value's definition (after the value's carry
// store, if any), each value of an earlier part is read from carry right before its first use
// (with at most the read of the same instruction's other operand between), and outputs that are inputs or constants are stored at the end of the last part: no value
// stays live to the end of a function (emit_cpp.hpp).
TEST(EmitCpp, ValuesAreStoredWhereTheyAreMadeAndCarriedValuesReadWhereFirstUsed) {
  const auto [source, expected] = long_kernel_source();
  std::vector<std::string> lines;
  std::istringstream text(source);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  // the text of `line` between `from` and the next `to` after it
  const auto between = [](const std::string& line, const std::string& from, const std::string& to) {
    const std::size_t begin = line.find(from) + from.size();
    return line.substr(begin, line.find(to, begin) - begin);
  };
  int computed_stores = 0, carried_reads = 0;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.rfind("  out[", 0) == 0) {
      const std::string value = between(line, " = ", ";");
      if (value[0] != 't') continue;
      ++computed_stores;
      std::size_t d = i - 1;
      while (d > 0 && (lines[d].rfind("  out[", 0) == 0 || lines[d].rfind("  carry[", 0) == 0)) --d;
      EXPECT_EQ(lines[d].rfind("  const T " + value + " = ", 0), 0u) << line << " follows " << lines[d];
    }
    if (line.rfind("  const T t", 0) == 0 && line.find(" = carry[") != std::string::npos) {
      ++carried_reads;
      const std::string value = between(line, "const T ", " = ");
      // the instruction after this read and the one of its other operand, if any
      std::size_t use = i + 1;
      while (use + 1 < lines.size() && lines[use].find(" = carry[") != std::string::npos) ++use;
      const std::string& next = lines[use];
      EXPECT_TRUE(next.find(" " + value + " ") != std::string::npos || next.find(" " + value + ";") != std::string::npos ||
                  next.find("(" + value + ")") != std::string::npos)
          << line << " is not followed by a use: " << next;
    }
  }
  EXPECT_EQ(computed_stores, 3 * static_cast<int>(kInstructionsPerPart) / 1000);
  EXPECT_GT(carried_reads, 0);
  // y and 2.5 are stored after the last part's instructions
  const std::size_t last_part = source.rfind("void part");
  ASSERT_NE(last_part, std::string::npos);
  EXPECT_NE(source.find("  out[" + std::to_string(expected.size() - 2) + "] = q[1];\n", last_part), std::string::npos);
  EXPECT_NE(source.find("  out[" + std::to_string(expected.size() - 1) + "] = T(2.5);\n", last_part), std::string::npos);
  // the headers' contract that makes the early stores valid
  EXPECT_NE(source.find(kNoOverlapContract), std::string::npos);
}

// Sines and cosines of input elements come from the header's dyngen_sin_cos, computed once per
// element in the prologue; that of an expression from std::sin. Both compilers, against std::sin
// and std::cos: near multiples of pi/2, up to the 3e4 beyond which std:: takes over, and non-finite;
// also under -ffast-math (finite inputs, absolute error: reassociation may merge the parts of 2pi/256),
// where the rounding of x 256/2pi must still give an integer.
TEST(EmitCpp, SinesAndCosinesOfInputsAgreeWithTheStandardLibrary) {
  Context ctx;
  ContextScope scope(ctx);
  std::vector<Expr> out;
  for (int i = 1; i < 4; ++i) {
    const Expr x = Expr::input(InputRole::q, "q", i, "q" + std::to_string(i));
    out.push_back(sin(x));
    out.push_back(cos(x));
  }
  out.push_back(sin(Expr::input(InputRole::q, "q", 1, "q1") * Expr(2.0)));
  Kernel kernel{"angles", "sines and cosines", {{"q", 4, "angles"}}, {{"out", static_cast<int>(out.size()), "o"}},
                flatten({{"out", out}})};
  const std::string source = emit_cpp({"m", "trig", "h", "trig_ns", {}}, {kernel});
  EXPECT_NE(source.find("dyngen_sin_cos_array(q + 1, 3, sin_q + 1, cos_q + 1);"), std::string::npos);
  EXPECT_NE(source.find("std::sin("), std::string::npos);
  for (const std::string compiler : {"g++", "clang++"})
  for (const std::string flags : {"-O2", "-O2 -ffast-math"}) {
    const fs::path dir = scratch_dir("trig_" + compiler);
    std::ofstream(dir / "k.hpp") << source;
    std::ofstream(dir / "k.cpp") << R"(#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include "k.hpp"
int main() {
  std::mt19937_64 rng(5);
  double worst = 0.0;
  const auto check = [&](double a, double b, double c) {
    const double q[4] = {0.0, a, b, c};
    double out[7];
    trig_ns::angles(q, out);
    for (int i = 0; i < 3; ++i) {
      const double expected[2] = {std::sin(q[i + 1]), std::cos(q[i + 1])};
      for (int k = 0; k < 2; ++k) {
#ifdef __FAST_MATH__
        const double error = std::abs(out[2 * i + k] - expected[k]);
#else
        const double error = std::abs(out[2 * i + k] - expected[k]) / std::fmax(std::abs(expected[k]), 1e-300);
#endif
        if (!(error <= worst) && !(std::isnan(expected[k]) && std::isnan(out[2 * i + k]))) worst = error;
      }
    }
#ifdef __FAST_MATH__
    return true;
  };
  const double bound = 1e-11;
#else
    return out[6] == std::sin(2.0 * a);
  };
  const double bound = 5e-16;
#endif
  bool ok = true;
  std::uniform_real_distribution<double> uniform_small(-4.0, 4.0);
  for (const double range : {1.0, 10.0, 1e3, 2.9e4, 9.9e5, 1e8}) {
    std::uniform_real_distribution<double> uniform(-range, range);
    for (int n = 0; n < 20000; ++n) ok = check(uniform(rng), uniform(rng), uniform(rng)) && ok;
  }
  for (int k = -2000; k <= 2000; ++k) {
    const double x = k * 1.5707963267948966;
    ok = check(x, std::nextafter(x, 1e300), std::nextafter(x, -1e300)) && ok;
  }
#ifndef __FAST_MATH__
  const double inf = std::numeric_limits<double>::infinity();
  ok = check(0.0, inf, std::numeric_limits<double>::quiet_NaN()) && ok;
#endif
  // two angles at a time round exactly as one at a time, also where one of them is out of range
  std::uniform_real_distribution<double> wide(-3.5e4, 3.5e4);
  for (int n = 0; n < 100000; ++n) {
    const double angles[2] = {wide(rng), n % 2 ? wide(rng) : uniform_small(rng)};
    double pair_sin[2], pair_cos[2];
    trig_ns::dyngen_sin_cos_array(angles, 2, pair_sin, pair_cos);
    for (int i = 0; i < 2; ++i) {
      double one_sin, one_cos;
      trig_ns::dyngen_sin_cos(angles[i], one_sin, one_cos);
      ok = std::memcmp(&one_sin, &pair_sin[i], sizeof one_sin) == 0 && std::memcmp(&one_cos, &pair_cos[i], sizeof one_cos) == 0 && ok;
    }
  }
  const float qf[4] = {0.0f, 0.5f, -2.0f, 3.0f};
  float outf[7];
  trig_ns::angles(qf, outf);
  std::printf("worst error %g\n", worst);
  return ok && worst <= bound && std::abs(outf[2] - std::sin(-2.0f)) < 1e-6f ? 0 : 1;
}
)";
    const std::string command = compiler + " -std=c++17 " + flags + " -Wall -Wextra -Wpedantic -Wshadow -Werror " +
                                (dir / "k.cpp").string() + " -o " + (dir / "k").string() + " && " + (dir / "k").string();
    EXPECT_EQ(std::system(command.c_str()), 0) << compiler << " " << flags;
    fs::remove_all(dir);
  }
}

// Angles not contiguous in their array (a looped model's revolute coordinates between prismatic
// ones) are gathered, so no sine or cosine of an element nothing reads is computed; the values are
// dyngen_sin_cos's, bit for bit.
TEST(EmitCpp, SinesAndCosinesOfScatteredInputsAreGathered) {
  Context ctx;
  ContextScope scope(ctx);
  std::vector<Expr> out;
  for (int i : {0, 2, 5}) {
    const Expr x = Expr::input(InputRole::q, "q", i, "q" + std::to_string(i));
    out.push_back(sin(x));
    out.push_back(cos(x));
  }
  Kernel kernel{"scattered", "scattered angles", {{"q", 6, "angles"}}, {{"out", 6, "o"}}, flatten({{"out", out}})};
  const std::string source = emit_cpp({"m", "scattered", "h", "scattered_ns", {}}, {kernel});
  EXPECT_NE(source.find("const T angle[3] = {q[0], q[2], q[5]};"), std::string::npos) << source;
  EXPECT_NE(source.find("dyngen_sin_cos_array(angle, 3, sine, cosine);"), std::string::npos) << source;
  const fs::path dir = scratch_dir("scattered");
  std::ofstream(dir / "k.hpp") << source;
  std::ofstream(dir / "k.cpp") << R"(#include <cstring>
#include <random>
#include "k.hpp"
int main() {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> uniform(-10.0, 10.0);
  bool ok = true;
  for (int n = 0; n < 1000; ++n) {
    double q[6], out[6];
    for (double& x : q) x = uniform(rng);
    scattered_ns::scattered(q, out);
    int k = 0;
    for (int i : {0, 2, 5}) {
      double s, c;
      scattered_ns::dyngen_sin_cos(q[i], s, c);
      ok = std::memcmp(&s, &out[k], sizeof s) == 0 && std::memcmp(&c, &out[k + 1], sizeof c) == 0 && ok;
      k += 2;
    }
  }
  return ok ? 0 : 1;
}
)";
  const std::string command = "g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -Wshadow -Werror " + (dir / "k.cpp").string() +
                              " -o " + (dir / "k").string() + " && " + (dir / "k").string();
  EXPECT_EQ(std::system(command.c_str()), 0);
  fs::remove_all(dir);
}

// sign and the header's own dyngen_atan2 against the standard library: atan2 within 6e-16 relative
// of std::atan2 over random operands of every sign and magnitude, on the octant boundaries and at
// signed zeros, infinities and NaN (where it defers to std::atan2); also under -ffast-math (within
// 6e-16 absolute) and with clang.
TEST(EmitCpp, SignAndAtan2CompileAndAgreeWithTheStandardLibrary) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr x = Expr::input(InputRole::other, "in", 0, "x");
  const Expr y = Expr::input(InputRole::other, "in", 1, "y");
  Kernel kernel{"branch", "sign and atan2", {{"in", 2, "x, y"}}, {{"out", 3, "o"}},
                flatten({{"out", {atan2(y, x - 1.0), sign(x * y) * sqrt(x * x + 1.0), atan2(y, x)}}})};
  const std::string source = emit_cpp({"m", "branch", "h", "branch_ns", {}}, {kernel});
  EXPECT_NE(source.find("dyngen_atan2("), std::string::npos);
  for (const std::string compiler : {"g++", "clang++"})
  for (const std::string flags : {"-O2", "-O2 -ffast-math"}) {
    if (compiler == "clang++" && flags != "-O2") continue;
    const fs::path dir = scratch_dir("branch_" + compiler);
    std::ofstream(dir / "k.hpp") << source;
    std::ofstream(dir / "k.cpp") << R"(#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include "k.hpp"
int main() {
  int wrong = 0;
  for (double a = -2.0; a <= 2.0; a += 0.25)
    for (double b = -2.0; b <= 2.0; b += 0.25) {
      const double in[2] = {a, b};
      double out[3];
      branch_ns::branch(in, out);
      const double s = a * b < 0.0 ? -1.0 : 1.0;
      wrong += std::abs(out[0] - std::atan2(b, a - 1.0)) > 6e-16 * std::abs(std::atan2(b, a - 1.0)) + 1e-300 ||
               std::abs(out[1] - s * std::sqrt(a * a + 1.0)) > 1e-15;
    }
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), exponent(-30.0, 30.0);
  double worst = 0.0;
  const auto check = [&](double y, double x) {
    const double expected = std::atan2(y, x), got = branch_ns::dyngen_atan2(y, x);
#ifdef __FAST_MATH__
    const double error = std::abs(got - expected);
#else
    const double error = std::abs(got - expected) / std::fmax(std::abs(expected), 1e-300);
    if (std::signbit(got) != std::signbit(expected)) ++wrong;
#endif
    if (error > worst) worst = error;
  };
  for (int n = 0; n < 200000; ++n) check(unit(rng) * std::pow(2.0, exponent(rng)), unit(rng) * std::pow(2.0, exponent(rng)));
  for (int n = 0; n < 20000; ++n) {
    const double t = unit(rng);
    check(t, t);  // octant boundaries
    check(t, -t);
    check(std::nextafter(t, 2.0), t);
  }
#ifndef __FAST_MATH__
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (double y : {0.0, -0.0, 1.0, -1.0, inf, -inf})
    for (double x : {0.0, -0.0, 1.0, -1.0, inf, -inf}) check(y, x);
  wrong += !std::isnan(branch_ns::dyngen_atan2(nan, 1.0)) + !std::isnan(branch_ns::dyngen_atan2(1.0, nan));
#endif
  const float inf_f[2] = {0.5f, -0.5f};
  float outf[3];
  branch_ns::branch(inf_f, outf);
  std::printf("worst error %g\n", worst);
  return wrong == 0 && worst <= 6e-16 && outf[1] < 0.0f ? 0 : 1;
}
)";
    const std::string command = compiler + " -std=c++17 " + flags + " -Wall -Wextra -Wpedantic -Wshadow -Werror " +
                                (dir / "k.cpp").string() + " -o " + (dir / "k").string() + " && " + (dir / "k").string();
    EXPECT_EQ(std::system(command.c_str()), 0) << compiler << " " << flags;
    fs::remove_all(dir);
  }
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
