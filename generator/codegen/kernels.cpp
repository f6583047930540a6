#include "codegen/kernels.hpp"

#include <ginac/ginac.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <stdexcept>
#include <variant>

#include "codegen/rewrites.hpp"
#include "codegen/symbolic_problem.hpp"
#include "engine/staging.hpp"
#include "engine/tree_height.hpp"
#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/base_wrench_composite.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/energy_momentum.hpp"
#include "generator/algorithms/forward_dynamics_base_affine.hpp"
#include "generator/algorithms/forward_dynamics_combined.hpp"
#include "generator/algorithms/forward_dynamics_crba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/inverse_dynamics_loops.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/loop_closure.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::codegen {

namespace {

using engine::NamedOutput;

template <class S>
std::vector<S> flat(const spatial::Vec6<S>& v) {
  std::vector<S> out;
  for (int k = 0; k < 6; ++k) out.push_back(v[k]);
  return out;
}

template <class S>
using Outputs = std::vector<std::pair<std::string, std::vector<S>>>;

// Each kernel's outputs as the algorithm templates compute them: with Expr for generation, with
// double for the reference the generated code is checked against.
// The kernels of looped mechanisms (model.loops not empty; the state is a closed one).
template <class S>
Outputs<S> loop_kernel_outputs(const std::string& kernel, const algorithms::Mechanism<S>& mech,
                               const algorithms::Mechanism<S>& force_mech, const algorithms::State<S>& state,
                               const std::vector<algorithms::Pivot>& actuator_pivots) {
  if (kernel == "position_closure") {
    algorithms::State<S> closed = state;
    std::vector<S> margin;
    for (int l : mech.loop_order) algorithms::close_analytically(mech, closed, l, margin);
    return {{"q_closed", closed.q}, {"closure_margin", margin}};
  }
  if (kernel == "loop_residual") {
    algorithms::LoopConstraintData<S> data(mech);
    algorithms::loop_poses(mech, state, data);
    algorithms::loop_residual(mech, data);
    algorithms::loop_jacobian(mech, data);
    Outputs<S> out{{"phi", {}}, {"phi_d", {}}};
    for (std::size_t l = 0; l < mech.loops.size(); ++l) {
      out[0].second.insert(out[0].second.end(), data.residual[l].begin(), data.residual[l].end());
      const spatial::Matrix<S> D = algorithms::dependent_block(mech.loops[l], data.jacobian[l]);
      out[1].second.insert(out[1].second.end(), D.data.begin(), D.data.end());
    }
    return out;
  }
  if (kernel == "dependent_velocities") {
    algorithms::State<S> closed = state;
    const std::vector<S> det = algorithms::close_velocities(mech, closed);
    return {{"qd_closed", closed.qd}, {"det_phi_d", det}};
  }
  if (kernel == "closure") {
    // position_closure, then dependent_velocities at its q: the closed angles' sin and cos come
    // from their atan2 arguments (engine Options::trig_of_atan2), not from new calls
    Outputs<S> out = loop_kernel_outputs("position_closure", mech, force_mech, state, actuator_pivots);
    algorithms::State<S> closed = state;
    closed.q = out.front().second;
    for (auto& rates : loop_kernel_outputs("dependent_velocities", mech, force_mech, closed, actuator_pivots))
      out.push_back(std::move(rates));
    return out;
  }
  if (kernel == "forward_dynamics_crba") {
    algorithms::LoopDynamicsData<S> data(mech, force_mech);
    algorithms::forward_dynamics_loops(mech, force_mech, state, data);
    return {{"qdd", data.qdd}, {"qdd_independent", data.qdd_independent}, {"det_phi_d", data.det}};
  }
  if (kernel == "forward_dynamics_combined") {
    algorithms::CombinedDynamicsData<S> data(mech, force_mech);
    algorithms::forward_dynamics_combined(force_mech, state, data);
    return {{"qdd", data.qdd}, {"qdd_independent", data.qdd_independent}, {"det_phi_d", data.part.det}};
  }
  if (kernel == "inverse_dynamics") {
    algorithms::LoopInverseDynamicsData<S> data(mech);
    algorithms::inverse_dynamics_loops(mech, state, actuator_pivots, data);
    Outputs<S> out{{"tau_independent", data.tau_independent}};
    if (algorithms::actuators_determined(mech)) out.push_back({"actuator_forces", data.actuator_forces});
    out.push_back({"det_phi_d", data.det});
    return out;
  }
  throw std::invalid_argument("unknown kernel " + kernel);
}

// How forward_dynamics_base_wrench gets the wrench at its qdd: a second Newton-Euler pass
// (base_wrench.hpp); the composite inertias and the bias pass the CRBA route has
// (base_wrench_composite.hpp); or, on the ABA route, ABA's own reaction at the base
// (aba.hpp: -sum X^T (IA a + pA) over the base's children); or, for a looped mechanism, the CRBA
// route and the composite wrench with the base's acceleration entering both affinely
// (forward_dynamics_base_affine.hpp), which leaves the staged kernel's finishing pass short. The
// build keeps the cheapest.
enum class WrenchPass { newton_euler, composite, articulated, affine };

// `force_mech`, an exact rewrite of `mech`, gives the CRBA route's b (its H comes from `mech`).
// `route` is the forward dynamics kernel forward_dynamics_base_wrench runs.
template <class S>
Outputs<S> kernel_outputs(const std::string& kernel, const algorithms::Mechanism<S>& mech,
                          const algorithms::Mechanism<S>& force_mech, const algorithms::State<S>& state,
                          const std::vector<algorithms::Pivot>& actuator_pivots,
                          const std::string& route = "forward_dynamics_crba",
                          WrenchPass wrench_pass = WrenchPass::newton_euler) {
  if (kernel == "forward_dynamics_base_wrench" && wrench_pass == WrenchPass::articulated) {
    if (route != "forward_dynamics_aba") throw std::invalid_argument("ABA's reaction at the base needs the ABA route");
    algorithms::AbaData<S> data(mech);
    algorithms::aba(mech, state, data);
    return {{"qdd", data.qdd}, {"wrench_on_base", flat(data.wrench)}};
  }
  if (kernel == "forward_dynamics_base_wrench" && wrench_pass == WrenchPass::affine) {
    algorithms::LoopDynamicsData<S> data(mech, force_mech);
    spatial::Vec6<S> wrench;
    algorithms::forward_dynamics_base_affine(mech, force_mech, state, data, wrench);
    return {{"qdd", data.qdd}, {"wrench_on_base", flat(wrench)}, {"det_phi_d", data.det}};
  }
  if (kernel == "forward_dynamics_base_wrench") {
    // qdd by the route, then the wrench on the base at that qdd: one pass, the transforms,
    // velocities and bias terms the two share computed once
    Outputs<S> dynamics = kernel_outputs(route, mech, force_mech, state, actuator_pivots);
    const std::vector<S>& qdd = dynamics.front().second;
    Outputs<S> out;
    if (wrench_pass == WrenchPass::composite) {
      // the CRBA's composite inertias on mech and the generalized forces' wrench at the base on
      // force_mech: what the CRBA route computed already
      algorithms::CrbaData<S> crba(mech);
      algorithms::crba(mech, state, crba);
      algorithms::GeneralizedForcesData<S> forces(force_mech);
      algorithms::generalized_forces(force_mech, state, forces);
      out = {{"wrench_on_base", flat(algorithms::base_wrench_composite(mech, crba, forces.rnea.f[0], qdd))}};
    } else {
      algorithms::State<S> accelerated = state;
      accelerated.qdd = qdd;
      out = kernel_outputs("base_wrench", mech, force_mech, accelerated, actuator_pivots);
    }
    out.insert(out.begin(), dynamics.front());
    for (auto& [name, values] : dynamics)
      if (name == "det_phi_d") out.emplace_back(name, values);
    return out;
  }
  if (!mech.loops.empty() && kernel != "base_wrench" && kernel != "point_kinematics" && kernel != "body_kinematics" &&
      kernel != "energy" && kernel != "damper_power")
    return loop_kernel_outputs(kernel, mech, force_mech, state, actuator_pivots);
  if (kernel == "mass_matrix") {
    algorithms::CrbaData<S> data(mech);
    algorithms::crba(mech, state, data);
    return {{"M", data.H.data}};
  }
  if (kernel == "generalized_forces") {
    algorithms::GeneralizedForcesData<S> data(mech);
    algorithms::generalized_forces(mech, state, data);
    return {{"b", data.b}};
  }
  if (kernel == "forward_dynamics_crba")
    return {{"qdd", algorithms::forward_dynamics_crba(mech, force_mech, state)}};
  if (kernel == "forward_dynamics_aba") {
    algorithms::AbaData<S> data(mech);
    algorithms::aba(mech, state, data);
    return {{"qdd", data.qdd}};
  }
  if (kernel == "inverse_dynamics") {
    algorithms::RneaData<S> data(mech);
    algorithms::rnea(mech, state, data);
    return {{"tau", data.tau}};
  }
  if (kernel == "base_wrench") {
    algorithms::BaseWrenchData<S> data(mech);
    algorithms::base_wrench(mech, state, data);
    return {{"wrench_on_base", flat(data.wrench)}};
  }
  if (kernel == "damper_power") return {{"power", {algorithms::damper_power(mech, state)}}};
  if (kernel == "energy") {
    algorithms::EnergyMomentumData<S> data(mech);
    algorithms::energy_momentum(mech, state, data);
    return {{"energy", {data.kinetic, data.potential, data.damper_power}}, {"momentum", flat(data.momentum)}};
  }
  if (kernel == "body_kinematics") {
    // Motion relative to the base, as point_kinematics.
    algorithms::State<S> relative = state;
    relative.w0 = {};
    relative.v0 = {};
    algorithms::KinematicsData<S> data(mech);
    algorithms::kinematics(mech, relative, data);
    Outputs<S> out{{"rotation", {}}, {"origin", {}}, {"angular_velocity", {}}, {"origin_velocity", {}}};
    for (int j = 1; j < mech.body_count; ++j) {
      const auto u = static_cast<std::size_t>(j);
      if (!mech.external_wrench[u]) continue;
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) out[0].second.push_back(data.R[u](r, c));
        out[1].second.push_back(data.p[u][r]);
        out[2].second.push_back(data.w[u][r]);
        out[3].second.push_back(data.v[u][r]);
      }
    }
    return out;
  }
  if (kernel == "point_kinematics") {
    // Motion relative to the base: the base's own motion is left out.
    algorithms::State<S> relative = state;
    relative.w0 = {};
    relative.v0 = {};
    algorithms::KinematicsData<S> data(mech);
    algorithms::kinematics(mech, relative, data);
    Outputs<S> out{{"position", {}}, {"velocity", {}}};
    for (std::size_t i = 0; i < data.point_position.size(); ++i) {
      for (int k = 0; k < 3; ++k) {
        out[0].second.push_back(data.point_position[i][k]);
        out[1].second.push_back(data.point_velocity[i][k]);
      }
    }
    return out;
  }
  throw std::invalid_argument("unknown kernel " + kernel);
}

