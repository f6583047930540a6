#include "codegen/symbolic_problem.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>

#include "engine/ginac_bridge.hpp"

namespace dyngen::codegen {

namespace {

std::vector<std::string> chosen_parameters(const Model& model, const GenerateOptions& options) {
  std::vector<std::string> names;
  for (const Parameter& p : model.parameters) {
    const bool chosen = options.all_parameters ||
                        std::find(options.runtime_parameters.begin(),
                                  options.runtime_parameters.end(),
                                  p.name) != options.runtime_parameters.end();
    if (chosen) names.push_back(p.name);
  }
  for (const std::string& name : options.runtime_parameters) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      throw std::invalid_argument("--params runtime: model " + model.name + " has no parameter '" +
                                  name + "'");
    }
  }
  return names;
}

// Turns model quantities into expressions: folded numbers, or the field's GiNaC source over the
// runtime parameters (the other parameters substituted by their values).
class QuantityConverter {
 public:
  QuantityConverter(const Model& model, const std::vector<std::string>& runtime) {
    for (const Parameter& p : model.parameters) symbols_.emplace(p.name, GiNaC::symbol(p.name));
    for (const Parameter& p : model.parameters) {
      const bool is_runtime = std::find(runtime.begin(), runtime.end(), p.name) != runtime.end();
      if (is_runtime) {
        const int index = static_cast<int>(std::find(runtime.begin(), runtime.end(), p.name) -
                                           runtime.begin());
        inputs_.emplace(p.name, Expr::input(engine::InputRole::parameter, "p", index, p.name));
      } else {
        folded_[symbols_.at(p.name)] = p.value;
      }
    }
  }

  Expr operator()(const Quantity& q) const {
    if (q.source.empty() || inputs_.empty()) return Expr(q.value);
    GiNaC::symtab table;
    for (const auto& [name, symbol] : symbols_) table[name] = symbol;
    GiNaC::parser reader(table);
    const GiNaC::ex e = reader(q.source).subs(folded_);
    return engine::from_ginac(e, inputs_);
  }

 private:
  std::map<std::string, GiNaC::symbol> symbols_;
  GiNaC::exmap folded_;
  std::map<std::string, Expr> inputs_;
};

}  // namespace

SymbolicProblem make_symbolic_problem(const Model& model, const GenerateOptions& options) {
  std::vector<std::string> parameters = chosen_parameters(model, options);
  const QuantityConverter convert(model, parameters);
  return make_symbolic_problem(model, convert, std::move(parameters));
}

SymbolicProblem make_symbolic_problem(const Model& model, const QuantityToExpr& quantity,
                                      std::vector<std::string> parameters) {
  SymbolicProblem problem;
  problem.parameters = std::move(parameters);
  problem.mech = algorithms::make_mechanism<Expr>(model, quantity);
  algorithms::State<Expr> state(problem.mech);
  const int n = model.dof();
  for (int i = 0; i < n; ++i) {
    const std::string& name = model.coordinates[static_cast<std::size_t>(i)];
    state.q[i] = Expr::input(engine::InputRole::q, "q", i, "q[" + name + "]");
    state.qd[i] = Expr::input(engine::InputRole::qd, "qd", i, "qd[" + name + "]");
    state.qdd[i] = Expr::input(engine::InputRole::qdd, "qdd", i, "qdd[" + name + "]");
    if (problem.mech.actuated[static_cast<std::size_t>(i)]) {
      state.tau[i] = Expr::input(engine::InputRole::tau, "tau", i, "tau[" + name + "]");
    }
  }
  for (int k = 0; k < problem.mech.independent_dof(); ++k) {
    const std::string& name = model.coordinates[static_cast<std::size_t>(problem.mech.independent_coordinates[static_cast<std::size_t>(k)])];
    state.qdd_independent[static_cast<std::size_t>(k)] =
        Expr::input(engine::InputRole::qdd, "qdd_independent", k, "qdd_independent[" + name + "]");
  }
  if (model.moving_base) {
    const char* names[9] = {"w0x", "w0y", "w0z", "e0x", "e0y", "e0z", "a0x", "a0y", "a0z"};
    for (int k = 0; k < 3; ++k) {
      state.w0[k] = Expr::input(engine::InputRole::base_motion, "base", k, names[k]);
      state.e0[k] = Expr::input(engine::InputRole::base_motion, "base", 3 + k, names[3 + k]);
      state.a0[k] = Expr::input(engine::InputRole::base_motion, "base", 6 + k, names[6 + k]);
      state.v0[k] = Expr::input(engine::InputRole::base_motion, "base_velocity", k, std::string("v0") + "xyz"[k]);
    }
  }
  int slot = 0;
  for (int j = 0; j < model.body_count(); ++j) {
    if (!problem.mech.external_wrench[static_cast<std::size_t>(j)]) continue;
    problem.wrench_bodies.push_back(j);
    const std::string& body = model.bodies[static_cast<std::size_t>(j)].name;
    for (int k = 0; k < 6; ++k) {
      state.f_ext[static_cast<std::size_t>(j)][k] = Expr::input(
          engine::InputRole::wrench, "wrench", 6 * slot + k, "wrench[" + body + "]." + std::to_string(k));
    }
    ++slot;
  }
  problem.state = std::move(state);
  return problem;
}

