// Action and reaction: for random poses and velocities of the representative units' links, the
// summed wrench on the passive unit is exactly opposite to the sum of the links' wrenches once
// these are expressed in PU axes about the PU origin (momentum conservation of the contact forces).
#include "contact/contact_set.hpp"
#include "contact/geometry_file.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <numbers>
#include <random>
#include <sstream>
#include <string>

namespace dyngen::contact {
namespace {

Vec3 random_vector(std::mt19937& rng, double scale) {
  std::normal_distribution<double> n(0.0, scale);
  return {n(rng), n(rng), n(rng)};
}

Mat3 small_rotation(std::mt19937& rng, double max_angle) {
  std::uniform_real_distribution<double> u(0.0, max_angle);
  return Eigen::AngleAxisd(u(rng), random_vector(rng, 1.0).normalized()).toRotationMatrix();
}

struct Totals {
  int with_contacts = 0;
  int stopped = 0;
};

// One evaluation: returns whether it had contacts; checks F_PU + sum A^T f_j = 0 and
// M_PU + sum (A^T m_j + r_j x A^T f_j) = 0.
bool check_balance(const UnitGeometry& g, const UnitState& state, ContactData& data) {
  evaluate_contacts(g, state, data);
  if (data.contacts.empty()) return false;
  Vec3 force = data.passive_wrench.force, moment = data.passive_wrench.moment;
  double scale = data.passive_wrench.force.norm();
  for (std::size_t j = 0; j < g.links.size(); ++j) {
    const LinkState& l = state.links[j];
    const Vec3 f = l.rotation.transpose() * data.link_wrenches[j].force;
    force += f;
    moment += l.rotation.transpose() * data.link_wrenches[j].moment + l.position.cross(f);
  }
  EXPECT_LT(force.norm(), 1e-12 * scale + 1e-12) << "t = " << state.time;
  EXPECT_LT(moment.norm(), 1e-11 * scale + 1e-12) << "t = " << state.time;
  return true;
}

TEST(ContactSet, ProbeConeForcesAndMomentsBalance) {
  const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/probe_cone.yaml");
  ContactData data = make_contact_data(g);
  std::mt19937 rng(81);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Totals totals;
  for (int k = 0; k < 5000; ++k) {
    UnitState state;
    state.time = k;
    state.passive_velocity = random_vector(rng, 0.05);
    state.passive_angular_velocity = random_vector(rng, 0.02);
    // head centre at (R_S - Delta) inside one of the walls' meridians, Delta in [-2, 4] mm
    const Vec2 polyline[4] = {{0.0, 0.40}, {0.25, 0.10}, {0.35, 0.042}, {0.47, 0.042}};
    const int w = static_cast<int>(3 * unit(rng) * 0.9999);
    const Vec2 along = (polyline[w + 1] - polyline[w]).normalized();
    const Vec2 inward = Vec2(along.y(), -along.x()).y() < 0 ? Vec2(along.y(), -along.x()) : Vec2(-along.y(), along.x());
    const Vec2 m = polyline[w] + unit(rng) * (polyline[w + 1] - polyline[w]) + (0.04 - 0.004 + 0.006 * unit(rng)) * inward;
    const double phi = 2 * std::numbers::pi * unit(rng);
    const Vec3 head(m.x(), std::abs(m.y()) * std::cos(phi), std::abs(m.y()) * std::sin(phi));
    const Mat3 a = small_rotation(rng, 0.2);
    state.links.resize(3);
    state.links[0] = LinkState{head, a, random_vector(rng, 0.1), random_vector(rng, 0.05)};
    // body and rollers: pads and rollers near the cone mouth
    const Vec3 body = head - a.transpose() * Vec3(0.45 + 0.1 * unit(rng), 0, 0);
    state.links[1] = LinkState{body, a, random_vector(rng, 0.1), random_vector(rng, 0.05)};
    // rollers kept out of the cone (their pairs are covered by the pair tests)
    state.links[2] = LinkState{body - Vec3(1.5, 0, 0), a, random_vector(rng, 0.1), random_vector(rng, 0.05)};
    try {
      totals.with_contacts += check_balance(g, state, data);
    } catch (const ContactError&) {
      ++totals.stopped;
    }
  }
  EXPECT_GT(totals.with_contacts, 1500);
  EXPECT_LT(totals.stopped, 500);
}

TEST(ContactSet, PeripheralRingForcesAndMomentsBalance) {
  const UnitGeometry g =
      load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/peripheral_ring.yaml");
  ContactData data = make_contact_data(g);
  std::mt19937 rng(82);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Totals totals;
  for (int k = 0; k < 8000; ++k) {
    UnitState state;
    state.time = k;
    state.passive_velocity = random_vector(rng, 0.05);
    state.passive_angular_velocity = random_vector(rng, 0.02);
    const double d = -0.15 + 0.152 * unit(rng);
    const double miss = std::max(0.0, -0.0045 + (0.01 - d) * 0.57735) * (0.2 + unit(rng));
    const double dir = 2 * std::numbers::pi * unit(rng);
    state.links = {LinkState{Vec3(d, miss * std::cos(dir), miss * std::sin(dir)), small_rotation(rng, 0.01),
                             random_vector(rng, 0.1), random_vector(rng, 0.05)}};
    try {
      totals.with_contacts += check_balance(g, state, data);
    } catch (const ContactError&) {
      ++totals.stopped;
    }
  }
  EXPECT_GT(totals.with_contacts, 800);
  EXPECT_LT(totals.stopped, 3000);
}

TEST(ContactSet, NonFiniteInputStopsWithADiagnostic) {
  const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/probe_cone.yaml");
  ContactData data = make_contact_data(g);
  UnitState state;
  state.time = 7.0;
  state.links.assign(3, LinkState{});
  state.links[1].velocity.x() = std::numeric_limits<double>::quiet_NaN();
  try {
    evaluate_contacts(g, state, data);
    FAIL();
  } catch (const ContactError& e) {
    EXPECT_EQ(e.kind(), ContactErrorKind::not_finite);
    EXPECT_DOUBLE_EQ(e.time(), 7.0);
  }
}

// The broad phase keeps a pair whose primitives are within the reach of each other though not
// within their own extents: a point 4 mm deep behind an annulus (the plane is the passive box's
// only extent along X) and a segment running outwards, almost in a circle's plane, from 4 mm
// outside the circle (its midpoint farther from the circle than its half length).
TEST(ContactSet, BroadPhaseKeepsPairsWithinTheReach) {
  const UnitGeometry g = parse_unit_geometry(R"(name: reach_test
capture: all_latches
pair_classes:
  - {active: point, passive: plate, stiffness: 1.0e6, damping: 0.0, friction: 0.0, max_penetration: 0.005, max_tilt_deg: 15, zero_velocity: 1.0e-3}
  - {active: rod, passive: edge, stiffness: 1.0e6, damping: 0.0, friction: 0.0, max_penetration: 0.005, max_tilt_deg: 15, zero_velocity: 1.0e-3}
passive:
  - {name: plate, type: annulus, surface: plate, x: 0.0, radius: [0.5, 0.6], material_side: 1}
  - {name: edge, type: circle, surface: edge, center: [0, 0, 0], axis: [1, 0, 0], radius: 0.3}
links:
  - name: pin
    primitives:
      - {name: tip, type: point, surface: point, center: [0.004, 0.55, 0.0]}
  - name: arm
    primitives:
      - {name: rod, type: segment, surface: rod, points: [[0.0, 0.0, 0.304], [-0.01, 0.0, 0.604]]}
)",
                                             "reach_test.yaml");
  ContactData data = make_contact_data(g);
  UnitState state;
  state.links.assign(2, LinkState{});
  evaluate_contacts(g, state, data);
  ASSERT_EQ(data.contacts.size(), 2u);
  EXPECT_NEAR(data.contacts[0].geometry.penetration, 0.004, 1e-12);
  EXPECT_NEAR(data.contacts[1].geometry.penetration, 0.004, 1e-4);
}

// A contact of a link tilted past its pair class's max_tilt_deg (the angle between the link's X
// and X_PU) leaves its closed-form test's valid range and stops the evaluation with the tilt; just
// inside the limit it is a contact. The link turns about Z_PU with its point kept 4 mm behind
// the annulus.
TEST(ContactSet, LinkTiltedPastItsPairClassLimitStops) {
  const UnitGeometry g = parse_unit_geometry(R"(name: tilt_test
capture: all_latches
pair_classes:
  - {active: point, passive: plate, stiffness: 1.0e6, damping: 0.0, friction: 0.0, max_penetration: 0.005, max_tilt_deg: 15, zero_velocity: 1.0e-3}
passive:
  - {name: plate, type: annulus, surface: plate, x: 0.0, radius: [0.5, 0.6], material_side: 1}
links:
  - name: pin
    primitives:
      - {name: tip, type: point, surface: point, center: [0.01, 0.0, 0.0]}
)",
                                             "tilt_test.yaml");
  const Vec3 tip_in_link(0.01, 0.0, 0.0), tip_in_pu(0.004, 0.55, 0.0);
  const auto state_at = [&](double tilt_deg) {
    UnitState state;
    state.time = 3.0;
    state.links.assign(1, LinkState{});
    LinkState& l = state.links[0];
    // A_PUB: x_link = A (x_PU - p), so the tip lies at p + A^T tip_in_link
    l.rotation = Eigen::AngleAxisd(tilt_deg * std::numbers::pi / 180, Vec3::UnitZ()).toRotationMatrix().transpose();
    l.position = tip_in_pu - l.rotation.transpose() * tip_in_link;
    return state;
  };
  ContactData data = make_contact_data(g);
  evaluate_contacts(g, state_at(14.9), data);
  ASSERT_EQ(data.contacts.size(), 1u);
  EXPECT_NEAR(data.contacts[0].geometry.penetration, 0.004, 1e-12);
  try {
    evaluate_contacts(g, state_at(15.1), data);
    FAIL() << "a contact at a 15.1 degree tilt passed a 15 degree limit";
  } catch (const ContactError& e) {
    EXPECT_EQ(e.kind(), ContactErrorKind::outside_valid_range);
    EXPECT_NE(e.element().find("link tilt"), std::string::npos) << e.element();
    EXPECT_NEAR(e.value(), 15.1 * std::numbers::pi / 180, 1e-12);
    EXPECT_DOUBLE_EQ(e.time(), 3.0);
  }
}