struct KernelRecipe {
  std::string name;
  std::string summary;
  std::vector<std::string> inputs;
  std::function<std::vector<engine::ArrayDoc>(const Model&)> outputs;
};

std::vector<engine::ArrayDoc> per_coordinate(const Model& m, const char* name, const char* meaning) {
  return {{name, m.dof(), meaning}};
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

std::vector<std::string> independent_names(const Model& m) {
  std::vector<std::string> names;
  for (int i = 0; i < m.dof(); ++i)
    if (m.independent[static_cast<std::size_t>(i)]) names.push_back(m.coordinates[static_cast<std::size_t>(i)]);
  return names;
}

int independent_count(const Model& m) { return static_cast<int>(independent_names(m).size()); }

std::vector<std::string> loop_names(const Model& m) {
  std::vector<std::string> names;
  for (const Loop& loop : m.loops) names.push_back(loop.name);
  return names;
}

std::vector<engine::ArrayDoc> loop_determinants(const Model& m) {
  return {{"det_phi_d", static_cast<int>(m.loops.size()),
           "det Phi_d per loop (" + joined(loop_names(m)) +
               "): near zero (against det_reference) at a singular configuration"}};
}

// The kernels of a looped model: closure at position and velocity level, the constraints, forward
// and inverse dynamics of the closed mechanism, and the tree kernels that hold for it unchanged.
std::vector<KernelRecipe> loop_recipes(const Model& model) {
  const std::vector<std::string> dynamics_inputs = {"q", "qd", "tau", "base", "wrench", "p"};
  std::vector<KernelRecipe> list;
  int margins = 0;
  for (const Loop& loop : model.loops) {
    if (!loop.closes_analytically()) continue;
    margins += loop.closed_form == ClosedForm::universal_prismatic ? 2 : 1;
  }
  if (margins > 0)
    list.push_back({"position_closure",
                    "position closure of the loops with a closed form: their dependent coordinates from the "
                    "independent ones, on the branch of the guess",
                    {"q", "p"},
                    [margins](const Model& m) {
                      return std::vector<engine::ArrayDoc>{
                          {"q_closed", m.dof(),
                           "q with the dependent coordinates of the closed-form loops solved (the others copied)"},
                          {"closure_margin", margins,
                           "the radicands of the closed forms, in closure order: all >= 0 when every chain reaches"}};
                    }});
  list.push_back({"loop_residual", "the loops' constraint residuals Phi(q) and dependent Jacobian blocks Phi_d",
                  {"q", "p"},
                  [](const Model& m) {
                    int rows = 0, entries = 0;
                    for (const Loop& loop : m.loops) {
                      rows += loop.constraints;
                      entries += loop.constraints * loop.constraints;
                    }
                    return std::vector<engine::ArrayDoc>{
                        {"phi", rows, "Phi per loop (" + joined(loop_names(m)) + "), m_k rows each (m or 1)"},
                        {"phi_d", entries,
                         "Phi_d per loop, m_k x m_k row-major, columns in the order of the loop's dependent "
                         "coordinates"}};
                  }});
  list.push_back({"dependent_velocities", "velocity closure qd_d = G qd_i (G = -Phi_d^-1 Phi_i per loop)",
                  {"q", "qd", "p"},
                  [](const Model& m) {
                    std::vector<engine::ArrayDoc> out{
                        {"qd_closed", m.dof(), "qd with the dependent rates from the independent ones"}};
                    for (const auto& doc : loop_determinants(m)) out.push_back(doc);
                    return out;
                  }});
  if (margins > 0 && std::all_of(model.loops.begin(), model.loops.end(), [](const Loop& l) { return l.closes_analytically(); }))
    // the outputs of position_closure (list's first) and of dependent_velocities (its last), in turn
    list.push_back({"closure",
                    "position_closure and dependent_velocities in one pass, as close() runs them: the closed "
                    "angles' sin and cos from their atan2 arguments, the independent ones' shared",
                    {"q", "qd", "p"},
                    [positions = list.front().outputs, rates = list.back().outputs](const Model& m) {
                      std::vector<engine::ArrayDoc> out = positions(m);
                      for (auto& doc : rates(m)) out.push_back(std::move(doc));
                      return out;
                    }});
  list.push_back({"forward_dynamics_crba",
                  "forward dynamics of the closed mechanism: CRBA and generalized forces of the cut tree, "
                  "coordinate partitioning, T^T H T qdd_i = T^T (b - H g) by eliminating each loop at its cut, dense "
                  "LTDL",
                  dynamics_inputs,
                  [](const Model& m) {
                    std::vector<engine::ArrayDoc> out{
                        {"qdd", m.dof(), "accelerations of every coordinate (rad/s^2 or m/s^2)"},
                        {"qdd_independent", independent_count(m),
                         "accelerations of the independent coordinates: " + joined(independent_names(m))}};
                    for (const auto& doc : loop_determinants(m)) out.push_back(doc);
                    return out;
                  }});
  if (algorithms::has_open_chains(algorithms::make_numeric_mechanism(model)))
    list.push_back({"forward_dynamics_combined",
                    "forward dynamics of the closed mechanism by the combined algorithm (thesis 2.5): CRBA and "
                    "coordinate partitioning for the looped part, ABA for the open chains rooted on it",
                    dynamics_inputs, list.back().outputs});
  list.push_back({"inverse_dynamics",
                  "inverse dynamics of the closed mechanism: the actuation giving the independent coordinates "
                  "the accelerations qdd_independent",
                  {"q", "qd", "qdd_independent", "base", "wrench", "p"},
                  [](const Model& m) {
                    std::vector<engine::ArrayDoc> out{
                        {"tau_independent", independent_count(m),
                         "actuation as generalized forces on the independent coordinates (N m or N), T^T (tau_RNEA - "
                         "springs - dampers)"}};
                    const auto mech = algorithms::make_numeric_mechanism(m);
                    if (algorithms::actuators_determined(mech)) {
                      std::vector<std::string> actuated;
                      for (int i : algorithms::actuated_coordinates(mech))
                        actuated.push_back(m.coordinates[static_cast<std::size_t>(i)]);
                      out.push_back({"actuator_forces", independent_count(m),
                                     "force (N) or torque (N m) of each actuator: " + joined(actuated)});
                    }
                    for (const auto& doc : loop_determinants(m)) out.push_back(doc);
                    return out;
                  }});
  return list;
}

std::vector<KernelRecipe> recipes(const Model& model) {
  const std::vector<std::string> dynamics_inputs = {"q", "qd", "tau", "base", "wrench", "p"};
  const std::vector<std::string> inverse_inputs = {"q", "qd", "qdd", "base", "wrench", "p"};
  const auto joint_accelerations = [](const Model& m) {
    return per_coordinate(m, "qdd", "joint accelerations (rad/s^2 or m/s^2)");
  };
  const KernelRecipe base_wrench = {
      "base_wrench",
      "force and moment the mechanism exerts on its base at the base origin, for the given qdd" +
          std::string(model.loops.empty() ? "" : " (every coordinate's, at a closed state: the cut forces cancel)"),
      inverse_inputs,
      [](const Model&) {
        return std::vector<engine::ArrayDoc>{
            {"wrench_on_base", 6, "force (N) then moment (N m) on the base, base axes"}};
      }};
  std::vector<KernelRecipe> list = model.loops.empty() ? std::vector<KernelRecipe>{} : loop_recipes(model);
  if (!model.loops.empty()) list.push_back(base_wrench);
  if (model.loops.empty()) list = {
      {"mass_matrix", "joint-space mass matrix M(q) by the composite-rigid-body algorithm",
       {"q", "p"},
       [](const Model& m) {
         return std::vector<engine::ArrayDoc>{
             {"M", m.dof() * m.dof(), "mass matrix, row-major n x n (kg m^2, kg m or kg)"}};
       }},
      {"generalized_forces",
       "generalized forces b of M qdd = b: transport motion, gravity, velocity terms, springs, "
       "dampers, actuation, external wrenches",
       dynamics_inputs,
       [](const Model& m) {
         return per_coordinate(m, "b", "generalized forces (N m or N) per coordinate");
       }},
      {"forward_dynamics_crba", "forward dynamics qdd by CRBA + generalized forces + LTDL solve",
       dynamics_inputs, joint_accelerations},
      {"forward_dynamics_aba", "forward dynamics qdd by the articulated-body algorithm",
       dynamics_inputs, joint_accelerations},
      {"inverse_dynamics",
       "inverse dynamics: generalized force each joint transmits (springs, dampers and actuator "
       "together) for the given qdd, by RNEA",
       inverse_inputs,
       [](const Model& m) {
         return per_coordinate(m, "tau", "joint forces (N m or N) per coordinate");
       }},
      base_wrench,
  };
  if (std::any_of(model.bodies.begin(), model.bodies.end(), [](const Body& b) { return b.external_wrench; })) {
    list.push_back({"body_kinematics",
                    "poses and velocities of the bodies taking an external wrench, relative to the base, base axes "
                    "(the frames a contact model needs)",
                    {"q", "qd", "p"},
                    [](const Model& m) {
                      std::string names;
                      int count = 0;
                      for (const Body& b : m.bodies)
                        if (b.external_wrench) names += (count++ ? ", " : "") + b.name;
                      return std::vector<engine::ArrayDoc>{
                          {"rotation", 9 * count, "R per body (" + names + "), row-major: p_base = R p_body"},
                          {"origin", 3 * count, "body origin (m) per body, base axes"},
                          {"angular_velocity", 3 * count, "angular velocity (rad/s) per body, base axes"},
                          {"origin_velocity", 3 * count, "velocity of the body origin (m/s) per body, base axes"}};
                    }});
  }
  list.push_back({"energy",
                  "kinetic energy (absolute, the base moving with w0 and v0), potential energy of the springs and "
                  "gravity, power of the dampers, and momentum of the mechanism (a simulation's energy balance; of base only w0 "
                  "is read)",
                  {"q", "qd", "base", "base_velocity", "p"},
                  [](const Model&) {
                    return std::vector<engine::ArrayDoc>{
                        {"energy", 3,
                         "kinetic energy T (J), potential energy V of the springs and gravity (J, gravity from the "
                         "base origin), damper power -sum c qd^2 (W)"},
                        {"momentum", 6,
                         "linear momentum (N s) and angular momentum about the base origin (N m s), base axes"}};
                  }});
  list.push_back({"damper_power", "power of the joints' dampers -sum c qd^2 (a simulation's energy balance)",
                  {"qd", "p"},
                  [](const Model&) { return std::vector<engine::ArrayDoc>{{"power", 1, "damper power (W), <= 0"}}; }});
  if (!model.points.empty()) {
    list.push_back({"point_kinematics",
                    "positions and velocities of the named points relative to the base, base axes",
                    {"q", "qd", "p"},
                    [](const Model& m) {
                      std::string names;
                      for (const NamedPoint& p : m.points) names += (names.empty() ? "" : ", ") + p.name;
                      const int k = 3 * static_cast<int>(m.points.size());
                      return std::vector<engine::ArrayDoc>{
                          {"position", k, "x, y, z (m) per point: " + names},
                          {"velocity", k, "x, y, z (m/s) per point, relative to the base, same order"}};
                    }});
  }
  return list;
}

// The forward dynamics of the chosen route with the wrench on the base at its accelerations, as a
// simulation's coupling of mechanism and spacecraft asks for them (built after the route is chosen).
KernelRecipe fused_recipe() {
  return {"forward_dynamics_base_wrench",
          "forward dynamics (the route forward_dynamics takes) and the force and moment the mechanism then exerts on "
          "its base, in one pass: what the two share (transforms, velocities, bias terms) computed once",
          {"q", "qd", "tau", "base", "wrench", "p"},
          [](const Model& m) {
            std::vector<engine::ArrayDoc> out{
                {"qdd", m.dof(), "accelerations of every coordinate (rad/s^2 or m/s^2)"},
                {"wrench_on_base", 6, "force (N) then moment (N m) on the base at those accelerations, base axes"}};
            if (!m.loops.empty())
              for (const auto& doc : loop_determinants(m)) out.push_back(doc);
            return out;
          }};
}

// forward_dynamics_base_wrench staged at the base's accelerations e0, a0 = base[3..8].
std::vector<engine::Kernel> staged_at_base_acceleration(const engine::Kernel& fused) {
  const auto late = [](const engine::Instruction& input) { return input.array == "base" && input.index >= 3; };
  engine::StagedList staged = engine::stage(fused.code, late, "cache", {"det_phi_d"});
  const std::string cache_doc = "values forward_dynamics_base_wrench_finish reads (the state's part of " + fused.name + ")";
  engine::Kernel prepare{fused.name + "_prepare",
                         fused.name + "'s instructions that read neither e0 nor a0 (base[3..8]), run once at a state; "
                                      "then " + fused.name + "_finish for each e0, a0 (a spacecraft's coupling iterates "
                                      "on them). Together they compute the same values as it, bit for bit",
                         fused.inputs,
                         {{"cache", staged.cache_size, cache_doc}},
                         std::move(staged.early)};
  engine::Kernel finish{fused.name + "_finish",
                        "the rest of " + fused.name + ": qdd and the wrench on the base from the cache of " + fused.name +
                            "_prepare and the base's accelerations e0, a0",
                        {{"cache", staged.cache_size, cache_doc}},
                        {},
                        std::move(staged.late)};
  for (const engine::ArrayDoc& doc : fused.inputs)
    if (doc.name == "base") finish.inputs.push_back(doc);
  for (const engine::ArrayDoc& doc : fused.outputs) (doc.name == "det_phi_d" ? prepare : finish).outputs.push_back(doc);
  return {std::move(prepare), std::move(finish)};
}

}  // namespace

