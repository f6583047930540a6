// dyngen eval MODEL (--state FILE | --random SEED): evaluates the dynamics of a model at one state
// with the scalar-generic algorithms (double) and prints them as JSON: the mass matrix M and
// generalized forces b of M qdd = b, qdd by CRBA + LTDL and by ABA, RNEA's joint forces at the
// state's qdd, and the wrench the mechanism exerts on its base at the solved qdd.
// A looped model's state gives the independent coordinates (the dependent values are the
// closure's guesses); the output then has the closed q and qd of every coordinate, the reduced
// M and b on the independent coordinates, qdd of every coordinate, the closure residual, and the
// actuation for the state's independent accelerations.
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <iostream>
#include <map>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include "commands.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/inverse_dynamics_loops.hpp"
#include "generator/algorithms/loop_closure.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"
#include "generator/model/loader.hpp"

namespace dyngen::cli {
namespace {

using Json = nlohmann::ordered_json;
constexpr const char* kUsage = "usage: dyngen eval MODEL (--state FILE | --random SEED)\n";

// A state as the file gives it: per coordinate q, qd, qdd, tau; base motion; external wrenches
// [force; moment about the body origin] in body axes, by body index.
struct EvalState {
  explicit EvalState(std::size_t dof) : q(dof), qd(dof), qdd(dof), tau(dof) {}
  EvalState(std::vector<double> q0, std::size_t dof) : q(std::move(q0)), qd(dof), qdd(dof), tau(dof) {}
  std::vector<double> q, qd, qdd, tau;
  std::array<double, 3> w0{}, e0{}, a0{};
  std::map<int, std::array<double, 6>> wrench;
};

// The closed reference configuration of a looped model (every coordinate at its q0, the loops
// closed): the default q of its states. Zero for trees.
std::vector<double> default_positions(const Model& model) {
  std::vector<double> q(static_cast<std::size_t>(model.dof()), 0.0);
  if (model.loops.empty()) return q;
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  state.q = mech.q0;
  algorithms::close_positions(mech, state);
  return state.q;
}

// Reads the state file (JSON or YAML, via yaml-cpp for line/column of every value); missing keys
// are zero (q of a looped model: the closed reference configuration). q, qd, qdd and tau are lists
// (one per coordinate) or mappings from coordinate name to value (the others keep their default).
// Errors name file:line:column, the key and what would be valid.
class StateReader {
 public:
  StateReader(const Model& model, std::string file) : model_(model), file_(std::move(file)) {}

  EvalState read() {
    YAML::Node root;
    try {
      root = YAML::LoadFile(file_);
    } catch (const YAML::BadFile&) {
      throw std::runtime_error("cannot read state file " + file_);
    } catch (const YAML::ParserException& error) {
      throw std::runtime_error(file_ + ":" + std::to_string(error.mark.line + 1) + ":" +
                               std::to_string(error.mark.column + 1) + ": error: " + error.msg);
    }
    const auto n = static_cast<std::size_t>(model_.dof());
    EvalState state(default_positions(model_), n);
    if (root.IsNull()) return state;
    if (!root.IsMap()) fail(root, "state", "expected a mapping with keys q, qd, qdd, tau, base, wrench");
    for (const auto& entry : root) {
      const std::string key = entry.first.as<std::string>();
      const YAML::Node& value = entry.second;
      if (key == "q" || key == "qd" || key == "qdd" || key == "tau") {
        std::vector<double>& target = key == "q" ? state.q : key == "qd" ? state.qd : key == "qdd" ? state.qdd : state.tau;
        if (value.IsMap())
          by_name(value, key, target);
        else
          target = numbers(value, key, n, "one per joint coordinate (" + coordinate_list() + ")");
        if (key == "tau") check_actuation(value, state.tau);
      } else if (key == "base") {
        read_base(value, state);
      } else if (key == "wrench") {
        read_wrenches(value, state);
      } else {
        fail(entry.first, key, "unknown key; valid keys: q, qd, qdd, tau, base, wrench");
      }
    }
    return state;
  }

 private:
  [[noreturn]] void fail(const YAML::Node& node, const std::string& key, const std::string& message) const {
    const YAML::Mark mark = node.Mark();
    throw std::runtime_error(file_ + ":" + std::to_string(mark.line + 1) + ":" + std::to_string(mark.column + 1) +
                             ": error: " + key + ": " + message);
  }

  std::string coordinate_list() const {
    std::string list;
    for (const std::string& name : model_.coordinates) list += (list.empty() ? "" : ", ") + name;
    return list.empty() ? "none" : list;
  }