// The geometry with its broad phase opened: every box and bounding sphere wide enough to pass
// every task on to its pair test.
UnitGeometry without_broad_phase(UnitGeometry g) {
  constexpr double kWide = 1e6;
  g.passive_box.half = Vec3::Constant(kWide);
  for (BoundingBox& box : g.link_boxes) box.half = Vec3::Constant(kWide);
  for (PairTask& t : g.tasks) t.reject_distance = kWide;
  return g;
}

// One evaluation's results (contacts by task name), or the error that stopped it, as text with
// every number to 17 digits.
struct Evaluation {
  std::string text;
  bool stopped = false;
  std::string stopping_element;  // the task whose test left its valid range
};
Evaluation evaluate(const UnitGeometry& g, const UnitState& state, ContactData& data) {
  Evaluation e;
  try {
    evaluate_contacts(g, state, data);
  } catch (const ContactError& error) {
    e.stopped = true;
    e.text = error.what();
    if (error.kind() == ContactErrorKind::outside_valid_range) e.stopping_element = error.element();
    return e;
  }
  std::ostringstream out;
  out.precision(17);
  for (const ContactRecord& r : data.contacts)
    out << (r.task >= 0 ? g.task_name(g.tasks[r.task]) : r.element) << ' ' << r.geometry.penetration << ' '
        << r.point.transpose() << ' ' << r.force.on_passive.transpose() << '\n';
  for (const Wrench& w : data.link_wrenches) out << w.force.transpose() << ' ' << w.moment.transpose() << '\n';
  out << data.passive_wrench.force.transpose() << ' ' << data.passive_wrench.moment.transpose();
  e.text = out.str();
  return e;
}

