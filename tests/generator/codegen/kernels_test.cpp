// Every kernel of every bundled model, in both parameter modes, evaluated from its instruction
// list and compared at 1000 random states with the same algorithm instantiated in long double,
// whose own rounding error is far below the 1e-12 asked of the kernel (the double instantiation
// is itself up to 1e-12 off on chain30's ill-conditioned CRBA route).
#include "codegen/kernels.hpp"
#include "engine/tree_height.hpp"

#include <gtest/gtest.h>

#include "generator/model/loader.hpp"
#include "random_inputs.hpp"

namespace dyngen::codegen {
namespace {

class KernelsTest : public ::testing::TestWithParam<std::tuple<std::string, bool>> {};

TEST_P(KernelsTest, AgreeWithDoubleInstantiation) {
  const auto& [name, runtime] = GetParam();
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
  GenerateOptions options;
  options.all_parameters = runtime;
  const GeneratedKernels kernels = build_kernels(model, options);
  std::mt19937_64 rng(2024);
  std::uniform_real_distribution<double> perturb(0.8, 1.2);
  constexpr int kStates = 1000, kParameterSets = 10;
  for (int set = 0; set < kParameterSets; ++set) {
    std::vector<double> p;
    for (const std::string& parameter : kernels.parameters) {
      for (const Parameter& mp : model.parameters) {
        if (mp.name == parameter) p.push_back(mp.value * perturb(rng));
      }
    }
    const NumericReference reference(model, kernels.parameters, p, ReferenceScalar::long_double);
    for (const engine::Kernel& kernel : kernels.kernels) {
      double worst = 0.0;
      for (int s = 0; s < kStates / kParameterSets; ++s) {
        const auto inputs = test::random_inputs(kernel.inputs, p, rng);
        const auto got = engine::evaluate(kernel.code, [&](const std::string& array, int index) {
          return inputs.at(array).at(static_cast<std::size_t>(index));
        });
        const auto expected = reference.outputs(kernel.name, inputs);
        ASSERT_EQ(got.size(), kernel.outputs.size());
        for (std::size_t o = 0; o < kernel.outputs.size(); ++o) {
          worst = std::max(worst, test::relative_error(got[o], expected.at(kernel.outputs[o].name)));
        }
      }
      EXPECT_LE(worst, 1e-12) << name << " " << kernel.name << (runtime ? " runtime" : " folded");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    BundledModels, KernelsTest,
    ::testing::Combine(::testing::Values("chain6", "chain12", "chain30", "puma560", "branched_tree",
                                         "probe_cone_tree"),
                       ::testing::Bool()),
    [](const auto& info) {
      return std::get<0>(info.param) + (std::get<1>(info.param) ? "_runtime" : "_folded");
    });

TEST(Kernels, RuntimeParametersBecomeInputs) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/branched_tree.yaml");
  ASSERT_FALSE(model.parameters.empty());
  GenerateOptions options;
  options.runtime_parameters = {model.parameters[0].name};
  const GeneratedKernels kernels = build_kernels(model, options);
  EXPECT_EQ(kernels.parameters, options.runtime_parameters);
  options.runtime_parameters = {"no_such_parameter"};
  EXPECT_THROW(build_kernels(model, options), std::invalid_argument);
}

TEST(Kernels, AutomaticRouteIsTheCheaper) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/chain30.yaml");
  const GeneratedKernels kernels = build_kernels(model, {});
  int crba = 0, aba = 0;
  for (const auto& k : kernels.kernels) {
    if (k.name == "forward_dynamics_crba") crba = engine::count_operations(k.code).total();
    if (k.name == "forward_dynamics_aba") aba = engine::count_operations(k.code).total();
  }
  EXPECT_EQ(kernels.forward_dynamics, aba < crba ? "forward_dynamics_aba" : "forward_dynamics_crba");
}

// The route is chosen by estimated cycles (throughput plus critical path), not operations: chain12's
// ABA has fewer operations than its CRBA route but a longer chain of dependent ones, and the CRBA
// kernel is the faster (tools/bench).
TEST(Kernels, AutomaticRouteWeighsTheCriticalPath) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/chain12.yaml");
  const GeneratedKernels kernels = build_kernels(model, {});
  const engine::Kernel* crba = nullptr;
  const engine::Kernel* aba = nullptr;
  for (const auto& k : kernels.kernels) {
    if (k.name == "forward_dynamics_crba") crba = &k;
    if (k.name == "forward_dynamics_aba") aba = &k;
  }
  ASSERT_TRUE(crba && aba);
  EXPECT_LT(engine::count_operations(aba->code).total(), engine::count_operations(crba->code).total());
  EXPECT_LT(engine::estimated_cycles(crba->code), engine::estimated_cycles(aba->code));
  EXPECT_EQ(kernels.forward_dynamics, "forward_dynamics_crba");
}

}  // namespace
}  // namespace dyngen::codegen
