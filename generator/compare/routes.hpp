// Forward-dynamics routes built in one engine context each, for the parts of `dyngen compare` that
// `codegen::build_kernels` does not cover: the naive route (mass matrix from n RNEA calls with unit
// accelerations, bias from one more, then LTDL) and the chosen route under switched-off
// optimizations, including constant folding (model numbers kept as inputs).
#pragma once

#include <memory>
#include <vector>

#include "codegen/symbolic_problem.hpp"
#include "compare/op_tally.hpp"
#include "engine/context.hpp"
#include "generator/model/model.hpp"

namespace dyngen::compare {

enum class ForwardRoute {
  crba,   // CRBA + generalized forces + LTDL factorization and solve
  aba,    // articulated-body algorithm
  naive,  // M column k = RNEA(q, 0, e_k) without gravity, b by RNEA(q, qd, 0), LTDL
  loops,     // looped models: CRBA + coordinate partitioning, loops eliminated at their cuts (forward_dynamics_loops.hpp)
  partitioned,  // looped models: CRBA + T^T H T with T formed (forward_dynamics_partitioned.hpp)
  combined,  // looped models with open chains: CRBA for the looped part, ABA for the chains
};

enum class Constants {
  folded,  // model numbers folded into the expressions (the engine's default)
  inputs,  // every non-zero model number an input of its own (structural zeros stay zero)
};

struct RouteCost {
  OpTally count;
  double seconds = 0.0;  // generation: building the problem, running the algorithm, flattening
};

// qdd of the route over the problem's inputs, in the current engine context.
std::vector<engine::Expr> forward_dynamics(const codegen::SymbolicProblem& problem, ForwardRoute route);

// A quantity converter that turns every non-zero model number into a new input k[i] (role
// parameter) of the current context, numbered in the order asked; zeros stay literal zeros.
// `values` receives the numbers, values[i] for k[i].
struct ConstantInputs {
  codegen::QuantityToExpr convert;
  std::shared_ptr<std::vector<double>> values;
};
ConstantInputs constants_as_inputs();

// Builds the route's qdd kernel in a fresh context with `options` and counts its instructions;
// as build_kernels, also built under the rewrites `enabled` switches on (grouping, sliding,
// unturned symmetric leaves; codegen/rewrites.hpp), the cheapest kept.
RouteCost route_cost(const Model& model, ForwardRoute route, const engine::Options& options,
                     Constants constants = Constants::folded, const codegen::GenerateOptions& enabled = {});

}  // namespace dyngen::compare