std::vector<std::string> kernel_names(const Model& model) {
  std::vector<std::string> names;
  for (const KernelRecipe& r : recipes(model)) names.push_back(r.name);
  names.push_back(fused_recipe().name);
  return names;
}

struct NumericReference::Numeric {
  std::variant<algorithms::Mechanism<double>, algorithms::Mechanism<long double>> mech;
};

namespace {

template <class S>
std::map<std::string, std::vector<double>> reference_outputs(
    const Model& model, const algorithms::Mechanism<S>& mech, const std::string& kernel,
    const std::map<std::string, std::vector<double>>& inputs) {
  const auto array = [&](const char* name, std::size_t size) {
    auto it = inputs.find(name);
    std::vector<S> values;
    if (it != inputs.end()) values.assign(it->second.begin(), it->second.end());
    values.resize(size, S(0.0));
    return values;
  };
  algorithms::State<S> state(mech);
  const auto n = static_cast<std::size_t>(model.dof());
  state.q = array("q", n);
  state.qd = array("qd", n);
  state.qdd = array("qdd", n);
  state.tau = array("tau", n);
  state.qdd_independent = array("qdd_independent", static_cast<std::size_t>(mech.independent_dof()));
  const std::vector<S> base = array("base", 9);
  for (int k = 0; k < 3; ++k) {
    state.w0[k] = base[static_cast<std::size_t>(k)];
    state.e0[k] = base[static_cast<std::size_t>(3 + k)];
    state.a0[k] = base[static_cast<std::size_t>(6 + k)];
  }
  const std::vector<S> base_velocity = array("base_velocity", 3);
  for (int k = 0; k < 3; ++k) state.v0[k] = base_velocity[static_cast<std::size_t>(k)];
  std::size_t slot = 0;
  const std::vector<S> wrench = array("wrench", 6 * model.bodies.size());
  for (int j = 0; j < model.body_count(); ++j) {
    if (!mech.external_wrench[static_cast<std::size_t>(j)]) continue;
    for (int k = 0; k < 6; ++k) state.f_ext[static_cast<std::size_t>(j)][k] = wrench[6 * slot + k];
    ++slot;
  }
  std::map<std::string, std::vector<double>> out;
  for (auto& [name, values] : kernel_outputs(kernel, mech, mech, state, {})) {
    out[name].assign(values.begin(), values.end());
  }
  return out;
}

}  // namespace

