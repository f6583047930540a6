#include "mechanism/numeric_mechanism.hpp"

#include <algorithm>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/energy_momentum.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/loop_closure.hpp"

namespace dyngen::mechanism {

namespace {

using algorithms::State;

MechanismInfo describe(const Model& model, const algorithms::Mechanism<double>& mech) {
  MechanismInfo info;
  info.name = model.name;
  info.model_hash = model.source_hash;
  info.dof = model.dof();
  info.moving_base = model.moving_base;
  info.coordinates = model.coordinates;
  info.independent = mech.independent_coordinates;
  info.actuated.assign(mech.actuated.begin(), mech.actuated.end());
  info.reference_q = mech.q0;
  for (const auto& [lower, upper] : mech.limits) {
    info.lower_limits.push_back(lower);
    info.upper_limits.push_back(upper);
  }
  for (int j = 0; j < model.body_count(); ++j)
    if (mech.external_wrench[static_cast<std::size_t>(j)]) info.wrench_bodies.push_back(model.bodies[static_cast<std::size_t>(j)].name);
  for (const NamedPoint& p : model.points) info.points.push_back(p.name);
  for (const Loop& l : model.loops) info.loops.push_back(l.name);
  if (!model.loops.empty()) {
    State<double> state(mech);
    state.q = mech.q0;
    algorithms::close_positions(mech, state);
    info.reference_q = state.q;
  }
  return info;
}

}  // namespace

struct NumericMechanism::Algorithms {
  algorithms::Mechanism<double> mech;
  State<double> state;
  algorithms::AbaData<double> aba;
  algorithms::LoopDynamicsData<double> loops;
  algorithms::BaseWrenchData<double> wrench;
  algorithms::KinematicsData<double> kinematics;
  algorithms::EnergyMomentumData<double> energy;

  explicit Algorithms(algorithms::Mechanism<double> m)
      : mech(std::move(m)), state(mech), aba(mech), loops(mech, mech), wrench(mech), kinematics(mech),
        energy(mech) {}

