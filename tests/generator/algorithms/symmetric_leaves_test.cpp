// Symmetric leaves in unturned frames: on random trees whose revolute leaves are made symmetric
// about their axis (some with points on the axis, external wrenches, a moving base), the rewritten
// mechanism has the joint forces (RNEA), mass matrix (CRBA), joint accelerations (ABA), base
// wrench and point motion of the original; and only leaves that qualify are selected.
#include "generator/algorithms/symmetric_leaves.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bundled_models.hpp"
#include "dynamics_outputs.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

// Makes body j's inertia symmetric about its joint axis k (mass, centre of mass on the axis,
// equal moments about the two other axes) and puts its points on the axis.
void make_symmetric(Mechanism<double>& mech, int j, std::mt19937& rng) {
  std::uniform_real_distribution<double> positive(0.05, 1.0);
  const auto u = static_cast<std::size_t>(j);
  const int k = mech.joint[u].axis, m = (k + 1) % 3, n = (k + 2) % 3;
  RigidInertia<double>& I = mech.inertia[u];
  I.m = positive(rng);
  I.h = Vec3<double>();
  I.h[k] = I.m * (positive(rng) - 0.5);
  I.I = Mat3<double>();
  I.I(k, k) = positive(rng);
  I.I(m, m) = I.I(n, n) = positive(rng);
  for (Point<double>& point : mech.points)
    if (point.body == j) point.position[m] = point.position[n] = 0.0;
}

TEST(SymmetricLeaves, UnturnedFramesKeepTheDynamicsOfRandomTrees) {
  std::mt19937 rng(808);
  int unturned = 0;
  double worst = 0.0;
  for (int trial = 0; trial < 60; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 8;
    options.moving_base = trial % 2 == 0;
    Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    for (int j = 1; j < mech.body_count; ++j)
      if (children(mech, j).empty() && mech.joint[static_cast<std::size_t>(j)].type == JointType::revolute)
        make_symmetric(mech, j, rng);
    Mechanism<double> rewritten = mech;
    keep_symmetric_leaves_unturned(rewritten);
    for (int j = 1; j < mech.body_count; ++j) unturned += rewritten.joint[static_cast<std::size_t>(j)].frame_turns ? 0 : 1;
    for (int s = 0; s < 3; ++s) {
      const State<double> state = test::random_state(rng, mech);
      const test::DynamicsOutputs a = test::dynamics_outputs(rewritten, state), b = test::dynamics_outputs(mech, state);
      worst = std::max({worst, test::relative(a.tau, b.tau), test::relative(a.M, b.M), test::relative(a.qdd, b.qdd),
                        test::relative(a.wrench, b.wrench), test::relative(a.points, b.points)});
    }
  }
  EXPECT_GE(unturned, 30);
  EXPECT_LE(worst, 1e-11);
}

// Not selected: a leaf that is not symmetric, one with a point off the axis, a body with a child.
TEST(SymmetricLeaves, OnlyQualifyingLeavesAreSelected) {
  std::mt19937 rng(809);
  test::RandomModelOptions options;
  options.bodies = 3;
  options.massless_bodies = false;
  Model model = test::random_model(rng, options);
  // a chain base - b1 - b2 - b3 of revolute joints
  for (int j = 1; j <= 3; ++j) {
    model.bodies[static_cast<std::size_t>(j)].parent = j - 1;
    model.bodies[static_cast<std::size_t>(j)].joint.type = JointType::revolute;
    if (model.bodies[static_cast<std::size_t>(j)].coordinate < 0) {
      model.bodies[static_cast<std::size_t>(j)].coordinate = model.dof();
      model.coordinates.push_back("q" + std::to_string(j));
      model.independent.push_back(true);
    }
  }
  Mechanism<double> mech = make_numeric_mechanism(model);
  EXPECT_TRUE(symmetric_leaves(mech).empty());  // random inertias are not symmetric
  make_symmetric(mech, 3, rng);
  make_symmetric(mech, 2, rng);
  EXPECT_EQ(symmetric_leaves(mech), std::vector<int>{3});  // body 2 has a child
  const int k = mech.joint[3].axis;
  for (Point<double>& point : mech.points)
    if (point.body == 3) point.position[(k + 1) % 3] = 0.1;
  EXPECT_TRUE(symmetric_leaves(mech).empty());  // a point off the axis
  make_symmetric(mech, 3, rng);
  mech.inertia[3].I(k, (k + 1) % 3) = mech.inertia[3].I((k + 1) % 3, k) = 1e-3;
  EXPECT_TRUE(symmetric_leaves(mech).empty());  // a product of inertia with the axis
}

// PUMA's flange link (symmetric about joint 6, flange point on the axis) is the one leaf.
TEST(SymmetricLeaves, PumaFlangeLinkQualifies) {
  const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model("puma560"));
  EXPECT_EQ(symmetric_leaves(mech), std::vector<int>{6});
  for (const char* name : {"chain6", "chain12"})
    EXPECT_TRUE(symmetric_leaves(make_numeric_mechanism(test::load_bundled_model(name))).empty()) << name;
}

}  // namespace
}  // namespace dyngen::algorithms
