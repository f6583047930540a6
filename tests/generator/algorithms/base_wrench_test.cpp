// The base wrench against the momentum balance of the mechanism. With P the linear momentum and
// L the angular momentum about the base origin O (absolute velocities), both in base axes, the
// base rotating with w0 and O moving with v0 (d/dt of v0 in base axes is a0 - w0 x v0):
//   P' + w0 x P          = F_ext + m g - F_base
//   L' + w0 x L + v0 x P = N_ext,O + sum m c x g - N_base
// where (F_base, N_base) is the wrench the mechanism exerts on the base and ' the rate of the
// base-axes components, taken by 4th-order central differences along q(t) = q + qd t + qdd t^2/2,
// w0(t) = w0 + e0 t, v0(t) = v0 + (a0 - w0 x v0) t. Trees at qdd from ABA; looped mechanisms at
// closed states on a moving base, at every coordinate's qdd from forward_dynamics_loops (the cut
// forces are internal and cancel).
#include "generator/algorithms/base_wrench.hpp"

#include <gtest/gtest.h>

#include <random>

#include "generator/algorithms/aba.hpp"
#include "generator/algorithms/forward_dynamics_loops.hpp"
#include "mechanics_oracle.hpp"
#include "bundled_models.hpp"
#include "loop_oracle.hpp"
#include "looped_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

using test::eig;

State<double> state_at(const State<double>& s, double t) {
  State<double> out = s;
  for (std::size_t i = 0; i < s.q.size(); ++i) {
    out.q[i] = s.q[i] + s.qd[i] * t + 0.5 * s.qdd[i] * t * t;
    out.qd[i] = s.qd[i] + s.qdd[i] * t;
  }
  out.w0 = s.w0 + t * s.e0;
  out.v0 = s.v0 + t * (s.a0 - spatial::cross(s.w0, s.v0));
  return out;
}

// [F_base; N_base] from the momentum balance.
Eigen::Matrix<double, 6, 1> wrench_from_momentum(const Mechanism<double>& mech, const State<double>& state) {
  const double h = 2e-4;
  const test::Momenta m2 = test::momenta(mech, state_at(state, 2 * h)), m1 = test::momenta(mech, state_at(state, h));
  const test::Momenta n1 = test::momenta(mech, state_at(state, -h)), n2 = test::momenta(mech, state_at(state, -2 * h));
  const test::Momenta m0 = test::momenta(mech, state);
  // f'(0) = (-f(2h) + 8 f(h) - 8 f(-h) + f(-2h)) / 12h
  const Eigen::Vector3d P_rate = (-m2.P + 8 * m1.P - 8 * n1.P + n2.P) / (12 * h);
  const Eigen::Vector3d L_rate = (-m2.L + 8 * m1.L - 8 * n1.L + n2.L) / (12 * h);
  const Eigen::Vector3d w0 = mech.moving_base ? eig(state.w0) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d v0 = mech.moving_base ? eig(state.v0) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d g = eig(mech.gravity);

  KinematicsData<double> kin(mech);
  kinematics(mech, state, kin);
  Eigen::Vector3d F = Eigen::Vector3d::Zero(), N = Eigen::Vector3d::Zero();
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const test::BodyInBase b = test::body_in_base(mech, kin, j);
    F += b.m * g;
    N += b.com.cross(b.m * g);
    if (mech.external_wrench[u]) {
      const Eigen::Matrix3d R = eig(kin.R[u]);
      const Eigen::Vector3d force = R * eig(state.f_ext[u].lin);
      F += force;
      N += R * eig(state.f_ext[u].ang) + eig(kin.p[u]).cross(force);
    }
  }
  Eigen::Matrix<double, 6, 1> out;
  out << F - (P_rate + w0.cross(m0.P)), N - (L_rate + w0.cross(m0.L) + v0.cross(m0.P));
  return out;
}

// The base wrench at the state (qdd set) against the momentum balance.
void check_wrench(const Mechanism<double>& mech, const State<double>& state) {
  BaseWrenchData<double> data(mech);
  base_wrench(mech, state, data);
  Eigen::Matrix<double, 6, 1> wrench;
  for (int i = 0; i < 6; ++i) wrench[i] = data.wrench[i];
  const Eigen::Matrix<double, 6, 1> expected = wrench_from_momentum(mech, state);
  EXPECT_LE((wrench - expected).norm(), 1e-8 * std::max(1.0, expected.norm()));
  EXPECT_GT(expected.norm(), 1e-3);
}

void check_at_random_state(const Mechanism<double>& mech, std::mt19937& rng) {
  State<double> state = test::random_state(rng, mech);
  AbaData<double> aba_data(mech);
  aba(mech, state, aba_data);
  state.qdd = aba_data.qdd;
  check_wrench(mech, state);
}

void check_random_trees(bool moving_base, unsigned seed) {
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 12; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 8;
    options.moving_base = moving_base;
    SCOPED_TRACE("trial " + std::to_string(trial));
    check_at_random_state(make_numeric_mechanism(test::random_model(rng, options)), rng);
  }
}

TEST(BaseWrench, EqualsMomentumBalanceOnFixedBase) { check_random_trees(false, 31); }

TEST(BaseWrench, EqualsMomentumBalanceOnMovingBase) { check_random_trees(true, 32); }

TEST(BaseWrench, EqualsMomentumBalanceOnBundledModels) {
  std::mt19937 rng(33);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    for (int k = 0; k < 3; ++k) check_at_random_state(mech, rng);
  }
}

TEST(BaseWrench, EqualsMomentumBalanceOfLoopedMechanismsOnMovingBase) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    SCOPED_TRACE(c.name);
    Model model = c.model;
    model.moving_base = true;
    const Mechanism<double> mech = make_numeric_mechanism(model);
    std::mt19937 rng(34);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (int k = 0; k < 5; ++k) {
      ClosureReport report;
      State<double> state = test::random_closed_state(rng, model, mech, c.spread, 1.0, report);
      ASSERT_EQ(report.status, ClosureStatus::closed);
      state.v0 = spatial::Vec3<double>(unit(rng), unit(rng), unit(rng));
      LoopDynamicsData<double> data(mech, mech);
      forward_dynamics_loops(mech, mech, state, data);
      state.qdd = data.qdd;
      check_wrench(mech, state);
    }
  }
}

}  // namespace
}  // namespace dyngen::algorithms
