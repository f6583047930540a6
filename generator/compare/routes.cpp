#include "compare/routes.hpp"

#include <chrono>
#include <functional>
#include <string>

#include "codegen/rewrites.hpp"
#include "engine/tree_height.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/forward_dynamics_combined.hpp"
#include "generator/algorithms/forward_dynamics_crba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/forward_dynamics_partitioned.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::compare {

using engine::Expr;

namespace {

std::vector<Expr> by_crba(const codegen::SymbolicProblem& sp) {
  return algorithms::forward_dynamics_crba(sp.mech, sp.state);
}

std::vector<Expr> by_aba(const codegen::SymbolicProblem& sp) {
  algorithms::AbaData<Expr> data(sp.mech);
  algorithms::aba(sp.mech, sp.state, data);
  return data.qdd;
}

// The mass matrix column by column from inverse dynamics (Featherstone 2008, sec. 6.1: H e_k =
// ID(q, 0, e_k) with gravity and all other forces off), the bias from ID(q, qd, 0), then LTDL.
std::vector<Expr> by_naive(const codegen::SymbolicProblem& sp) {
  algorithms::Mechanism<Expr> unforced = sp.mech;
  unforced.gravity = {};
  unforced.moving_base = false;
  unforced.external_wrench.assign(unforced.external_wrench.size(), false);
  algorithms::State<Expr> unit(unforced);
  unit.q = sp.state.q;
  const int n = sp.mech.dof;
  spatial::Matrix<Expr> H(n, n);
  for (int k = 0; k < n; ++k) {
    unit.qdd.assign(static_cast<std::size_t>(n), Expr(0.0));
    unit.qdd[static_cast<std::size_t>(k)] = Expr(1.0);
    algorithms::RneaData<Expr> column(unforced);
    algorithms::rnea(unforced, unit, column);
    for (int r = 0; r < n; ++r) H(r, k) = column.tau[static_cast<std::size_t>(r)];
  }
  algorithms::GeneralizedForcesData<Expr> forces(sp.mech);
  algorithms::generalized_forces(sp.mech, sp.state, forces);
  return algorithms::ltdl_solve_system(sp.mech, H, forces.b);
}

}  // namespace

std::vector<Expr> forward_dynamics(const codegen::SymbolicProblem& problem, ForwardRoute route) {
  switch (route) {
    case ForwardRoute::crba: return by_crba(problem);
    case ForwardRoute::aba: return by_aba(problem);
    case ForwardRoute::naive: return by_naive(problem);
    case ForwardRoute::loops: {
      algorithms::LoopDynamicsData<Expr> data(problem.mech, problem.mech);
      algorithms::forward_dynamics_loops(problem.mech, problem.mech, problem.state, data);
      return data.qdd;
    }
    case ForwardRoute::combined: {
      algorithms::CombinedDynamicsData<Expr> data(problem.mech, problem.mech);
      algorithms::forward_dynamics_combined(problem.mech, problem.state, data);
      return data.qdd;
    }
    case ForwardRoute::partitioned:
      return algorithms::forward_dynamics_partitioned(problem.mech, problem.mech, problem.state);
  }
  return {};
}

ConstantInputs constants_as_inputs() {
  auto values = std::make_shared<std::vector<double>>();
  return {[values](const Quantity& quantity) {
            if (quantity.value == 0.0) return Expr(0.0);
            const int index = static_cast<int>(values->size());
            values->push_back(quantity.value);
            return Expr::input(engine::InputRole::parameter, "k", index, "k[" + std::to_string(index) + "]");
          },
          values};
}

RouteCost route_cost(const Model& model, ForwardRoute route, const engine::Options& options,
                     Constants constants, const codegen::GenerateOptions& enabled) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<codegen::Rewrite> candidates = codegen::rewrites(model, enabled);
  // What `outputs` costs on the problem (H's mechanism, b's mechanism) under `variant`, built in a
  // fresh context.
  using Outputs = std::function<std::vector<Expr>(const codegen::SymbolicProblem&, const algorithms::Mechanism<Expr>&)>;
  const auto count = [&](const codegen::BuildVariant& variant, const Outputs& outputs) {
    engine::Context context(variant.engine_options(options));
    engine::ContextScope scope(context);
    codegen::SymbolicProblem problem =
        constants == Constants::folded ? codegen::make_symbolic_problem(model, codegen::GenerateOptions{})
                                       : codegen::make_symbolic_problem(model, constants_as_inputs().convert);
    const algorithms::Mechanism<Expr> force_mech = variant.apply(candidates, problem.mech, algorithms::BaseGrouping::drop);
    return OpTally(engine::count_operations(engine::reduce_tree_height(engine::flatten({{"out", outputs(problem, force_mech)}}))));
  };
  // as build_kernels: every rewrite (codegen::cheapest_build), for the CRBA route also H and b
  // each under the rewrite cheapest for it
  std::vector<codegen::RewriteChoice> choices = codegen::rewrite_choices(candidates.size());
  if (route == ForwardRoute::crba) {
    const auto cheapest = [&](const Outputs& outputs) {
      return codegen::cheapest_build(choices, options.factoring,
                                     [&](const codegen::BuildVariant& variant) { return count(variant, outputs).total(); })
          .variant.choice.inertia;
    };
    const std::size_t inertia = cheapest([](const codegen::SymbolicProblem& sp, const algorithms::Mechanism<Expr>&) {
      algorithms::CrbaData<Expr> data(sp.mech);
      algorithms::crba(sp.mech, sp.state, data);
      return data.H.data;
    });
    const std::size_t forces = cheapest([](const codegen::SymbolicProblem& sp, const algorithms::Mechanism<Expr>&) {
      algorithms::GeneralizedForcesData<Expr> data(sp.mech);
      algorithms::generalized_forces(sp.mech, sp.state, data);
      return data.b;
    });
    choices = codegen::crba_route_choices(candidates.size(), inertia, forces);
  }
  const Outputs qdd = [route](const codegen::SymbolicProblem& sp, const algorithms::Mechanism<Expr>& force_mech) {
    if (route == ForwardRoute::crba) return algorithms::forward_dynamics_crba(sp.mech, force_mech, sp.state);
    if (route == ForwardRoute::loops) {
      algorithms::LoopDynamicsData<Expr> data(sp.mech, force_mech);
      algorithms::forward_dynamics_loops(sp.mech, force_mech, sp.state, data);
      return data.qdd;
    }
    if (route == ForwardRoute::partitioned) return algorithms::forward_dynamics_partitioned(sp.mech, force_mech, sp.state);
    if (route == ForwardRoute::combined) {
      algorithms::CombinedDynamicsData<Expr> data(sp.mech, force_mech);
      algorithms::forward_dynamics_combined(force_mech, sp.state, data);
      return data.qdd;
    }
    return forward_dynamics(sp, route);
  };
  std::vector<OpTally> tallies;
  const codegen::CheapestBuild best =
      codegen::cheapest_build(choices, options.factoring, [&](const codegen::BuildVariant& variant) {
        tallies.push_back(count(variant, qdd));
        return tallies.back().total();
      });
  RouteCost cost;
  cost.count = tallies[best.call];
  cost.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return cost;
}

}  // namespace dyngen::compare
