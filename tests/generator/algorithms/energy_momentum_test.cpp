// energy_momentum against oracles that do not share its sums: kinetic energy and momenta summed
// about each body's centre of mass (mechanics_oracle.hpp) on a moving base; on a fixed base the
// kinetic energy 1/2 qd^T H qd with H from CRBA; the potential and the damper power from the
// model's springs, dampers and gravity directly. Random trees and the bundled models.
#include <gtest/gtest.h>

#include <random>

#include "bundled_models.hpp"
#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/energy_momentum.hpp"
#include "mechanics_oracle.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

using test::eig;

void expect_agrees_with_oracle(const Mechanism<double>& mech, const State<double>& state) {
  EnergyMomentumData<double> data(mech);
  energy_momentum(mech, state, data);
  const test::Momenta oracle = test::momenta(mech, state);
  const double scale = 1.0 + oracle.kinetic;
  EXPECT_NEAR(data.kinetic, oracle.kinetic, 1e-12 * scale);
  EXPECT_LE((eig(data.momentum.lin) - oracle.P).norm(), 1e-12 * (1.0 + oracle.P.norm()));
  EXPECT_LE((eig(data.momentum.ang) - oracle.L).norm(), 1e-12 * (1.0 + oracle.L.norm()));

  double springs = 0.0, dampers = 0.0;
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    springs += 0.5 * mech.spring[u] * (state.q[u] - mech.q0[u]) * (state.q[u] - mech.q0[u]);
    dampers -= mech.damper[u] * state.qd[u] * state.qd[u];
  }
  KinematicsData<double> kin(mech);
  kinematics(mech, state, kin);
  double gravity = 0.0;
  for (int j = 1; j < mech.body_count; ++j) {
    const test::BodyInBase b = test::body_in_base(mech, kin, j);
    gravity -= b.m * eig(mech.gravity).dot(b.com);
  }
  EXPECT_NEAR(data.potential, springs + gravity, 1e-12 * (1.0 + std::abs(springs) + std::abs(gravity)));
  EXPECT_NEAR(data.damper_power, dampers, 1e-12 * (1.0 + std::abs(dampers)));
}

TEST(EnergyMomentum, AgreesWithCentreOfMassSumsOnRandomTreesOnAMovingBase) {
  std::mt19937 rng(61);
  for (int trial = 0; trial < 30; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 10;
    SCOPED_TRACE("trial " + std::to_string(trial));
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    expect_agrees_with_oracle(mech, test::random_state(rng, mech));
  }
}

TEST(EnergyMomentum, AgreesWithCentreOfMassSumsOnBundledModels) {
  std::mt19937 rng(62);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    for (int k = 0; k < 3; ++k) expect_agrees_with_oracle(mech, test::random_state(rng, mech));
  }
}

TEST(EnergyMomentum, KineticEnergyIsHalfTheMassMatrixQuadraticFormOnAFixedBase) {
  std::mt19937 rng(63);
  for (int trial = 0; trial < 20; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 8;
    options.moving_base = false;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    const State<double> state = test::random_state(rng, mech);
    CrbaData<double> crba_data(mech);
    crba(mech, state, crba_data);
    double quadratic = 0.0;
    for (int r = 0; r < mech.dof; ++r)
      for (int c = 0; c < mech.dof; ++c)
        quadratic += state.qd[static_cast<std::size_t>(r)] * crba_data.H(r, c) * state.qd[static_cast<std::size_t>(c)];
    EnergyMomentumData<double> data(mech);
    energy_momentum(mech, state, data);
    EXPECT_NEAR(data.kinetic, 0.5 * quadratic, 1e-12 * (1.0 + quadratic)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace dyngen::algorithms
