// `dyngen verify` end to end on a moving-base tree with wrench inputs, named points, springs,
// dampers and actuators, and on a looped mechanism (a four-bar on a turning carrier): every kernel,
// compiled by the system compiler and called through its C entry point, agrees with the double
// instantiation of its algorithm, with parameters folded and kept as runtime inputs.
#include <map>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "looped_models.hpp"
#include "run_dyngen.hpp"

namespace dyngen {
namespace {

using testing::run_dyngen;
using testing::write_text;

const std::string kBranchedTree = std::string(DYNGEN_SOURCE_DIR) + "/models/branched_tree.yaml";

// Kernel name -> largest relative error, from the per-kernel lines.
std::map<std::string, double> kernel_errors(const std::string& output) {
  std::map<std::string, double> errors;
  const std::regex line(R"((\w+)\s+([0-9.]+e[+-][0-9]+)\s+state)");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), line); it != std::sregex_iterator(); ++it) {
    errors[(*it)[1].str()] = std::stod((*it)[2].str());
  }
  return errors;
}

const std::set<std::string> kTreeKernels = {"mass_matrix",      "generalized_forces", "forward_dynamics_crba",
                                             "forward_dynamics_aba", "inverse_dynamics", "base_wrench",
                                             "point_kinematics", "body_kinematics", "energy", "damper_power",
                                             "forward_dynamics_base_wrench", "forward_dynamics"};

// Runs verify on `model` and returns its output.
std::string expect_every_kernel_agrees(const std::string& arguments, const std::string& model = kBranchedTree,
                                       const std::set<std::string>& expected = kTreeKernels) {
  const testing::RunResult result = run_dyngen("verify " + model + " --states 100 " + arguments);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("100 random states"), std::string::npos) << result.out;
  const auto errors = kernel_errors(result.out);
  for (const std::string& kernel : expected) {
    EXPECT_TRUE(errors.count(kernel)) << kernel << " missing in\n" << result.out;
    if (errors.count(kernel)) {
      EXPECT_LE(errors.at(kernel), 1e-10) << kernel;
    }
  }
  EXPECT_EQ(errors.size(), expected.size()) << result.out;
  return result.out;
}

TEST(Verify, FoldedParametersAgreeWithTheAlgorithms) {
  const std::string out = expect_every_kernel_agrees("");
  EXPECT_NE(out.find("parameters folded, random base motion, random wrenches"), std::string::npos) << out;
}

TEST(Verify, RuntimeParametersAgreeWithTheAlgorithms) {
  // branched_tree has the parameters arm_len and arm_mass.
  const std::string out = expect_every_kernel_agrees("--params runtime");
  EXPECT_NE(out.find("2 runtime parameters at the model's values"), std::string::npos) << out;
}

// A looped model's kernels, the closures' among them, each against its algorithm at closed states.
TEST(Verify, LoopedMechanismKernelsAgreeWithTheAlgorithms) {
  const auto model = write_text("four_bar.yaml", test::four_bar_on_carrier);
  expect_every_kernel_agrees("", model.string(),
                             {"position_closure", "loop_residual", "dependent_velocities", "closure",
                              "forward_dynamics_crba", "inverse_dynamics", "base_wrench", "energy", "damper_power",
                              "forward_dynamics_base_wrench", "forward_dynamics"});
}

// With fused multiply-adds the entry points round differently, within the same tolerance.
TEST(Verify, FusedMultiplyAddsAgreeWithTheAlgorithms) {
  const std::string out = expect_every_kernel_agrees("--fma");
  EXPECT_NE(out.find("a * b + c contracted (--fma)"), std::string::npos) << out;
}

// Every state of every batch entry point equals the scalar entry point bit for bit.
TEST(Verify, BatchEntryPointsEqualTheScalarOnes) {
  const testing::RunResult result = run_dyngen("verify " + kBranchedTree + " --states 37 --batch");
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  for (const std::string kernel : {"mass_matrix", "forward_dynamics", "inverse_dynamics", "base_wrench"}) {
    const std::regex line(kernel + R"(_batch\s+0 of 37 states differ from )" + kernel);
    EXPECT_TRUE(std::regex_search(result.out, line)) << kernel << "\n" << result.out;
  }
}

TEST(Verify, RejectsBadArguments) {
  const testing::RunResult zero = run_dyngen("verify " + kBranchedTree + " --states 0");
  EXPECT_EQ(zero.exit_code, 1);
  EXPECT_NE(zero.err.find("--states: expected an integer >= 1"), std::string::npos) << zero.err;
  const testing::RunResult unknown = run_dyngen("verify " + kBranchedTree + " --fast");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("unknown argument '--fast'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace dyngen
