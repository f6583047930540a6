#include "codegen/kernels.hpp"

#include <chrono>
#include <functional>

#include "codegen/symbolic_problem.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::codegen {

namespace {

using engine::NamedOutput;

std::vector<Expr> flat(const spatial::Matrix<Expr>& M) { return M.data; }

std::vector<Expr> flat(const spatial::Vec6<Expr>& v) {
  std::vector<Expr> out;
  for (int k = 0; k < 6; ++k) out.push_back(v[k]);
  return out;
}

std::vector<Expr> forward_dynamics_by_crba(const SymbolicProblem& sp) {
  algorithms::CrbaData<Expr> crba(sp.mech);
  algorithms::crba(sp.mech, sp.state, crba);
  algorithms::GeneralizedForcesData<Expr> forces(sp.mech);
  algorithms::generalized_forces(sp.mech, sp.state, forces);
  algorithms::LtdlData<Expr> factor(sp.mech);
  algorithms::ltdl(sp.mech, crba.H, factor);
  std::vector<Expr> qdd = forces.b;
  algorithms::ltdl_solve(sp.mech, factor, qdd);
  return qdd;
}

struct KernelRecipe {
  const char* name;
  const char* summary;
  std::vector<std::string> inputs;
  std::function<std::vector<engine::ArrayDoc>(const Model&, const SymbolicProblem&)> outputs;
  std::function<std::vector<NamedOutput>(const SymbolicProblem&)> build;
};

std::vector<engine::ArrayDoc> per_coordinate(const Model& m, const char* name, const char* meaning) {
  return {{name, m.dof(), meaning}};
}

std::vector<KernelRecipe> recipes(const Model& model) {
  const std::vector<std::string> dynamics_inputs = {"q", "qd", "tau", "base", "wrench", "p"};
  const std::vector<std::string> inverse_inputs = {"q", "qd", "qdd", "base", "wrench", "p"};
  std::vector<KernelRecipe> list = {
      {"mass_matrix", "joint-space mass matrix M(q) by the composite-rigid-body algorithm",
       {"q", "p"},
       [](const Model& m, const SymbolicProblem&) {
         return std::vector<engine::ArrayDoc>{
             {"M", m.dof() * m.dof(), "mass matrix, row-major n x n (kg m^2, kg m or kg)"}};
       },
       [](const SymbolicProblem& sp) {
         algorithms::CrbaData<Expr> data(sp.mech);
         algorithms::crba(sp.mech, sp.state, data);
         return std::vector<NamedOutput>{{"M", flat(data.H)}};
       }},
      {"generalized_forces",
       "generalized forces b of M qdd = b: transport motion, gravity, velocity terms, springs, "
       "dampers, actuation, external wrenches",
       dynamics_inputs,
       [](const Model& m, const SymbolicProblem&) {
         return per_coordinate(m, "b", "generalized forces (N m or N) per coordinate");
       },
       [](const SymbolicProblem& sp) {
         algorithms::GeneralizedForcesData<Expr> data(sp.mech);
         algorithms::generalized_forces(sp.mech, sp.state, data);
         return std::vector<NamedOutput>{{"b", data.b}};
       }},
      {"forward_dynamics_crba", "forward dynamics qdd by CRBA + generalized forces + LTDL solve",
       dynamics_inputs,
       [](const Model& m, const SymbolicProblem&) {
         return per_coordinate(m, "qdd", "joint accelerations (rad/s^2 or m/s^2)");
       },
       [](const SymbolicProblem& sp) {
         return std::vector<NamedOutput>{{"qdd", forward_dynamics_by_crba(sp)}};
       }},
      {"forward_dynamics_aba", "forward dynamics qdd by the articulated-body algorithm",
       dynamics_inputs,
       [](const Model& m, const SymbolicProblem&) {
         return per_coordinate(m, "qdd", "joint accelerations (rad/s^2 or m/s^2)");
       },
       [](const SymbolicProblem& sp) {
         algorithms::AbaData<Expr> data(sp.mech);
         algorithms::aba(sp.mech, sp.state, data);
         return std::vector<NamedOutput>{{"qdd", data.qdd}};
       }},
      {"inverse_dynamics",
       "inverse dynamics: generalized force each joint transmits (springs, dampers and actuator "
       "together) for the given qdd, by RNEA",
       inverse_inputs,
       [](const Model& m, const SymbolicProblem&) {
         return per_coordinate(m, "tau", "joint forces (N m or N) per coordinate");
       },
       [](const SymbolicProblem& sp) {
         algorithms::RneaData<Expr> data(sp.mech);
         algorithms::rnea(sp.mech, sp.state, data);
         return std::vector<NamedOutput>{{"tau", data.tau}};
       }},
      {"base_wrench",
       "force and moment the mechanism exerts on its base at the base origin, for the given qdd",
       inverse_inputs,
       [](const Model&, const SymbolicProblem&) {
         return std::vector<engine::ArrayDoc>{
             {"wrench_on_base", 6, "force (N) then moment (N m) on the base, base axes"}};
       },
       [](const SymbolicProblem& sp) {
         algorithms::BaseWrenchData<Expr> data(sp.mech);
         algorithms::base_wrench(sp.mech, sp.state, data);
         return std::vector<NamedOutput>{{"wrench_on_base", flat(data.wrench)}};
       }},
  };
  if (!model.points.empty()) {
    list.push_back(
        {"point_kinematics",
         "positions and velocities of the named points relative to the base, base axes",
         {"q", "qd", "p"},
         [](const Model& m, const SymbolicProblem&) {
           std::string names;
           for (const NamedPoint& p : m.points) names += (names.empty() ? "" : ", ") + p.name;
           const int k = 3 * static_cast<int>(m.points.size());
           return std::vector<engine::ArrayDoc>{
               {"position", k, "x, y, z (m) per point: " + names},
               {"velocity", k, "x, y, z (m/s) per point, relative to the base, same order"}};
         },
         [](const SymbolicProblem& sp) {
           algorithms::KinematicsData<Expr> data(sp.mech);
           algorithms::kinematics(sp.mech, sp.state, data);
           NamedOutput position{"position", {}}, velocity{"velocity", {}};
           for (std::size_t i = 0; i < data.point_position.size(); ++i) {
             for (int k = 0; k < 3; ++k) {
               position.elements.push_back(data.point_position[i][k]);
               velocity.elements.push_back(data.point_velocity[i][k]);
             }
           }
           return std::vector<NamedOutput>{position, velocity};
         }});
  }
  return list;
}

}  // namespace