bool is_cone_task(const PairTask& t) { return t.kind == PairKind::cone_circle || t.kind == PairKind::circle_cone; }

// The broad phase (link boxes against the passive box, cones' bounding spheres against circles,
// edges' midpoint spheres against each other) only skips pair tests that would find nothing: at random link
// poses from far apart to deep contact, the contacts, wrenches and diagnostics of every bundled unit
// are the same, to the last bit, as with every pair tested. The one difference allowed: a cone
// search checks its valid range (the circle's plane ahead of the petal) before it looks for a
// crossing, so with every pair tested a cone far from the circle can stop the evaluation; with
// that cone's task removed, the results must then be those of the broad phase.
TEST(ContactSet, BroadPhaseSkipsOnlyPairsThatCannotTouch) {
  for (const char* unit : {"probe_cone", "peripheral_ring", "berthing_ring"}) {
    SCOPED_TRACE(unit);
    const UnitGeometry g = load_unit_geometry(std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/" + unit + ".yaml");
    const UnitGeometry open = without_broad_phase(g);
    ContactData data = make_contact_data(g), open_data = make_contact_data(open);
    std::mt19937 rng(83);
    std::uniform_real_distribution<double> unit_interval(0.0, 1.0);
    int with_contacts = 0, stops = 0, links_skipped = 0, far_cones_out_of_range = 0;
    for (int k = 0; k < 20000; ++k) {
      UnitState state;
      state.time = k;
      state.passive_velocity = random_vector(rng, 0.05);
      state.passive_angular_velocity = random_vector(rng, 0.02);
      // all links on one rigid pose: along X_PU from 1.5 m short of the passive unit to 0.5 m into
      // it, three in four within 0.3 m of the reference pose where the guides meet; laterally within
      // 0.1 m, tilted up to 0.15 rad
      const Mat3 a = small_rotation(rng, 0.15);
      const double x = unit_interval(rng) < 0.25 ? -1.5 + 2.0 * unit_interval(rng) : -0.3 + 0.35 * unit_interval(rng);
      const Vec3 p(x, 0.1 * (2 * unit_interval(rng) - 1), 0.1 * (2 * unit_interval(rng) - 1));
      for (std::size_t l = 0; l < g.links.size(); ++l)
        state.links.push_back(LinkState{p, a, random_vector(rng, 0.1), random_vector(rng, 0.05)});
      const Evaluation broad = evaluate(g, state, data);
      Evaluation all = evaluate(open, state, open_data);
      UnitGeometry reduced = open;
      while (all.text != broad.text && !all.stopping_element.empty()) {
        const auto far_cone = std::find_if(reduced.tasks.begin(), reduced.tasks.end(), [&](const PairTask& t) {
          return is_cone_task(t) && reduced.task_name(t) == all.stopping_element;
        });
        ASSERT_NE(far_cone, reduced.tasks.end()) << "state " << k << ": " << all.text;
        reduced.tasks.erase(far_cone);
        ContactData reduced_data = make_contact_data(reduced);
        all = evaluate(reduced, state, reduced_data);
        ++far_cones_out_of_range;
      }
      ASSERT_EQ(broad.text, all.text) << "state " << k;
      stops += broad.stopped;
      with_contacts += !broad.stopped && !data.contacts.empty();
      links_skipped += static_cast<int>(std::count(data.link_near.begin(), data.link_near.end(), 0));
    }
    // the poses give contacts and stops as well as links the broad phase skips
    EXPECT_GT(with_contacts, 300);
    EXPECT_GT(stops, 50);
    EXPECT_GT(links_skipped, 500);
    std::cout << unit << ": " << with_contacts << " with contacts, " << stops << " stopped, " << links_skipped
              << " links skipped, " << far_cones_out_of_range << " far cones out of their range\n";
  }
}

}  // namespace
}  // namespace dyngen::contact
