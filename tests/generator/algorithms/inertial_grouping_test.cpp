// Grouping of inertial parameters: the grouped mechanism has the same joint dynamics (tau by RNEA,
// M by CRBA, qdd by ABA) as the original on random moving-base trees and the bundled models, keeps
// the base wrench when root bodies keep their groups, and has the zeros the grouping promises.
#include "generator/algorithms/inertial_grouping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "bundled_models.hpp"
#include "dynamics_outputs.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

struct Worst {
  double tau = 0.0, M = 0.0, qdd = 0.0, wrench = 0.0;
};

void compare(const Mechanism<double>& mech, std::mt19937& rng, Worst& worst) {
  Mechanism<double> dropped = mech, kept = mech;
  group_inertial_parameters(dropped, BaseGrouping::drop);
  group_inertial_parameters(kept, BaseGrouping::keep);
  const State<double> state = test::random_state(rng, mech);
  const test::DynamicsOutputs original = test::dynamics_outputs(mech, state);
  const test::DynamicsOutputs with_dropped = test::dynamics_outputs(dropped, state);
  worst.tau = std::max(worst.tau, test::relative(with_dropped.tau, original.tau));
  worst.M = std::max(worst.M, test::relative(with_dropped.M, original.M));
  worst.qdd = std::max(worst.qdd, test::relative(with_dropped.qdd, original.qdd));
  worst.wrench = std::max(worst.wrench, test::relative(test::dynamics_outputs(kept, state).wrench, original.wrench));
}

TEST(InertialGrouping, KeepsTheJointDynamicsOfRandomTrees) {
  std::mt19937 rng(515);
  Worst worst;
  int states = 0;
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 10;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    for (int k = 0; k < 3; ++k, ++states) compare(mech, rng, worst);
  }
  EXPECT_GE(states, 100);
  EXPECT_LE(worst.tau, 1e-12);
  EXPECT_LE(worst.M, 1e-12);
  EXPECT_LE(worst.qdd, 1e-11);
  EXPECT_LE(worst.wrench, 1e-12);
}

TEST(InertialGrouping, KeepsTheJointDynamicsOfTheBundledModels) {
  std::mt19937 rng(516);
  for (const std::string& name : test::bundled_tree_model_names()) {
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    Worst worst;
    for (int k = 0; k < 20; ++k) compare(mech, rng, worst);
    EXPECT_LE(worst.tau, 1e-12) << name;
    EXPECT_LE(worst.M, 1e-12) << name;
    EXPECT_LE(worst.qdd, 1e-11) << name;
    EXPECT_LE(worst.wrench, 1e-12) << name;
  }
}

// Every revolute body of chain6 loses its mass, its first moment along the joint axis and one
// moment perpendicular to it; dropping the root's group changes the wrench on the base, which is
// why the base wrench keeps it.
TEST(InertialGrouping, RevoluteBodiesLoseMassAxialMomentAndOnePerpendicularMoment) {
  const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model("chain6"));
  Mechanism<double> grouped = mech;
  group_inertial_parameters(grouped, BaseGrouping::drop);
  for (int j = 1; j < grouped.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const int k = grouped.joint[u].axis;
    EXPECT_EQ(grouped.inertia[u].m, 0.0) << j;
    EXPECT_EQ(grouped.inertia[u].h[k], 0.0) << j;
    EXPECT_EQ(grouped.inertia[u].I((k + 1) % 3, (k + 1) % 3), 0.0) << j;
    EXPECT_NE(grouped.inertia[u].I(k, k), 0.0) << j;
  }
  std::mt19937 rng(517);
  const State<double> state = test::random_state(rng, mech);
  EXPECT_GT(test::relative(test::dynamics_outputs(grouped, state).wrench, test::dynamics_outputs(mech, state).wrench), 1e-3);
}

// A prismatic body keeps its mass and first moment (with what its revolute children handed on)
// and hands its rotational inertia on.
TEST(InertialGrouping, PrismaticBodiesKeepOnlyMassAndFirstMoment) {
  const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model("branched_tree"));
  Mechanism<double> grouped = mech;
  group_inertial_parameters(grouped, BaseGrouping::drop);
  int prismatic = 0;
  for (int j = 1; j < grouped.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    if (grouped.joint[u].type != JointType::prismatic) continue;
    ++prismatic;
    EXPECT_GE(grouped.inertia[u].m, mech.inertia[u].m) << j;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) EXPECT_EQ(grouped.inertia[u].I(r, c), 0.0) << j;
  }
  EXPECT_GE(prismatic, 1);
}

}  // namespace
}  // namespace dyngen::algorithms
