// Action and reaction: for random poses and velocities of the representative units' links, the
// summed wrench on the passive unit is exactly opposite to the sum of the links' wrenches once
// these are expressed in PU axes about the PU origin (momentum conservation of the contact forces).
#include "contact/contact_set.hpp"
#include "contact/geometry_file.hpp"

#include <gtest/gtest.h>

#include <numbers>
#include <random>

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

}  // namespace
}  // namespace dyngen::contact