NumericReference::NumericReference(const Model& model,
                                   const std::vector<std::string>& runtime_parameters,
                                   const std::vector<double>& p, ReferenceScalar scalar)
    : model_(model) {
  GiNaC::exmap at;
  GiNaC::symtab table;
  for (const Parameter& parameter : model.parameters) {
    const GiNaC::symbol symbol(parameter.name);
    table[parameter.name] = symbol;
    auto runtime = std::find(runtime_parameters.begin(), runtime_parameters.end(), parameter.name);
    const auto index = static_cast<std::size_t>(runtime - runtime_parameters.begin());
    at[symbol] = runtime == runtime_parameters.end() || index >= p.size() ? parameter.value : p[index];
  }
  const auto value = [&](const Quantity& q) {
    if (q.source.empty() || runtime_parameters.empty()) return q.value;
    GiNaC::parser reader(table);
    return GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(reader(q.source).subs(at))).to_double();
  };
  numeric_ = scalar == ReferenceScalar::double_precision
                 ? std::make_unique<Numeric>(Numeric{algorithms::make_mechanism<double>(model, value)})
                 : std::make_unique<Numeric>(Numeric{algorithms::make_mechanism<long double>(model, value)});
}

NumericReference::~NumericReference() = default;

std::map<std::string, std::vector<double>> NumericReference::outputs(
    const std::string& kernel, const std::map<std::string, std::vector<double>>& inputs) const {
  return std::visit([&](const auto& mech) { return reference_outputs(model_, mech, kernel, inputs); },
                    numeric_->mech);
}

