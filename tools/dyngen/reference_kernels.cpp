#include "reference_kernels.hpp"

#include <algorithm>
#include <numbers>
#include <random>
#include <stdexcept>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/energy_momentum.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/forward_dynamics_combined.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/inverse_dynamics_loops.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/loop_closure.hpp"
#include "generator/algorithms/ltdl.hpp"
#include "generator/algorithms/rnea.hpp"

namespace dyngen::cli {

namespace {

using algorithms::Mechanism;
using algorithms::State;

void copy_out(const std::vector<double>& values, double* out) { std::copy(values.begin(), values.end(), out); }

void copy_out(const spatial::Vec6<double>& v, double* out) {
  for (int k = 0; k < 6; ++k) out[k] = v[k];
}

// Closes q (the independent coordinates as drawn, halving their offsets from the reference until
// the loops close) and qd.
void close_sample(const Model& model, const Mechanism<double>& mech, const codegen::GeneratedKernels& kernels,
                  std::vector<double>& q, std::vector<double>& qd) {
  for (int attempt = 0;; ++attempt) {
    State<double> state(mech);
    state.q = q;
    state.qd = qd;
    const algorithms::ClosureReport report = algorithms::close_positions(mech, state);
    if (report.status == algorithms::ClosureStatus::closed) {
      algorithms::close_velocities(mech, state);
      q = state.q;
      qd = state.qd;
      return;
    }
    if (attempt == 20) throw std::runtime_error("cannot draw a closed state of " + model.name + ": " + report.message);
    for (std::size_t i = 0; i < q.size(); ++i) q[i] = kernels.reference.q[i] + 0.5 * (q[i] - kernels.reference.q[i]);
  }
}

}  // namespace

const double* Sample::array(const std::string& name) const {
  if (name == "q") return q.data();
  if (name == "qd") return qd.data();
  if (name == "qdd") return qdd.data();
  if (name == "qdd_independent") return qdd_independent.data();
  if (name == "tau") return tau.data();
  if (name == "base") return base.data();
  if (name == "base_velocity") return base_velocity.data();
  if (name == "wrench") return wrench.data();
  if (name == "p") return p.data();
  throw std::invalid_argument("no input array '" + name + "'");
}

std::vector<std::vector<double>> one_after_another(const std::vector<Sample>& samples,
                                                   const std::vector<engine::ArrayDoc>& arrays) {
  std::vector<std::vector<double>> all;
  for (const auto& doc : arrays) {
    all.emplace_back();
    for (const Sample& sample : samples) {
      const double* array = sample.array(doc.name);
      all.back().insert(all.back().end(), array, array + doc.size);
    }
  }
  return all;
}

std::vector<Sample> random_samples(const Model& model, const Mechanism<double>& mech,
                                   const codegen::GeneratedKernels& kernels, int count,
                                   std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> parameters;
  for (const std::string& name : kernels.parameters) {
    const auto p = std::find_if(model.parameters.begin(), model.parameters.end(),
                                [&](const Parameter& candidate) { return candidate.name == name; });
    if (p == model.parameters.end()) throw std::invalid_argument("model has no parameter " + name);
    parameters.push_back(p->value);
  }
  const auto n = static_cast<std::size_t>(model.dof());
  std::vector<Sample> samples;
  for (int s = 0; s < count; ++s) {
    Sample sample{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n),
                  std::vector<double>(n), {}, {}, {}, {}, parameters, State<double>(mech)};
    for (int j = 1; j < model.body_count(); ++j) {
      const Body& body = model.bodies[static_cast<std::size_t>(j)];
      if (body.coordinate < 0) continue;
      const double reach = body.joint.type == JointType::revolute ? std::numbers::pi : 0.5;
      const auto [low, high] = body.joint.limits.value_or(std::array<double, 2>{-reach, reach});
      const auto i = static_cast<std::size_t>(body.coordinate);
      if (model.loops.empty()) {
        sample.q[i] = std::uniform_real_distribution<double>(low, high)(random);
      } else {
        // a fraction of the coordinate's range around the closed reference
        const double spread = body.joint.limits ? 0.1 * (high - low) : (body.joint.type == JointType::revolute ? 0.3 : 0.05);
        sample.q[i] = kernels.reference.q[i] + (model.independent[i] ? spread * unit(random) : 0.0);
      }
      sample.qd[i] = unit(random);
      sample.qdd[i] = unit(random);
      if (body.joint.actuated) sample.tau[i] = unit(random);
    }
    for (int k = 0; k < mech.independent_dof(); ++k) sample.qdd_independent.push_back(unit(random));
    if (!model.loops.empty()) close_sample(model, mech, kernels, sample.q, sample.qd);
    if (model.moving_base) {
      for (int k = 0; k < 9; ++k) sample.base.push_back(unit(random));
      for (int k = 0; k < 3; ++k) sample.base_velocity.push_back(unit(random));
    }
    for (std::size_t k = 0; k < 6 * kernels.wrench_bodies.size(); ++k) sample.wrench.push_back(unit(random));

    State<double>& state = sample.state;
    state.q = sample.q;
    state.qd = sample.qd;
    state.qdd = sample.qdd;
    state.tau = sample.tau;
    state.qdd_independent = sample.qdd_independent;
    if (model.moving_base) {
      for (int k = 0; k < 3; ++k) {
        state.w0[k] = sample.base[static_cast<std::size_t>(k)];
        state.e0[k] = sample.base[static_cast<std::size_t>(3 + k)];
        state.a0[k] = sample.base[static_cast<std::size_t>(6 + k)];
        state.v0[k] = sample.base_velocity[static_cast<std::size_t>(k)];
      }
    }
    for (std::size_t slot = 0; slot < kernels.wrench_bodies.size(); ++slot) {
      for (int k = 0; k < 6; ++k) {
        state.f_ext[static_cast<std::size_t>(kernels.wrench_bodies[slot])][k] =
            sample.wrench[6 * slot + static_cast<std::size_t>(k)];
      }
    }
    samples.push_back(std::move(sample));
  }
  return samples;
}