  std::vector<double> numbers(const YAML::Node& node, const std::string& key, std::size_t count,
                              const std::string& meaning) const {
    const std::string expected = "expected a list of " + std::to_string(count) + " finite numbers, " + meaning;
    if (!node.IsSequence()) fail(node, key, expected);
    if (node.size() != count) fail(node, key, expected + "; got " + std::to_string(node.size()));
    std::vector<double> values;
    for (std::size_t i = 0; i < count; ++i) values.push_back(finite(node[i], key + "[" + std::to_string(i) + "]"));
    return values;
  }

  // {"name": value, ...}: the named coordinates' values.
  void by_name(const YAML::Node& node, const std::string& key, std::vector<double>& target) const {
    for (const auto& entry : node) {
      const std::string name = entry.first.as<std::string>();
      const auto at = std::find(model_.coordinates.begin(), model_.coordinates.end(), name);
      if (at == model_.coordinates.end())
        fail(entry.first, key + "." + name, "no such coordinate; valid coordinates: " + coordinate_list());
      target[static_cast<std::size_t>(at - model_.coordinates.begin())] = finite(entry.second, key + "." + name);
    }
  }

  double finite(const YAML::Node& node, const std::string& key) const {
    const std::string text = node.IsScalar() ? node.Scalar() : "";
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
      fail(node, key, "expected a finite number");
    return value;
  }

  void check_actuation(const YAML::Node& node, const std::vector<double>& tau) const {
    for (int j = 1; j < model_.body_count(); ++j) {
      const Body& body = model_.bodies[j];
      if (body.coordinate >= 0 && !body.joint.actuated && tau[body.coordinate] != 0.0)
        fail(node.IsMap() ? node[model_.coordinates[body.coordinate]] : node[body.coordinate],
             "tau[" + model_.coordinates[body.coordinate] + "]",
             "coordinate " + model_.coordinates[body.coordinate] + " is not actuated; its tau must be 0");
    }
  }

  void read_base(const YAML::Node& node, EvalState& state) const {
    if (!model_.moving_base) fail(node, "base", "the model's base is fixed; base motion applies to moving bases only");
    if (!node.IsMap()) fail(node, "base", "expected a mapping with keys w0, e0, a0");
    for (const auto& entry : node) {
      const std::string key = entry.first.as<std::string>();
      std::array<double, 3>* target = key == "w0" ? &state.w0 : key == "e0" ? &state.e0 : key == "a0" ? &state.a0 : nullptr;
      if (target == nullptr) fail(entry.first, "base." + key, "unknown key; valid keys: w0, e0, a0");
      const std::vector<double> values = numbers(entry.second, "base." + key, 3, "in base axes");
      std::copy(values.begin(), values.end(), target->begin());
    }
  }

  void read_wrenches(const YAML::Node& node, EvalState& state) const {
    if (!node.IsMap()) fail(node, "wrench", "expected a mapping from body name to [fx, fy, fz, mx, my, mz]");
    for (const auto& entry : node) {
      const std::string name = entry.first.as<std::string>();
      int body = -1;
      for (int j = 1; j < model_.body_count(); ++j)
        if (model_.bodies[j].name == name) body = j;
      if (body < 0) {
        std::string bodies;
        for (int j = 1; j < model_.body_count(); ++j) bodies += (bodies.empty() ? "" : ", ") + model_.bodies[j].name;
        fail(entry.first, "wrench." + name, "no such moving body; valid bodies: " + bodies);
      }
      const std::vector<double> values =
          numbers(entry.second, "wrench." + name, 6, "[fx, fy, fz, mx, my, mz] in body axes, moment about the body origin");
      std::copy(values.begin(), values.end(), state.wrench[body].begin());
    }
  }

