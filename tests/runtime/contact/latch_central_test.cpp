// Central latch: deflection found iteratively against the exact clearing angle of a simple
// configuration, the spring force through the contact normal, return, triggering in the slot and
// the back segment's contacts with the slot.
#include "contact/latches.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace dyngen::contact {
namespace {

constexpr double kDeg = std::numbers::pi / 180;

// Head link with one latch in its XY plane: pivot (-0.09, 0.03), tip (2) at (-0.06, 0.05), turning
// inwards about -Z; guide: socket cylinder r = 0.042 over x in [0.0, 0.5]; slot at x >= 0.40.
UnitGeometry single_latch() {
  UnitGeometry g;
  g.name = "single latch";
  ContactParameters p;
  p.stiffness = 1e6;
  p.damping = 0;
  p.friction = 0;
  p.max_penetration = 0.004;
  p.max_tilt = 1.0;
  g.pair_classes.push_back({"latch", "slot", p});
  g.passive.push_back({"socket", "socket", Cylinder{0.042, 0.0, 0.5}});
  Slot slot;
  slot.vertex = Vec3(0.40, 0.042, 0.0);
  slot.plane_normal = Vec3::UnitY();
  slot.lateral = Vec3::UnitZ();
  slot.narrow_half_width = 0.006;
  slot.wide_half_width = 0.012;
  slot.taper_begin = 0.01;
  slot.taper_end = 0.03;
  slot.length = 0.08;
  g.passive.push_back({"slot", "slot", slot});
  g.links.push_back({"head", {}});
  CentralLatch l;
  l.name = "latch";
  l.link = 0;
  l.pivot = Vec3(-0.09, 0.03, 0.0);
  l.axis = -Vec3::UnitZ();
  l.front_inner = Vec3(-0.04, 0.035, 0.0);
  l.front_tip = Vec3(-0.06, 0.05, 0.0);
  l.back = Segment{Vec3(-0.058, 0.036, 0.0), Vec3(0.0, 0.016, 0.0)};
  l.stiffness = 2.0;
  l.preload = 0.5;
  l.max_deflection = 30 * kDeg;
  l.deflection_step = 0.05 * kDeg;
  l.guide_primitives = {0};
  l.slot = 1;
  l.pair_class = 0;
  g.central_latches.push_back(l);
  finalize_geometry(g);
  return g;
}

TEST(CentralLatch, DeflectionIsTheClearingAngleToTheStep) {
  const UnitGeometry g = single_latch();
  const CentralLatch& latch = g.central_latches[0];
  CentralLatchState state;
  // head on the axis at x = 0.3: the tip must come down from r = 0.05 to the wall, r = 0.042
  LinkState head{Vec3(0.3, 0.0, 0.0), Mat3::Identity(), Vec3::Zero(), Vec3::Zero()};
  update_central_latch(g, latch, head, 0.0, state);
  // tip relative to the pivot (0.03, 0.02): y = 0.03 + rho sin(theta0 - phi), rho = |(0.03, 0.02)|
  const double rho = std::hypot(0.03, 0.02), theta0 = std::atan2(0.02, 0.03);
  const double exact = theta0 - std::asin((0.042 - 0.03) / rho);
  EXPECT_GT(state.deflection, exact);
  EXPECT_LE(state.deflection, exact + latch.deflection_step + 1e-12);
  EXPECT_TRUE(state.touching);
  EXPECT_FALSE(state.triggered);
  PairContact c;
  EXPECT_FALSE(central_latch_front_contact(latch, head, state.deflection, c));
  ASSERT_TRUE(central_latch_front_contact(latch, head, state.deflection - latch.deflection_step, c));
  EXPECT_LT((c.normal - Vec3::UnitY()).norm(), 1e-12);
  // spring moment k phi + M_0 through the wall's normal (radial, +Y) at the tip:
  // arm = x distance from the pivot to the tip
  const Vec3 tip = central_latch_tip(latch, head, state.deflection - latch.deflection_step);
  const double arm = tip.x() - (0.3 - 0.09);
  const double force = (2.0 * state.deflection + 0.5) / arm;
  EXPECT_LT((state.on_passive.force - force * Vec3::UnitY()).norm(), 1e-9 * force);
  EXPECT_LT((state.on_link.force + force * Vec3::UnitY()).norm(), 1e-9 * force);
  // the spring returns the latch when the wall recedes (head moved 5 mm towards -Y)
  head.position.y() = -0.005;
  update_central_latch(g, latch, head, 0.1, state);
  const double exact_back = theta0 - std::asin((0.042 + 0.005 - 0.03) / rho);
  EXPECT_LT(state.deflection, exact + 1e-12);
  EXPECT_GE(state.deflection, exact_back - 1e-12);
  EXPECT_LT(state.deflection, exact_back + latch.deflection_step + 1e-12);
}

TEST(CentralLatch, TriggersWhenTheTipEntersTheSlotAndHoldsOnTheStop) {
  const UnitGeometry g = single_latch();
  ContactData data = make_contact_data(g);
  UnitState state;
  state.links.resize(1);
  for (int i = 0; i <= 200; ++i) {
    state.time = i * 1e-3;
    state.links[0] = LinkState{Vec3(0.40 + 0.0005 * i, 0.0, 0.0), Mat3::Identity(), Vec3::Zero(), Vec3::Zero()};
    update_latches(g, state, 1e-3, data);
    if (data.central_latches[0].triggered) break;
  }
  ASSERT_TRUE(data.central_latches[0].triggered);
  // the tip (2) of the latch opened out (x_head - 0.06) has just passed the stop face x = 0.40, and
  // with it the back face (x_head - 0.058): no back contact starts inside the stop
  const double tip_x = state.links[0].position.x() - 0.06;
  EXPECT_GE(tip_x, 0.40 - 1e-4);
  EXPECT_LT(tip_x, 0.40 + 0.0006);
  EXPECT_TRUE(data.captured);
  evaluate_contacts(g, state, data);
  EXPECT_TRUE(data.contacts.empty());
  // pulled back until the back face (x_head - 0.058) is 1 mm behind the stop face: one axial contact
  state.links[0].position.x() = 0.40 + 0.058 - 0.001;
  evaluate_contacts(g, state, data);
  ASSERT_EQ(data.contacts.size(), 1u);
  EXPECT_NEAR(data.contacts[0].geometry.penetration, 0.001, 1e-12);
  EXPECT_LT((data.contacts[0].geometry.normal + Vec3::UnitX()).norm(), 1e-12);
  EXPECT_NEAR(data.contacts[0].force.on_passive.x(), -1e3, 1e-9);
}

TEST(SegmentSlot, StopNarrowInclinedAndWideWalls) {
  Slot s;
  s.vertex = Vec3(0.40, 0.042, 0.0);
  s.plane_normal = Vec3::UnitY();
  s.lateral = Vec3::UnitZ();
  s.narrow_half_width = 0.006;
  s.wide_half_width = 0.012;
  s.taper_begin = 0.01;
  s.taper_end = 0.03;
  s.length = 0.08;
  const auto radial = [](double x, double z) { return Segment{Vec3(x, 0.03, z), Vec3(0.0, 0.02, 0.0)}; };
  PairContact c[2];
  // behind the stop and against the narrow wall at once
  ASSERT_EQ(segment_slot(radial(0.398, 0.007), s, c), 2);
  EXPECT_NEAR(c[0].penetration, 0.002, 1e-12);
  EXPECT_LT((c[0].normal + Vec3::UnitX()).norm(), 1e-12);
  EXPECT_NEAR(c[1].penetration, 0.001, 1e-12);
  EXPECT_LT((c[1].normal - Vec3::UnitZ()).norm(), 1e-12);
  // inclined wall at u = 0.02: half-width 0.009, beta = atan(0.3); Delta_S = 0.001 cos beta
  ASSERT_EQ(segment_slot(radial(0.42, -0.010), s, c), 1);
  const double beta = std::atan(0.3);
  EXPECT_NEAR(c[0].penetration, 0.001 * std::cos(beta), 1e-12);
  EXPECT_LT((c[0].normal - Vec3(-std::sin(beta), 0.0, -std::cos(beta))).norm(), 1e-12);
  // wide part, inside: free
  EXPECT_EQ(segment_slot(radial(0.45, 0.011), s, c), 0);
  // beyond the slot's length: outside the valid range
  EXPECT_EQ(segment_slot(radial(0.49, 0.0), s, c), -1);
  // not crossing the slot plane: no contact
  EXPECT_EQ(segment_slot(Segment{Vec3(0.39, 0.02, 0.0), Vec3(0.0, 0.01, 0.0)}, s, c), 0);
}

}  // namespace
}  // namespace dyngen::contact
