#include "engine/ginac_bridge.hpp"

#include <gtest/gtest.h>

#include "sample_kernel.hpp"

namespace dyngen::engine {
namespace {

TEST(GinacBridge, EngineResultsEqualTheGeneralCasOnTheSameComputation) {
  Context ctx;
  ContextScope scope(ctx);
  GinacBridge bridge;
  std::array<Expr, test::kSampleInputs> in;
  std::array<GiNaC::ex, test::kSampleInputs> symbols;
  for (int i = 0; i < test::kSampleInputs; ++i) {
    const std::string name = "in" + std::to_string(i);
    in[i] = Expr::input(InputRole::other, "in", i, name);
    symbols[i] = bridge.symbol_for(name);
  }
  const auto engine_out = test::sample_kernel(in);
  const auto cas_out = test::sample_kernel(symbols);
  for (int k = 0; k < test::kSampleOutputs; ++k) {
    EXPECT_TRUE(equivalent(bridge.convert(engine_out[k]), cas_out[k], bridge.symbols()))
        << "output " << k;
  }
}

TEST(GinacBridge, DetectsDifferences) {
  Context ctx;
  ContextScope scope(ctx);
  GinacBridge bridge;
  const Expr x = Expr::input(InputRole::q, "q", 0, "x");
  const GiNaC::symbol& gx = bridge.symbol_for("x");
  EXPECT_TRUE(equivalent(bridge.convert(sin(x) * sin(x)), 1 - GiNaC::pow(GiNaC::cos(gx), 2),
                         bridge.symbols()));
  EXPECT_FALSE(equivalent(bridge.convert(x * x), gx * gx + 1e-6, bridge.symbols()));
}

TEST(GinacBridge, ModelExpressionsConvertToTheEngine) {
  Context ctx;
  ContextScope scope(ctx);
  GinacBridge bridge;
  const GiNaC::symbol& L = bridge.symbol_for("L");
  const GiNaC::symbol& m = bridge.symbol_for("m");
  const Expr eL = Expr::input(InputRole::parameter, "p", 0, "L");
  const Expr em = Expr::input(InputRole::parameter, "p", 1, "m");
  const GiNaC::ex model_field = m * GiNaC::pow(L, 2) / 12 + GiNaC::sqrt(L) * GiNaC::sin(L / 3);
  const Expr converted = from_ginac(model_field, {{"L", eL}, {"m", em}});
  EXPECT_TRUE(equivalent(bridge.convert(converted), model_field, bridge.symbols()));
  EXPECT_THROW(from_ginac(GiNaC::exp(L), {{"L", eL}}), std::invalid_argument);
  EXPECT_THROW(from_ginac(L + m, {{"L", eL}}), std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::engine
