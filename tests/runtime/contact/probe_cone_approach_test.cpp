// Scripted approach of the probe into the receiving cone of the representative probe-cone unit
// (prescribed motion, no dynamics): the head enters off-axis, slides down the cone guided along a
// path that keeps about 1 mm of penetration, and goes down to the socket bottom. Expected: cone
// contact, then the edge between the cones, the socket wall and the bottom; the latches deflect,
// then trigger; capture is reported.
#include "contact/contact_set.hpp"
#include "contact/geometry_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <numbers>

namespace dyngen::contact {
namespace {

struct Wall {
  Vec2 a, b;
};

// Meridian polyline of the passive unit's walls, read from the geometry (frustums and cylinders).
std::vector<Wall> walls(const UnitGeometry& g) {
  std::vector<Wall> w;
  for (const PassivePrimitive& p : g.passive) {
    if (const auto* f = std::get_if<Frustum>(&p.shape)) w.push_back({f->rim1, f->rim2});
    if (const auto* c = std::get_if<Cylinder>(&p.shape)) w.push_back({{c->x_begin, c->radius}, {c->x_end, c->radius}});
  }
  return w;
}

double distance_to(const Wall& w, const Vec2& p) {
  const Vec2 d = w.b - w.a;
  const double t = std::clamp((p - w.a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (w.a + t * d - p).norm();
}

// Largest lateral offset <= limit at abscissa x keeping the head sphere's centre at least
// `clearance` from every wall (penetration <= R - clearance), by bisection.
double allowed_offset(const std::vector<Wall>& w, double x, double limit, double clearance) {
  const auto ok = [&](double r) {
    for (const Wall& wall : w)
      if (distance_to(wall, {x, r}) < clearance) return false;
    return true;
  };
  if (ok(limit)) return limit;
  double lo = 0.0, hi = limit;
  for (int i = 0; i < 60; ++i) (ok(0.5 * (lo + hi)) ? lo : hi) = 0.5 * (lo + hi);
  return lo;
}

TEST(ProbeConeApproach, ContactSequenceLatchesAndCapture) {
  const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/probe_cone.yaml");
  ContactData data = make_contact_data(g);
  const std::vector<Wall> w = walls(g);
  const double head_radius = std::get<Sphere>(g.links[0].primitives[0].shape).radius;
  const double h = 1e-3, speed = 0.1;  // s, m/s along X
  const double x_start = -0.1, x_end = 0.4315, offset0 = 0.15;
  std::map<std::string, double> first;  // passive primitive (or event) -> first time
  const auto mark = [&](const std::string& what, double t) { first.emplace(what, t); };
  UnitState state;
  state.links.resize(3);
  Vec3 previous(x_start, allowed_offset(w, x_start, offset0, head_radius - 0.001), 0.0);
  double t = 0.0;
  double max_penetration = 0.0;
  for (int step = 1;; ++step) {
    t = step * h;
    const double x = std::min(x_end, x_start + speed * t);
    // never moving outwards again: the offset only shrinks as the walls close in
    const Vec3 head(x, allowed_offset(w, x, previous.y(), head_radius - 0.001), 0.0);
    const Vec3 velocity = (head - previous) / h;
    previous = head;
    state.time = t;
    // head, body (gimbal 0.9 m behind the head) and rollers translate together, axes aligned
    const Vec3 origins[3] = {head, head - Vec3(0.9, 0, 0), head - Vec3(0.9, 0, 0)};
    for (int l = 0; l < 3; ++l) state.links[l] = LinkState{origins[l], Mat3::Identity(), velocity, Vec3::Zero()};
    ASSERT_NO_THROW(evaluate_contacts(g, state, data)) << "t = " << t;
    ASSERT_NO_THROW(update_latches(g, state, h, data)) << "t = " << t;
    for (const ContactRecord& c : data.contacts) {
      mark(c.task >= 0 ? g.passive[g.tasks[c.task].passive].name : std::string("latch back"), t);
      max_penetration = std::max(max_penetration, c.geometry.penetration);
    }
    for (std::size_t i = 0; i < g.central_latches.size(); ++i) {
      if (data.central_latches[i].deflection > 0) mark("deflected " + g.central_latches[i].name, t);
      if (data.central_latches[i].triggered) mark("triggered " + g.central_latches[i].name, t);
    }
    if (data.sensors[0].on) mark("bottom sensor", t);
    if (data.captured) mark("captured", t);
    if (x >= x_end && step * h > (x_end - x_start) / speed + 0.05) break;
  }
  for (const auto& [what, when] : first) std::printf("%-22s %.3f s\n", what.c_str(), when);
  for (const char* e : {"cone_1", "edge_12", "cone_2", "edge_socket", "socket", "socket_bottom", "captured",
                        "bottom sensor"})
    ASSERT_TRUE(first.count(e)) << e << " never happened";
  EXPECT_LT(first["cone_1"], first["edge_12"]);
  EXPECT_LT(first["edge_12"], first["socket"]);
  EXPECT_LT(first["socket"], first["socket_bottom"]);
  for (const CentralLatch& l : g.central_latches) {
    ASSERT_TRUE(first.count("deflected " + l.name)) << l.name;
    ASSERT_TRUE(first.count("triggered " + l.name)) << l.name;
    EXPECT_LT(first["deflected " + l.name] + 0.01, first["triggered " + l.name]) << l.name;
    EXPECT_LE(first["triggered " + l.name], first["captured"]);
  }
  EXPECT_TRUE(data.captured);
  EXPECT_LT(max_penetration, 0.005);
  // the head stays in the socket, held at the bottom: axial force on the passive unit along +X
  EXPECT_GT(data.passive_wrench.force.x(), 0.0);
}

TEST(ProbeConeApproach, PenetrationAboveTheLimitStopsWithADiagnostic) {
  const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/probe_cone.yaml");
  ContactData data = make_contact_data(g);
  UnitState state;
  state.time = 12.5;
  state.links.assign(3, LinkState{});
  // head sphere 6 mm into the socket bottom (limit 5 mm)
  state.links[0].position = Vec3(0.47 - 0.04 + 0.006, 0.0, 0.0);
  state.links[1].position = state.links[2].position = state.links[0].position - Vec3(0.9, 0, 0);
  try {
    evaluate_contacts(g, state, data);
    FAIL() << "no error";
  } catch (const ContactError& e) {
    EXPECT_EQ(e.kind(), ContactErrorKind::penetration_limit);
    EXPECT_EQ(e.element(), "head/head_sphere - socket_bottom");
    EXPECT_DOUBLE_EQ(e.time(), 12.5);
    EXPECT_NEAR(e.value(), 0.006, 1e-12);
    EXPECT_DOUBLE_EQ(e.limit(), 0.005);
    EXPECT_NE(std::string(e.what()).find("reduce the integration step"), std::string::npos);
  }
}

TEST(ProbeConeApproach, TiltBeyondTheValidRangeStopsWithADiagnostic) {
  const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/probe_cone.yaml");
  ContactData data = make_contact_data(g);
  UnitState state;
  state.time = 3.0;
  state.links.assign(3, LinkState{});
  // head touching cone_1 while the head link is tilted 30 degrees (valid up to 20)
  state.links[0].position = Vec3(0.1, 0.26, 0.0);
  state.links[0].rotation = Eigen::AngleAxisd(30 * std::numbers::pi / 180, Vec3::UnitZ()).toRotationMatrix();
  state.links[1].position = state.links[2].position = Vec3(-2, 0, 0);
  try {
    evaluate_contacts(g, state, data);
    FAIL() << "no error";
  } catch (const ContactError& e) {
    EXPECT_EQ(e.kind(), ContactErrorKind::outside_valid_range);
    EXPECT_NE(e.element().find("head/head_sphere - cone_1"), std::string::npos) << e.what();
    EXPECT_NEAR(e.value(), 30 * std::numbers::pi / 180, 1e-12);
  }
}

}  // namespace
}  // namespace dyngen::contact