LoopReference loop_reference(const Model& model) {
  LoopReference reference;
  if (model.loops.empty()) return reference;
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  for (int i = 0; i < mech.dof; ++i) state.q[static_cast<std::size_t>(i)] = mech.q0[static_cast<std::size_t>(i)];
  const algorithms::ClosureReport report = algorithms::close_positions(mech, state);
  if (report.status != algorithms::ClosureStatus::closed)
    throw std::invalid_argument(
        "the reference configuration (every coordinate at its q0) does not close" +
        (report.loop >= 0 ? " at loop '" + model.loops[static_cast<std::size_t>(report.loop)].name + "'" : std::string()) +
        ": " + report.message);
  reference.q = state.q;
  algorithms::LoopInverseDynamicsData<double> data(mech);
  algorithms::inverse_dynamics_loops(mech, state, {}, data);
  reference.det_phi_d = data.det;
  if (algorithms::actuators_determined(mech)) reference.actuator_pivots = algorithms::complete_pivoting_order(data.actuation);
  return reference;
}

GeneratedKernels build_kernels(const Model& model, const GenerateOptions& options) {
  GeneratedKernels result;
  result.reference = loop_reference(model);
  const std::vector<Rewrite> candidates = rewrites(model, options);
  // A kernel built in a fresh context from the mechanism under the chosen rewrites (rewrites.hpp;
  // the kernels giving the wrench on the base keep what grouping would move onto the base).
  const auto build = [&](const KernelRecipe& recipe, const BuildVariant& variant, WrenchPass wrench_pass) {
    engine::Context context(variant.engine_options(options.engine));
    engine::ContextScope scope(context);
    SymbolicProblem problem = make_symbolic_problem(model, options);
    result.parameters = problem.parameters;
    result.wrench_bodies = problem.wrench_bodies;
    const auto base = recipe.name == "base_wrench" || recipe.name == "forward_dynamics_base_wrench"
                          ? algorithms::BaseGrouping::keep
                          : algorithms::BaseGrouping::drop;
    const algorithms::Mechanism<Expr> force_mech = variant.apply(candidates, problem.mech, base);
    std::vector<NamedOutput> outputs;
    for (auto& [name, elements] : kernel_outputs(recipe.name, problem.mech, force_mech, problem.state,
                                                 result.reference.actuator_pivots, result.forward_dynamics,
                                                 wrench_pass)) {
      outputs.push_back({name, std::move(elements)});
    }
    std::string summary = recipe.summary;
    if (const std::string text = note(candidates, variant.choice); !text.empty()) summary += "; " + text;
    if (wrench_pass == WrenchPass::composite) summary += "; base wrench from the CRBA's composite inertias";
    if (wrench_pass == WrenchPass::articulated) summary += "; base wrench from ABA's articulated inertias";
    if (wrench_pass == WrenchPass::affine)
      summary += "; CRBA route and composite base wrench, the base's acceleration entering through the base - joint "
                 "coupling terms";
    if (variant.factoring) summary += "; common factors taken out of sums";
    return engine::Kernel{recipe.name, summary, input_docs(model, problem, recipe.inputs),
                          recipe.outputs(model), engine::reduce_tree_height(engine::flatten(outputs))};
  };
  // The rewrite each kernel was cheapest under; the CRBA route's halves are the mass matrix and
  // the generalized forces, built before it.
  std::map<std::string, std::size_t> cheapest;
  const auto build_cheapest = [&](const KernelRecipe& recipe) {
    const auto start = std::chrono::steady_clock::now();
    // closure and constraint kernels keep the frames as given (the closed forms read them), and so
    // do the body poses, which are the model's frames
    const std::string name = recipe.name;
    const bool kinematic = name == "position_closure" || name == "loop_residual" || name == "dependent_velocities" ||
                           name == "closure" ||
                           name == "body_kinematics" || name == "energy";
    const std::vector<RewriteChoice> choices =
        kinematic ? rewrite_choices(1)
        : name == "forward_dynamics_crba" && cheapest.count("mass_matrix")
            ? crba_route_choices(candidates.size(), cheapest.at("mass_matrix"), cheapest.at("generalized_forces"))
            : rewrite_choices(candidates.size());
    std::vector<engine::Kernel> built;
    const auto operations = [](const engine::Kernel& k) {
      return static_cast<std::uint64_t>(engine::count_operations(k.code).total());
    };
    // On a moving base the fused kernel runs staged: its preparing pass once per evaluation, its
    // finishing pass once per coupling iteration, 1.5 of them per evaluation here (the bundled
    // dockings: 1.42 for the hexapod with RK4, 1.5 for the probe cone with RK4 at 5e-5 s, 1.98 with
    // rk45); the cost in half operations
    const auto cost = [&](const engine::Kernel& k) {
      if (name != "forward_dynamics_base_wrench" || !model.moving_base) return 2 * operations(k);
      const std::vector<engine::Kernel> staged = staged_at_base_acceleration(k);
      return 2 * operations(staged[0]) + 3 * operations(staged[1]);
    };
    const CheapestBuild best = cheapest_build(choices, options.engine.factoring, [&](const BuildVariant& variant) {
      built.push_back(build(recipe, variant, WrenchPass::newton_euler));
      std::uint64_t least = cost(built.back());
      // the wrench by whichever pass costs least with the route
      if (name == "forward_dynamics_base_wrench") {
        std::vector<WrenchPass> others{WrenchPass::composite};
        if (result.forward_dynamics == "forward_dynamics_aba") others.push_back(WrenchPass::articulated);
        if (!model.loops.empty()) others.push_back(WrenchPass::affine);
        for (const WrenchPass pass : others) {
          engine::Kernel other = build(recipe, variant, pass);
          if (const std::uint64_t c = cost(other); c < least) {
            least = c;
            built.back() = std::move(other);
          }
        }
      }
      return least;
    });
    cheapest[recipe.name] = best.variant.choice.inertia;
    result.kernels.push_back(std::move(built[best.call]));
    result.seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  };
  for (const KernelRecipe& recipe : recipes(model)) build_cheapest(recipe);
  // the one pass after the route is chosen, and on a moving base its staged pair
  const auto build_fused = [&] {
    build_cheapest(fused_recipe());
    if (model.moving_base) result.staged = staged_at_base_acceleration(result.kernels.back());
  };
  const auto total = [&](const char* name) {
    for (const auto& k : result.kernels) {
      if (k.name == name) return engine::count_operations(k.code).total();
    }
    return 0;
  };
  // the route chosen by its estimated cycles (engine/tree_height.hpp), not its operation count alone
  const auto cycles = [&](const char* name) {
    for (const auto& k : result.kernels)
      if (k.name == name) return engine::estimated_cycles(k.code);
    return 0.0;
  };
  if (!model.loops.empty()) {
    const bool combined = total("forward_dynamics_combined") > 0;
    if (options.forward == ForwardRoute::aba)
      throw std::invalid_argument("--algorithm aba: model " + model.name +
                                  " has loops; its forward dynamics is CRBA with coordinate partitioning (crba) or "
                                  "the combined CRBA + ABA (combined)");
    if (options.forward == ForwardRoute::combined && !combined)
      throw std::invalid_argument("--algorithm combined: model " + model.name +
                                  " has no open chain rooted on its looped part; use crba");
    result.forward_dynamics =
        options.forward == ForwardRoute::combined ||
                (options.forward == ForwardRoute::automatic && combined &&
                 cycles("forward_dynamics_combined") < cycles("forward_dynamics_crba"))
            ? "forward_dynamics_combined"
            : "forward_dynamics_crba";
    build_fused();
    return result;
  }
  if (options.forward == ForwardRoute::combined)
    throw std::invalid_argument("--algorithm combined: model " + model.name + " has no loops; use crba or aba");
  result.forward_dynamics = options.forward == ForwardRoute::aba ||
                                    (options.forward == ForwardRoute::automatic &&
                                     cycles("forward_dynamics_aba") < cycles("forward_dynamics_crba"))
                                ? "forward_dynamics_aba"
                                : "forward_dynamics_crba";
  build_fused();
  return result;
}

}  // namespace dyngen::codegen