GeneratedKernels build_kernels(const Model& model, const GenerateOptions& options) {
  GeneratedKernels result;
  for (const KernelRecipe& recipe : recipes(model)) {
    const auto start = std::chrono::steady_clock::now();
    engine::Context context(options.engine);
    engine::ContextScope scope(context);
    const SymbolicProblem problem = make_symbolic_problem(model, options);
    result.parameters = problem.parameters;
    result.wrench_bodies = problem.wrench_bodies;
    engine::Kernel kernel{recipe.name, recipe.summary, input_docs(model, problem, recipe.inputs),
                          recipe.outputs(model, problem), engine::flatten(recipe.build(problem))};
    result.kernels.push_back(std::move(kernel));
    result.seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  const auto total = [&](const char* name) {
    for (const auto& k : result.kernels) {
      if (k.name == name) return engine::count_operations(k.code).total();
    }
    return 0;
  };
  switch (options.forward) {
    case ForwardRoute::crba: result.forward_dynamics = "forward_dynamics_crba"; break;
    case ForwardRoute::aba: result.forward_dynamics = "forward_dynamics_aba"; break;
    case ForwardRoute::automatic:
      result.forward_dynamics = total("forward_dynamics_aba") < total("forward_dynamics_crba")
                                    ? "forward_dynamics_aba"
                                    : "forward_dynamics_crba";
      break;
  }
  return result;
}

}  // namespace dyngen::codegen