// The kernels only looped models have, and their dynamics.
ReferenceFunction loop_reference_function(const Mechanism<double>& mech, const std::string& algorithm) {
  if (algorithm == "position_closure") {
    return [&mech](const State<double>& state, double* const* out) {
      State<double> closed = state;
      std::vector<double> margin;
      for (int l : mech.loop_order) algorithms::close_analytically(mech, closed, l, margin);
      copy_out(closed.q, out[0]);
      copy_out(margin, out[1]);
    };
  }
  if (algorithm == "loop_residual") {
    return [&mech, data = algorithms::LoopConstraintData<double>(mech)](const State<double>& state,
                                                                        double* const* out) mutable {
      algorithms::loop_poses(mech, state, data);
      algorithms::loop_residual(mech, data);
      algorithms::loop_jacobian(mech, data);
      double* phi = out[0];
      double* phi_d = out[1];
      for (std::size_t l = 0; l < mech.loops.size(); ++l) {
        phi = std::copy(data.residual[l].begin(), data.residual[l].end(), phi);
        const auto D = algorithms::dependent_block(mech.loops[l], data.jacobian[l]);
        phi_d = std::copy(D.data.begin(), D.data.end(), phi_d);
      }
    };
  }
  if (algorithm == "dependent_velocities") {
    return [&mech](const State<double>& state, double* const* out) {
      State<double> closed = state;
      copy_out(algorithms::close_velocities(mech, closed), out[1]);
      copy_out(closed.qd, out[0]);
    };
  }
  if (algorithm == "closure") {
    // position_closure, then dependent_velocities at the q it closed: the kernel's outputs in turn
    return [&mech, positions = loop_reference_function(mech, "position_closure"),
            rates = loop_reference_function(mech, "dependent_velocities"),
            closed = State<double>(mech)](const State<double>& state, double* const* out) mutable {
      positions(state, out);
      closed = state;
      closed.q.assign(out[0], out[0] + mech.dof);
      rates(closed, out + 2);
    };
  }
  if (algorithm == "forward_dynamics_crba") {
    return [&mech, data = algorithms::LoopDynamicsData<double>(mech, mech)](const State<double>& state,
                                                                           double* const* out) mutable {
      algorithms::forward_dynamics_loops(mech, mech, state, data);
      copy_out(data.qdd, out[0]);
      copy_out(data.qdd_independent, out[1]);
      copy_out(data.det, out[2]);
    };
  }
  if (algorithm == "forward_dynamics_combined") {
    return [&mech, data = algorithms::CombinedDynamicsData<double>(mech, mech)](const State<double>& state,
                                                                               double* const* out) mutable {
      algorithms::forward_dynamics_combined(mech, state, data);
      copy_out(data.qdd, out[0]);
      copy_out(data.qdd_independent, out[1]);
      copy_out(data.part.det, out[2]);
    };
  }
  if (algorithm == "inverse_dynamics") {
    return [&mech, data = algorithms::LoopInverseDynamicsData<double>(mech)](const State<double>& state,
                                                                            double* const* out) mutable {
      algorithms::inverse_dynamics_loops(mech, state, {}, data);
      int slot = 0;
      copy_out(data.tau_independent, out[slot++]);
      if (algorithms::actuators_determined(mech)) copy_out(data.actuator_forces, out[slot++]);
      copy_out(data.det, out[slot]);
    };
  }
  throw std::invalid_argument("no reference algorithm for kernel " + algorithm);
}

