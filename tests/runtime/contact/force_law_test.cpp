// Force law of the contact preprint (sec. 1) against hand-computed values.
#include "contact/force_law.hpp"

#include <gtest/gtest.h>

namespace dyngen::contact {
namespace {

ContactParameters parameters() {
  ContactParameters p;
  p.stiffness = 1e6;
  p.damping = 2e3;
  p.friction = 0.3;
  p.max_penetration = 0.005;
  p.zero_velocity = 1e-3;
  return p;
}

TEST(ForceLaw, SpringDamperNormalAndCoulombFriction) {
  const Vec3 n = Vec3(1, 1, 0).normalized();
  // approaching at 0.1 m/s along n while sliding at 0.2 m/s along z
  const Vec3 v = 0.1 * n + Vec3(0, 0, 0.2);
  const ContactForce f = contact_force(parameters(), 0.002, n, v);
  EXPECT_NEAR(f.penetration_rate, 0.1, 1e-15);
  // |f_R| = 1e6 * 0.002 + 2e3 * 0.1 = 2200 N, |f_Fr| = 0.3 * 2200 = 660 N
  EXPECT_NEAR(f.normal_force, 2200.0, 1e-9);
  EXPECT_NEAR(f.friction_force, 660.0, 1e-9);
  // on the passive unit: along n and along the active surface's sliding direction
  EXPECT_LT((f.on_passive - (2200.0 * n + Vec3(0, 0, 660.0))).norm(), 1e-9);
}

TEST(ForceLaw, SeparatingFastGivesNoPull) {
  const Vec3 n = Vec3::UnitX();
  const ContactForce f = contact_force(parameters(), 0.001, n, Vec3(-1.0, 0.3, 0.0));
  // k Delta + c dDelta = 1000 - 2000 < 0: clipped
  EXPECT_EQ(f.normal_force, 0.0);
  EXPECT_EQ(f.on_passive.norm(), 0.0);
}

TEST(ForceLaw, FrictionIsRegularisedBelowTheGuardSpeed) {
  const Vec3 n = Vec3::UnitX();
  const ContactForce still = contact_force(parameters(), 0.001, n, Vec3::Zero());
  EXPECT_NEAR(still.normal_force, 1000.0, 1e-9);
  EXPECT_EQ(still.friction_force, 0.0);
  EXPECT_TRUE(still.on_passive.allFinite());
  // at a quarter of v_eps, a quarter of the Coulomb force, along the sliding direction
  const ContactForce slow = contact_force(parameters(), 0.001, n, Vec3(0.0, 0.25e-3, 0.0));
  EXPECT_NEAR(slow.friction_force, 0.25 * 300.0, 1e-9);
  EXPECT_NEAR(slow.on_passive.y(), 75.0, 1e-9);
  // continuous at the guard speed
  const ContactForce at = contact_force(parameters(), 0.001, n, Vec3(0.0, 1e-3, 0.0));
  const ContactForce above = contact_force(parameters(), 0.001, n, Vec3(0.0, 1.0001e-3, 0.0));
  EXPECT_NEAR(at.friction_force, above.friction_force, 1e-9);
}

}  // namespace
}  // namespace dyngen::contact