  const Model& model_;
  std::string file_;
};

// A reproducible random state: q within the joint's limits (else |q| <= pi rad or 0.5 m), rates and
// accelerations in [-1, 1], tau on actuated joints, base motion on a moving base; no wrenches.
EvalState random_state(const Model& model, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const auto uniform = [&](double low, double high) { return std::uniform_real_distribution<double>(low, high)(random); };
  const auto n = static_cast<std::size_t>(model.dof());
  EvalState state(default_positions(model), n);
  for (int j = 1; j < model.body_count(); ++j) {
    const Body& body = model.bodies[j];
    if (body.coordinate < 0) continue;
    const double reach = body.joint.type == JointType::revolute ? std::numbers::pi : 0.5;
    const auto [low, high] = body.joint.limits.value_or(std::array<double, 2>{-reach, reach});
    const auto i = static_cast<std::size_t>(body.coordinate);
    // a looped model's independent coordinates near the closed reference (a twentieth of their
    // range, 0.05 rad or 0.02 m without limits), so that the loops close
    if (model.loops.empty())
      state.q[i] = uniform(low, high);
    else if (model.independent[i])
      state.q[i] += uniform(-1.0, 1.0) * (body.joint.limits ? 0.05 * (high - low) : body.joint.type == JointType::revolute ? 0.05 : 0.02);
    state.qd[i] = uniform(-1.0, 1.0);
    state.qdd[i] = uniform(-1.0, 1.0);
    if (body.joint.actuated) state.tau[i] = uniform(-1.0, 1.0);
  }
  if (model.moving_base)
    for (auto* vector : {&state.w0, &state.e0, &state.a0})
      for (double& value : *vector) value = uniform(-1.0, 1.0);
  return state;
}

Json state_json(const Model& model, const EvalState& state) {
  Json json = {{"q", state.q}, {"qd", state.qd}, {"qdd", state.qdd}, {"tau", state.tau}};
  if (model.moving_base) json["base"] = {{"w0", state.w0}, {"e0", state.e0}, {"a0", state.a0}};
  Json wrenches = Json::object();
  for (const auto& [body, wrench] : state.wrench) wrenches[model.bodies[body].name] = wrench;
  json["wrench"] = wrenches;
  return json;
}

std::vector<double> six(const spatial::Vec6<double>& v) { return {v[0], v[1], v[2], v[3], v[4], v[5]}; }

Json evaluate(Model model, const EvalState& input) {
  for (const auto& [body, wrench] : input.wrench) model.bodies[body].external_wrench = true;
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  state.q = input.q;
  state.qd = input.qd;
  state.qdd = input.qdd;
  state.tau = input.tau;
  for (int k = 0; k < 3; ++k) {
    state.w0[k] = input.w0[k];
    state.e0[k] = input.e0[k];
    state.a0[k] = input.a0[k];
  }
  for (const auto& [body, wrench] : input.wrench)
    for (int k = 0; k < 6; ++k) state.f_ext[body][k] = wrench[k];

  algorithms::CrbaData<double> crba(mech);
  algorithms::crba(mech, state, crba);
  algorithms::GeneralizedForcesData<double> forces(mech);
  algorithms::generalized_forces(mech, state, forces);
  // qdd = M^-1 b
  const std::vector<double> qdd_crba = algorithms::ltdl_solve_system(mech, crba.H, forces.b);
  algorithms::AbaData<double> aba(mech);
  algorithms::aba(mech, state, aba);
  algorithms::RneaData<double> rnea(mech);
  algorithms::rnea(mech, state, rnea);
  algorithms::State<double> solved = state;
  solved.qdd = qdd_crba;
  algorithms::BaseWrenchData<double> wrench(mech);
  algorithms::base_wrench(mech, solved, wrench);

  Json mass = Json::array();
  for (int r = 0; r < mech.dof; ++r) {
    std::vector<double> row;
    for (int c = 0; c < mech.dof; ++c) row.push_back(crba.H(r, c));
    mass.push_back(row);
  }
  return {{"coordinates", model.coordinates}, {"M", mass}, {"b", forces.b}, {"qdd_crba", qdd_crba},
          {"qdd_aba", aba.qdd}, {"tau_rnea", rnea.tau}, {"base_wrench", six(wrench.wrench)}};
}

Json matrix_json(const spatial::Matrix<double>& M) {
  Json rows = Json::array();
  for (int r = 0; r < M.rows; ++r) {
    std::vector<double> row;
    for (int c = 0; c < M.cols; ++c) row.push_back(M(r, c));
    rows.push_back(row);
  }
  return rows;
}

Json evaluate_looped(Model model, const EvalState& input) {
  for (const auto& [body, wrench] : input.wrench) model.bodies[body].external_wrench = true;
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  state.q = input.q;
  state.qd = input.qd;
  state.tau = input.tau;
  for (int k = 0; k < 3; ++k) {
    state.w0[k] = input.w0[k];
    state.e0[k] = input.e0[k];
    state.a0[k] = input.a0[k];
  }
  for (const auto& [body, wrench] : input.wrench)
    for (int k = 0; k < 6; ++k) state.f_ext[body][k] = wrench[k];
  // the state as the independent coordinates given
  std::string independent_text;
  for (int i : mech.independent_coordinates)
    independent_text += (independent_text.empty() ? "" : ", ") + model.coordinates[static_cast<std::size_t>(i)] + " = " +
                        std::to_string(input.q[static_cast<std::size_t>(i)]);
  const algorithms::ClosureReport closure = algorithms::close_positions(mech, state);
  if (closure.status != algorithms::ClosureStatus::closed) {
    std::string where = closure.loop >= 0 ? "loop '" + model.loops[static_cast<std::size_t>(closure.loop)].name + "'" : "a loop";
    if (closure.coordinate >= 0) where += ", coordinate " + model.coordinates[static_cast<std::size_t>(closure.coordinate)];
    throw std::runtime_error("the loops do not close at this state (" + std::string(algorithms::closure_status_name(closure.status)) +
                             ") at " + where + ": " + closure.message + "; independent coordinates " + independent_text);
  }
  // a closed form reaches a singular Phi_d without failing (a four-bar at its toggle): named here
  algorithms::LoopConstraintData<double> constraints(mech);
  algorithms::loop_poses(mech, state, constraints);
  algorithms::loop_jacobian(mech, constraints);
  for (std::size_t l = 0; l < mech.loops.size(); ++l) {
    const auto D = algorithms::dependent_block(mech.loops[l], constraints.jacobian[l]);
    const double ratio = algorithms::hadamard_ratio(D, algorithms::adjugate_inverse(D).det);
    if (ratio < algorithms::kSingularRatio)
      throw std::runtime_error("the loops close at this state but loop '" + model.loops[l].name +
                               "' has a singular Phi_d there (Hadamard ratio " + std::to_string(ratio) +
                               "): its dependent rates are not determined; independent coordinates " + independent_text);
  }
  algorithms::close_velocities(mech, state);
  algorithms::LoopDynamicsData<double> forward(mech, mech);
  algorithms::forward_dynamics_loops(mech, mech, state, forward);
  for (int k = 0; k < mech.independent_dof(); ++k)
    state.qdd_independent[static_cast<std::size_t>(k)] = input.qdd[static_cast<std::size_t>(mech.independent_coordinates[static_cast<std::size_t>(k)])];
  algorithms::LoopInverseDynamicsData<double> inverse(mech);
  algorithms::inverse_dynamics_loops(mech, state, {}, inverse);
  algorithms::State<double> solved = state;
  solved.qdd = forward.qdd;
  algorithms::BaseWrenchData<double> wrench(mech);
  algorithms::base_wrench(mech, solved, wrench);
  std::vector<std::string> independent;
  for (int i : mech.independent_coordinates) independent.push_back(model.coordinates[static_cast<std::size_t>(i)]);
  Json out = {{"coordinates", model.coordinates},
              {"independent", independent},
              {"q", state.q},
              {"qd", state.qd},
              {"closure_residual", algorithms::max_closure_residual(mech, state)},
              {"M", matrix_json(forward.M)},
              {"b", forward.b},
              {"qdd_crba", forward.qdd},
              {"qdd", forward.qdd},
              {"tau_rnea", inverse.rnea.tau},
              {"tau_independent", inverse.tau_independent}};
  if (algorithms::actuators_determined(mech)) out["actuator_forces"] = inverse.actuator_forces;
  out["base_wrench"] = six(wrench.wrench);
  return out;
}

}  // namespace

int run_eval(const Args& args) {
  std::string model_path, state_path, seed_text;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--state" && i + 1 < args.size() && state_path.empty()) {
      state_path = args[++i];
    } else if (args[i] == "--random" && i + 1 < args.size() && seed_text.empty()) {
      seed_text = args[++i];
    } else if (args[i].starts_with("-") || !model_path.empty()) {
      std::cerr << "dyngen eval: unexpected argument '" << args[i] << "'\n" << kUsage;
      return 2;
    } else {
      model_path = args[i];
    }
  }
  std::uint64_t seed = 0;
  const bool seed_ok = std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), seed).ptr ==
                       seed_text.data() + seed_text.size();
  if (model_path.empty() || state_path.empty() == seed_text.empty() || (!seed_text.empty() && !seed_ok)) {
    std::cerr << kUsage;
    return 2;
  }
  const Model model = load_model(model_path);
  const EvalState state = state_path.empty() ? random_state(model, seed) : StateReader(model, state_path).read();
  Json output = model.loops.empty() ? evaluate(model, state) : evaluate_looped(model, state);
  if (!seed_text.empty()) output["state"] = state_json(model, state);
  std::cout << output.dump(2) << "\n";
  return 0;
}

}  // namespace dyngen::cli