ReferenceFunction reference_function(const Mechanism<double>& mech,
                                     const codegen::GeneratedKernels& kernels,
                                     const std::string& name) {
  const std::string algorithm = name == "forward_dynamics" ? kernels.forward_dynamics : name;
  if (algorithm == "forward_dynamics_base_wrench") {
    // the chosen route's qdd, then the wrench on the base at it
    return [&mech, dynamics = reference_function(mech, kernels, kernels.forward_dynamics),
            wrench = reference_function(mech, kernels, "base_wrench"), accelerated = State<double>(mech),
            qdd_independent = std::vector<double>(static_cast<std::size_t>(mech.independent_dof())),
            det = std::vector<double>(mech.loops.size())](const State<double>& state, double* const* out) mutable {
      double* const dynamics_out[3] = {out[0], qdd_independent.data(), det.data()};
      dynamics(state, dynamics_out);
      accelerated = state;
      accelerated.qdd.assign(out[0], out[0] + mech.dof);
      wrench(accelerated, out + 1);
      if (!det.empty()) copy_out(det, out[2]);
    };
  }
  if (!mech.loops.empty() && algorithm != "base_wrench" && algorithm != "point_kinematics" &&
      algorithm != "body_kinematics" && algorithm != "energy" && algorithm != "damper_power")
    return loop_reference_function(mech, algorithm);
  if (algorithm == "mass_matrix") {
    return [&mech, data = algorithms::CrbaData<double>(mech)](const State<double>& state,
                                                               double* const* out) mutable {
      algorithms::crba(mech, state, data);
      copy_out(data.H.data, out[0]);
    };
  }
  if (algorithm == "generalized_forces") {
    return [&mech, data = algorithms::GeneralizedForcesData<double>(mech)](
               const State<double>& state, double* const* out) mutable {
      algorithms::generalized_forces(mech, state, data);
      copy_out(data.b, out[0]);
    };
  }
  if (algorithm == "forward_dynamics_crba") {
    return [&mech, crba = algorithms::CrbaData<double>(mech),
            forces = algorithms::GeneralizedForcesData<double>(mech),
            factor = algorithms::LtdlData<double>(mech)](const State<double>& state,
                                                         double* const* out) mutable {
      algorithms::crba(mech, state, crba);
      algorithms::generalized_forces(mech, state, forces);
      algorithms::ltdl(mech, crba.H, factor);
      // qdd = M^-1 b, solved in place in b
      algorithms::ltdl_solve(mech, factor, forces.b);
      copy_out(forces.b, out[0]);
    };
  }
  if (algorithm == "forward_dynamics_aba") {
    return [&mech, data = algorithms::AbaData<double>(mech)](const State<double>& state,
                                                              double* const* out) mutable {
      algorithms::aba(mech, state, data);
      copy_out(data.qdd, out[0]);
    };
  }
  if (algorithm == "inverse_dynamics") {
    return [&mech, data = algorithms::RneaData<double>(mech)](const State<double>& state,
                                                               double* const* out) mutable {
      algorithms::rnea(mech, state, data);
      copy_out(data.tau, out[0]);
    };
  }
  if (algorithm == "base_wrench") {
    return [&mech, data = algorithms::BaseWrenchData<double>(mech)](const State<double>& state,
                                                                     double* const* out) mutable {
      algorithms::base_wrench(mech, state, data);
      copy_out(data.wrench, out[0]);
    };
  }
  if (algorithm == "damper_power") {
    return [&mech](const State<double>& state, double* const* out) { out[0][0] = algorithms::damper_power(mech, state); };
  }
  if (algorithm == "energy") {
    return [&mech, data = algorithms::EnergyMomentumData<double>(mech)](const State<double>& state,
                                                                       double* const* out) mutable {
      algorithms::energy_momentum(mech, state, data);
      copy_out({data.kinetic, data.potential, data.damper_power}, out[0]);
      copy_out(data.momentum, out[1]);
    };
  }
  if (algorithm == "body_kinematics") {
    return [&mech, data = algorithms::KinematicsData<double>(mech),
            relative = State<double>(mech)](const State<double>& state, double* const* out) mutable {
      relative.q = state.q;
      relative.qd = state.qd;
      algorithms::kinematics(mech, relative, data);
      std::size_t slot = 0;
      for (int j = 1; j < mech.body_count; ++j) {
        const auto u = static_cast<std::size_t>(j);
        if (!mech.external_wrench[u]) continue;
        for (int r = 0; r < 3; ++r) {
          for (int c = 0; c < 3; ++c) out[0][9 * slot + 3 * static_cast<std::size_t>(r) + static_cast<std::size_t>(c)] = data.R[u](r, c);
          out[1][3 * slot + static_cast<std::size_t>(r)] = data.p[u][r];
          out[2][3 * slot + static_cast<std::size_t>(r)] = data.w[u][r];
          out[3][3 * slot + static_cast<std::size_t>(r)] = data.v[u][r];
        }
        ++slot;
      }
    };
  }
  if (algorithm == "point_kinematics") {
    // The kernel gives positions and velocities relative to the base: the base taken at rest.
    return [&mech, data = algorithms::KinematicsData<double>(mech),
            relative = State<double>(mech)](const State<double>& state, double* const* out) mutable {
      relative.q = state.q;
      relative.qd = state.qd;
      algorithms::kinematics(mech, relative, data);
      for (std::size_t k = 0; k < data.point_position.size(); ++k) {
        for (int c = 0; c < 3; ++c) {
          out[0][3 * k + static_cast<std::size_t>(c)] = data.point_position[k][c];
          out[1][3 * k + static_cast<std::size_t>(c)] = data.point_velocity[k][c];
        }
      }
    };
  }
  throw std::invalid_argument("no reference algorithm for kernel " + name);
}

}  // namespace dyngen::cli
