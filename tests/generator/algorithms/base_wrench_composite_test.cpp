// The base wrench from the composite inertias against the second Newton-Euler pass at qdd
// (base_wrench.hpp, itself checked against the momentum balance in base_wrench_test.cpp): at
// random states with any qdd (the identity is linear in qdd, not tied to the forward dynamics), on
// random trees on a fixed and a moving base, the bundled trees and looped mechanisms (cut tree),
// and with the bias pass on an exact rewrite (parameters grouped, base's own kept), as the
// forward-dynamics kernels take it.
#include "generator/algorithms/base_wrench_composite.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "generator/algorithms/base_wrench.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/inertial_grouping.hpp"
#include "bundled_models.hpp"
#include "looped_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

// Composite form on inertia_mech with the bias of force_mech, against Newton-Euler on inertia_mech.
void check_equal(const Mechanism<double>& inertia_mech, const Mechanism<double>& force_mech,
                 const State<double>& state) {
  CrbaData<double> crba_data(inertia_mech);
  crba(inertia_mech, state, crba_data);
  GeneralizedForcesData<double> forces(force_mech);
  generalized_forces(force_mech, state, forces);
  const Vec6<double> composite = base_wrench_composite(inertia_mech, crba_data, forces.rnea.f[0], state.qdd);
  BaseWrenchData<double> newton_euler(inertia_mech);
  base_wrench(inertia_mech, state, newton_euler);
  double scale = 1.0;
  for (int k = 0; k < 6; ++k) scale = std::max(scale, std::abs(newton_euler.wrench[k]));
  for (int k = 0; k < 6; ++k) EXPECT_NEAR(composite[k], newton_euler.wrench[k], 1e-12 * scale) << "component " << k;
}

void check_random_trees(bool moving_base, unsigned seed) {
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 16; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 9;
    options.moving_base = moving_base;
    SCOPED_TRACE("trial " + std::to_string(trial));
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    check_equal(mech, mech, test::random_state(rng, mech));
  }
}

TEST(BaseWrenchComposite, EqualsNewtonEulerOnFixedBase) { check_random_trees(false, 41); }

TEST(BaseWrenchComposite, EqualsNewtonEulerOnMovingBase) { check_random_trees(true, 42); }

TEST(BaseWrenchComposite, EqualsNewtonEulerOnBundledTrees) {
  std::mt19937 rng(43);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    for (int k = 0; k < 3; ++k) check_equal(mech, mech, test::random_state(rng, mech));
  }
}

// The forward-dynamics kernels take the bias from the generalized-forces pass of the CRBA route,
// which may run on the mechanism with its inertial parameters grouped: exact for f_0 when what
// grouping would move onto the base stays on its body.
TEST(BaseWrenchComposite, TakesTheBiasFromAGroupedRewrite) {
  std::mt19937 rng(44);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    Mechanism<double> grouped = mech;
    group_inertial_parameters(grouped, BaseGrouping::keep);
    for (int k = 0; k < 3; ++k) check_equal(mech, grouped, test::random_state(rng, mech));
  }
}

TEST(BaseWrenchComposite, EqualsNewtonEulerOnLoopedMechanismsCutTrees) {
  for (const test::LoopedCase& c : test::looped_cases()) {
    SCOPED_TRACE(c.name);
    Model model = c.model;
    model.moving_base = true;
    const Mechanism<double> mech = make_numeric_mechanism(model);
    std::mt19937 rng(45);
    for (int k = 0; k < 3; ++k) check_equal(mech, mech, test::random_state(rng, mech));
  }
}

}  // namespace
}  // namespace dyngen::algorithms
