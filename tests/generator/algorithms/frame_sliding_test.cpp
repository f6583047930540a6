// Frame sliding: the slid mechanism has the joint dynamics (tau by RNEA, M by CRBA, qdd by ABA),
// the wrench on the base and the named points' motion of the original on random trees (revolute
// and prismatic joints, tilted joint frames, moving bases) and the bundled models, under both tie
// policies; and the plan does what it promises on chain6 and PUMA.
#include "generator/algorithms/frame_sliding.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "bundled_models.hpp"
#include "dynamics_outputs.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

int moved_frames(const std::vector<FrameSlide>& plan) {
  return static_cast<int>(std::count_if(plan.begin(), plan.end(), [](const FrameSlide& s) {
    return s.zeroes != FrameSlide::Zeroes::nothing;
  }));
}

// Worst relative difference over `states` random states, both tie policies; also how many frames
// the plans moved.
double worst_difference(const Mechanism<double>& mech, std::mt19937& rng, int states, int& moved) {
  double worst = 0.0;
  for (SlideTies ties : {SlideTies::keep_frame, SlideTies::slide}) {
    const std::vector<FrameSlide> plan = plan_frame_slides(mech, ties);
    moved += moved_frames(plan);
    Mechanism<double> slid = mech;
    slide_frames(slid, plan);
    for (int k = 0; k < states; ++k) {
      const State<double> state = test::random_state(rng, mech);
      const test::DynamicsOutputs a = test::dynamics_outputs(slid, state), b = test::dynamics_outputs(mech, state);
      worst = std::max({worst, test::relative(a.tau, b.tau), test::relative(a.M, b.M), test::relative(a.qdd, b.qdd),
                        test::relative(a.wrench, b.wrench), test::relative(a.points, b.points)});
    }
  }
  return worst;
}

TEST(FrameSliding, KeepsTheDynamicsOfRandomTrees) {
  std::mt19937 rng(616);
  int moved = 0;
  double worst = 0.0;
  for (int trial = 0; trial < 40; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 10;
    options.moving_base = trial % 2 == 0;
    const Mechanism<double> mech = make_numeric_mechanism(test::random_model(rng, options));
    worst = std::max(worst, worst_difference(mech, rng, 3, moved));
  }
  EXPECT_GE(moved, 40);
  EXPECT_LE(worst, 1e-11);
}

TEST(FrameSliding, KeepsTheDynamicsOfTheBundledModels) {
  std::mt19937 rng(617);
  for (const std::string& name : test::bundled_tree_model_names()) {
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    int moved = 0;
    EXPECT_LE(worst_difference(mech, rng, 10, moved), 1e-11) << name;
  }
}

// chain6's offsets have three non-zero components each and its axes cycle y, z, x: every body's
// slide zeroes one offset component (the Denavit-Hartenberg count of two per link), exactly.
TEST(FrameSliding, Chain6LosesOneOffsetComponentPerBody) {
  const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model("chain6"));
  Mechanism<double> slid = mech;
  slide_frames(slid, plan_frame_slides(mech, SlideTies::keep_frame));
  int before = 0, after = 0;
  for (int j = 1; j < mech.body_count; ++j)
    for (int i = 0; i < 3; ++i) {
      before += mech.joint[static_cast<std::size_t>(j)].rho[i] != 0.0 ? 1 : 0;
      after += slid.joint[static_cast<std::size_t>(j)].rho[i] != 0.0 ? 1 : 0;
    }
  EXPECT_EQ(before, 18);
  EXPECT_EQ(after, 12);
}

// PUMA: with ties taken, link 4's origin moves to the wrist centre, so link 5's offset vanishes;
// link 6 takes the flange wrench, given about its origin, and stays where it is.
TEST(FrameSliding, PumaWristFramesShareTheWristCentreAndTheWrenchBodyStays) {
  const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model("puma560"));
  const std::vector<FrameSlide> plan = plan_frame_slides(mech, SlideTies::slide);
  Mechanism<double> slid = mech;
  slide_frames(slid, plan);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(slid.joint[5].rho[i], 0.0) << i;
  ASSERT_TRUE(mech.external_wrench[6]);
  EXPECT_EQ(plan[6].zeroes, FrameSlide::Zeroes::nothing);
  EXPECT_EQ(moved_frames(plan_frame_slides(mech, SlideTies::keep_frame)), 0);
}

}  // namespace
}  // namespace dyngen::algorithms
