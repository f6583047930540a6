// Scripted approach of the representative peripheral rings (prescribed motion, no dynamics): the
// active ring closes along X_PU with a lateral miss that the guide petals take out (the path keeps
// the petals' lateral penetration near 0.5 mm), until the ring planes touch. Expected: petal
// contacts (approximated cones against the rings' inner circles), every latch pair capturing as the
// ring planes close in, then ring-plane contact.
#include "contact/contact_set.hpp"
#include "contact/geometry_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>

namespace dyngen::contact {
namespace {

TEST(PeripheralRingApproach, PetalsThenRingPlaneThenCapture) {
  const UnitGeometry g =
      load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/peripheral_ring.yaml");
  ContactData data = make_contact_data(g);
  // petal generatrices (30 degrees, from r = 0.405 m, 10 mm behind their ring plane) cross the other
  // ring's plane at r = 0.405 - (0.01 - d) tan 30; with a lateral miss e the farthest crossing is
  // r + e from the other ring's centre: e <= 0.40 + 0.5 mm - r keeps ~0.5 mm of penetration
  const double tan30 = std::tan(std::numbers::pi / 6);
  const auto miss = [&](double d) { return std::clamp(0.0005 + 0.40 - 0.405 + (0.01 - d) * tan30, 0.0, 0.04); };
  const double h = 1e-3, speed = 0.05, d_start = -0.30, d_end = 0.002;
  std::map<std::string, double> first;
  const auto mark = [&](const std::string& what, double t) { first.emplace(what, t); };
  UnitState state;
  state.links.resize(1);
  Vec3 previous(d_start, miss(d_start), 0.0);
  double max_penetration = 0.0;
  long generatrices = 0, evaluations = 0;
  for (int step = 1; step * h < (d_end - d_start) / speed + 0.1; ++step) {
    const double t = step * h;
    const double d = std::min(d_end, d_start + speed * t);
    const Vec3 ring(d, miss(d), 0.0);
    state.time = t;
    state.links[0] = LinkState{ring, Mat3::Identity(), (ring - previous) / h, Vec3::Zero()};
    previous = ring;
    ASSERT_NO_THROW(evaluate_contacts(g, state, data)) << "t = " << t;
    ASSERT_NO_THROW(update_latches(g, state, h, data)) << "t = " << t;
    generatrices += data.generatrices_evaluated;
    ++evaluations;
    for (const ContactRecord& c : data.contacts) {
      max_penetration = std::max(max_penetration, c.geometry.penetration);
      if (c.task < 0) {
        mark("latch back contact", t);
        continue;
      }
      const PairTask& task = g.tasks[c.task];
      const char* kind = task.kind == PairKind::cone_circle      ? "active petal cone"
                         : task.kind == PairKind::circle_cone    ? "passive petal cone"
                         : task.kind == PairKind::sphere_annulus ? "ring plane"
                         : task.kind == PairKind::segment_circle ? "active petal edge"
                         : task.kind == PairKind::circle_segment ? "passive petal edge"
                                                                 : "petal edges";
      mark(kind, t);
    }
    for (std::size_t i = 0; i < g.peripheral_latches.size(); ++i) {
      if (data.peripheral_latches[i].deflection > 0) mark("deflected " + g.peripheral_latches[i].name, t);
      if (data.peripheral_latches[i].triggered) mark("triggered " + g.peripheral_latches[i].name, t);
    }
    for (std::size_t i = 0; i < g.sensors.size(); ++i)
      if (data.sensors[i].on) mark("sensor " + g.sensors[i].name, t);
    if (data.captured) mark("captured", t);
  }
  for (const auto& [what, when] : first) std::printf("%-28s %.3f s\n", what.c_str(), when);
  std::printf("generatrices evaluated per contact evaluation: %.1f\n", double(generatrices) / evaluations);
  for (const char* e : {"active petal cone", "passive petal cone", "ring plane", "captured"})
    ASSERT_TRUE(first.count(e)) << e << " never happened";
  EXPECT_LT(first["active petal cone"], first["ring plane"]);
  EXPECT_LT(first["passive petal cone"], first["ring plane"]);
  // the plungers leave their guide faces, and capture, as the ring planes close in: 3 mm before they touch
  EXPECT_LE(first["captured"], first["ring plane"]);
  for (const PeripheralLatch& l : g.peripheral_latches) {
    ASSERT_TRUE(first.count("deflected " + l.name)) << l.name;
    ASSERT_TRUE(first.count("triggered " + l.name)) << l.name;
    EXPECT_LT(first["deflected " + l.name], first["triggered " + l.name]) << l.name;
  }
  for (const Sensor& s : g.sensors) EXPECT_TRUE(first.count("sensor " + s.name)) << s.name;
  EXPECT_TRUE(data.captured);
  EXPECT_LT(max_penetration, 0.005);
}

}  // namespace
}  // namespace dyngen::contact