std::vector<engine::ArrayDoc> input_docs(const Model& model, const SymbolicProblem& problem,
                                         const std::vector<std::string>& arrays) {
  std::string coordinates;
  for (const std::string& c : model.coordinates) coordinates += (coordinates.empty() ? "" : ", ") + c;
  std::string bodies;
  for (int j : problem.wrench_bodies) {
    bodies += (bodies.empty() ? "" : ", ") + model.bodies[static_cast<std::size_t>(j)].name;
  }
  std::string parameters;
  for (const std::string& p : problem.parameters) parameters += (parameters.empty() ? "" : ", ") + p;
  const int n = model.dof();
  std::vector<engine::ArrayDoc> docs;
  for (const std::string& a : arrays) {
    if (a == "q") docs.push_back({"q", n, "joint coordinates (rad or m): " + coordinates});
    if (a == "qd") docs.push_back({"qd", n, "joint rates (rad/s or m/s), same order"});
    if (a == "qdd") docs.push_back({"qdd", n, "joint accelerations (rad/s^2 or m/s^2), same order"});
    if (a == "qdd_independent") {
      std::string names;
      for (int i : problem.mech.independent_coordinates)
        names += (names.empty() ? "" : ", ") + model.coordinates[static_cast<std::size_t>(i)];
      docs.push_back({"qdd_independent", problem.mech.independent_dof(),
                      "accelerations of the independent coordinates (rad/s^2 or m/s^2): " + names});
    }
    if (a == "tau") {
      docs.push_back({"tau", n, "actuation (N m or N) per coordinate; read only for actuated joints"});
    }
    if (a == "base" && model.moving_base) {
      docs.push_back({"base", 9,
                      "base transport motion, base axes: w0 (rad/s), e0 (rad/s^2), a0 (m/s^2, incl. "
                      "the spacecraft's velocity terms)"});
    }
    if (a == "base_velocity" && model.moving_base)
      docs.push_back({"base_velocity", 3, "velocity of the base origin v0 (m/s), base axes"});
    if (a == "wrench" && !problem.wrench_bodies.empty()) {
      docs.push_back({"wrench", 6 * static_cast<int>(problem.wrench_bodies.size()),
                      "external wrench per body (" + bodies +
                          "): force (N) then moment (N m) about the body origin, body axes"});
    }
    if (a == "p" && !problem.parameters.empty()) {
      docs.push_back({"p", static_cast<int>(problem.parameters.size()),
                      "runtime model parameters: " + parameters});
    }
  }
  return docs;
}

}  // namespace dyngen::codegen