  // q, qd and, where given, the transport motion and the wrenches into `state`.
  void load(const double* q, const double* qd, const double* base, const double* wrench_in) {
    const auto n = static_cast<std::size_t>(mech.dof);
    std::copy(q, q + n, state.q.begin());
    std::copy(qd, qd + n, state.qd.begin());
    if (base != nullptr && mech.moving_base)
      for (int k = 0; k < 3; ++k) {
        state.w0[k] = base[k];
        state.e0[k] = base[3 + k];
        state.a0[k] = base[6 + k];
      }
    if (wrench_in == nullptr) return;
    int slot = 0;
    for (int j = 0; j < mech.body_count; ++j) {
      if (!mech.external_wrench[static_cast<std::size_t>(j)]) continue;
      for (int k = 0; k < 6; ++k) state.f_ext[static_cast<std::size_t>(j)][k] = wrench_in[6 * slot + k];
      ++slot;
    }
  }
};

NumericMechanism::NumericMechanism(const Model& model)
    : mechanism::Mechanism(describe(model, algorithms::make_numeric_mechanism(model))),
      a_(std::make_unique<Algorithms>(algorithms::make_numeric_mechanism(model))) {}

NumericMechanism::NumericMechanism(const NumericMechanism& other)
    : mechanism::Mechanism(other), a_(std::make_unique<Algorithms>(other.a_->mech)) {}

NumericMechanism::~NumericMechanism() = default;

Closure NumericMechanism::close(double* q, double* qd) {
  Algorithms& a = *a_;
  if (a.mech.loops.empty()) return {};
  a.load(q, qd, nullptr, nullptr);
  const algorithms::ClosureReport report = algorithms::close_positions(a.mech, a.state);
  if (report.status != algorithms::ClosureStatus::closed)
    return {static_cast<ClosureStatus>(report.status), report.loop};
  const std::vector<double> det = algorithms::close_velocities(a.mech, a.state);
  for (std::size_t l = 0; l < det.size(); ++l)
    if (!(det[l] != 0.0)) return {ClosureStatus::singular, static_cast<int>(l)};
  std::copy(a.state.q.begin(), a.state.q.end(), q);
  std::copy(a.state.qd.begin(), a.state.qd.end(), qd);
  return {};
}

bool NumericMechanism::forward_dynamics(const double* q, const double* qd, const double* tau, const double* base,
                                        const double* wrench, double* qdd, int* singular_loop) {
  Algorithms& a = *a_;
  a.load(q, qd, base, wrench);
  std::copy(tau, tau + a.mech.dof, a.state.tau.begin());
  if (singular_loop != nullptr) *singular_loop = -1;
  if (a.mech.loops.empty()) {
    algorithms::aba(a.mech, a.state, a.aba);
    std::copy(a.aba.qdd.begin(), a.aba.qdd.end(), qdd);
    return true;
  }
  algorithms::forward_dynamics_loops(a.mech, a.mech, a.state, a.loops);
  for (std::size_t l = 0; l < a.mech.loops.size(); ++l) {
    if (algorithms::hadamard_ratio(a.loops.cuts[l].D, a.loops.det[l]) < algorithms::kSingularRatio) {
      if (singular_loop != nullptr) *singular_loop = static_cast<int>(l);
      return false;
    }
  }
  std::copy(a.loops.qdd.begin(), a.loops.qdd.end(), qdd);
  return true;
}

void NumericMechanism::base_wrench(const double* q, const double* qd, const double* qdd, const double* base,
                                   const double* wrench, double* wrench_on_base) {
  Algorithms& a = *a_;
  a.load(q, qd, base, wrench);
  std::copy(qdd, qdd + a.mech.dof, a.state.qdd.begin());
  algorithms::base_wrench(a.mech, a.state, a.wrench);
  for (int k = 0; k < 6; ++k) wrench_on_base[k] = a.wrench.wrench[k];
}

void NumericMechanism::point_kinematics(const double* q, const double* qd, double* position, double* velocity) {
  Algorithms& a = *a_;
  a.load(q, qd, nullptr, nullptr);
  a.state.w0 = {};
  a.state.v0 = {};
  algorithms::kinematics(a.mech, a.state, a.kinematics);
  for (std::size_t p = 0; p < a.kinematics.point_position.size(); ++p)
    for (int k = 0; k < 3; ++k) {
      position[3 * p + static_cast<std::size_t>(k)] = a.kinematics.point_position[p][k];
      velocity[3 * p + static_cast<std::size_t>(k)] = a.kinematics.point_velocity[p][k];
    }
}

void NumericMechanism::body_kinematics(const double* q, const double* qd, double* rotation, double* origin,
                                       double* angular_velocity, double* velocity) {
  Algorithms& a = *a_;
  a.load(q, qd, nullptr, nullptr);
  a.state.w0 = {};
  a.state.v0 = {};
  algorithms::kinematics(a.mech, a.state, a.kinematics);
  std::size_t slot = 0;
  for (int j = 1; j < a.mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    if (!a.mech.external_wrench[u]) continue;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) rotation[9 * slot + 3 * static_cast<std::size_t>(r) + static_cast<std::size_t>(c)] = a.kinematics.R[u](r, c);
      origin[3 * slot + static_cast<std::size_t>(r)] = a.kinematics.p[u][r];
      angular_velocity[3 * slot + static_cast<std::size_t>(r)] = a.kinematics.w[u][r];
      velocity[3 * slot + static_cast<std::size_t>(r)] = a.kinematics.v[u][r];
    }
    ++slot;
  }
}

Energy NumericMechanism::energy(const double* q, const double* qd, const double* base, const double* v0) {
  Algorithms& a = *a_;
  a.load(q, qd, base, nullptr);
  if (v0 != nullptr && a.mech.moving_base)
    for (int k = 0; k < 3; ++k) a.state.v0[k] = v0[k];
  algorithms::energy_momentum(a.mech, a.state, a.energy);
  Energy e;
  e.kinetic = a.energy.kinetic;
  e.potential = a.energy.potential;
  e.damper_power = a.energy.damper_power;
  for (int k = 0; k < 6; ++k) e.momentum[k] = a.energy.momentum[k];
  return e;
}

double NumericMechanism::damper_power(const double* qd) {
  Algorithms& a = *a_;
  std::copy(qd, qd + a.mech.dof, a.state.qd.begin());
  return algorithms::damper_power(a.mech, a.state);
}

std::unique_ptr<mechanism::Mechanism> NumericMechanism::clone() const {
  return std::unique_ptr<mechanism::Mechanism>(new NumericMechanism(*this));
}

}  // namespace dyngen::mechanism
