// The compare library's own routes: the naive route and the constants-as-inputs variant compute
// the same qdd as the numeric ABA (double) at random states; with folded constants the CRBA and
// ABA routes cost exactly what codegen::build_kernels' kernels cost.
#include <gtest/gtest.h>

#include <random>

#include "../algorithms/random_model.hpp"
#include "codegen/kernels.hpp"
#include "compare/routes.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::compare {
namespace {

using engine::Expr;

Model bundled(const std::string& name) {
  return load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
}

// Value of kernel input (array, index) for a numeric state, in the layout of symbolic_problem.hpp.
double input_value(const algorithms::Mechanism<double>& mech, const algorithms::State<double>& s,
                   const std::vector<double>& constants, const std::string& array, int index) {
  const auto u = static_cast<std::size_t>(index);
  if (array == "q") return s.q[u];
  if (array == "qd") return s.qd[u];
  if (array == "tau") return s.tau[u];
  if (array == "k") return constants.at(u);
  if (array == "base") {
    const spatial::Vec3<double>& v = index < 3 ? s.w0 : index < 6 ? s.e0 : s.a0;
    return v[index % 3];
  }
  if (array == "wrench") {
    int slot = index / 6;
    for (int j = 0; j < mech.body_count; ++j) {
      if (!mech.external_wrench[static_cast<std::size_t>(j)]) continue;
      if (slot-- == 0) return s.f_ext[static_cast<std::size_t>(j)][index % 6];
    }
  }
  ADD_FAILURE() << "unexpected input " << array << "[" << index << "]";
  return 0.0;
}

void expect_route_matches_numeric_aba(const Model& model, ForwardRoute route, Constants constants,
                                      std::mt19937& rng) {
  engine::Context context;
  engine::ContextScope scope(context);
  const ConstantInputs inputs = constants_as_inputs();
  const codegen::SymbolicProblem problem =
      constants == Constants::folded ? codegen::make_symbolic_problem(model, codegen::GenerateOptions{})
                                     : codegen::make_symbolic_problem(model, inputs.convert);
  const engine::InstructionList code = engine::flatten({{"qdd", forward_dynamics(problem, route)}});
  if (constants == Constants::inputs) {
    EXPECT_FALSE(inputs.values->empty());
  }
  const algorithms::Mechanism<double> mech = algorithms::make_numeric_mechanism(model);
  for (int trial = 0; trial < 3; ++trial) {
    const algorithms::State<double> state = test::random_state(rng, mech);
    algorithms::AbaData<double> oracle(mech);
    algorithms::aba(mech, state, oracle);
    const auto values = engine::evaluate(code, [&](const std::string& array, int index) {
      return input_value(mech, state, *inputs.values, array, index);
    });
    ASSERT_EQ(values.size(), 1u);
    ASSERT_EQ(values[0].size(), oracle.qdd.size());
    for (std::size_t i = 0; i < oracle.qdd.size(); ++i)
      EXPECT_NEAR(values[0][i], oracle.qdd[i], 1e-9 * (1.0 + std::abs(oracle.qdd[i]))) << model.name << " qdd " << i;
  }
}

TEST(Routes, NaiveRouteComputesTheForwardDynamics) {
  std::mt19937 rng(5);
  for (const char* name : {"puma560", "branched_tree", "probe_cone_tree"})
    expect_route_matches_numeric_aba(bundled(name), ForwardRoute::naive, Constants::folded, rng);
  for (int seed = 0; seed < 4; ++seed) {
    test::RandomModelOptions options;
    options.bodies = 5;
    expect_route_matches_numeric_aba(test::random_model(rng, options), ForwardRoute::naive, Constants::folded, rng);
  }
}

TEST(Routes, ConstantsAsInputsComputeTheSameForwardDynamics) {
  std::mt19937 rng(11);
  for (ForwardRoute route : {ForwardRoute::crba, ForwardRoute::aba, ForwardRoute::naive}) {
    expect_route_matches_numeric_aba(bundled("chain6"), route, Constants::inputs, rng);
    test::RandomModelOptions options;
    options.bodies = 4;
    expect_route_matches_numeric_aba(test::random_model(rng, options), route, Constants::inputs, rng);
  }
}

TEST(Routes, ConstantsAsInputsKeepStructuralZerosAndNumberEachConstantOnce) {
  const Model model = bundled("puma560");
  engine::Context context;
  engine::ContextScope scope(context);
  const ConstantInputs inputs = constants_as_inputs();
  const codegen::SymbolicProblem problem = codegen::make_symbolic_problem(model, inputs.convert);
  // PUMA 560's first link has its centre of mass on the origin: h = m c stays a literal zero, its
  // mass becomes an input.
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(problem.mech.inertia[1].h[k].is_zero());
  EXPECT_FALSE(problem.mech.inertia[1].m.is_constant());
  EXPECT_FALSE(problem.mech.inertia[1].I(0, 0).is_constant());
  EXPECT_TRUE(problem.mech.inertia[1].I(0, 1).is_zero());
  for (double value : *inputs.values) EXPECT_NE(value, 0.0);
}

TEST(Routes, FoldedRoutesCostWhatBuildKernelsEmits) {
  for (const char* name : {"chain6", "puma560", "probe_cone_tree", "branched_tree"}) {
    const Model model = bundled(name);
    const codegen::GeneratedKernels kernels = codegen::build_kernels(model, codegen::GenerateOptions{});
    for (const auto& [kernel, route] : {std::pair{"forward_dynamics_crba", ForwardRoute::crba},
                                        std::pair{"forward_dynamics_aba", ForwardRoute::aba}}) {
      for (const engine::Kernel& k : kernels.kernels) {
        if (k.name != kernel) continue;
        EXPECT_EQ(route_cost(model, route, engine::Options{}).count, OpTally(engine::count_operations(k.code)))
            << name << " " << kernel;
      }
    }
  }
}

}  // namespace
}  // namespace dyngen::compare
