// Peripheral latch: the preprint's closed-form implicit-Euler step against a direct solve and an
// exact solution, and a latch pushed over a stop (deflection, force, triggering, back contact).
#include "contact/latches.hpp"

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace dyngen::contact {
namespace {

TEST(PeripheralLatch, ClosedFormStepSolvesTheImplicitEulerSystem) {
  std::mt19937 rng(91);
  std::uniform_real_distribution<double> u(0.1, 2.0);
  for (int k = 0; k < 1000; ++k) {
    const double m = 0.05 * u(rng), kk = 2000 * u(rng), f0 = 20 * u(rng), fr = 50 * u(rng), h = 1e-3 * u(rng);
    const double v = u(rng) - 1.0, x = 0.005 * u(rng);
    Eigen::Matrix2d a;
    a << 1.0, h * kk / m, -h, 1.0;
    const Eigen::Vector2d solution = a.partialPivLu().solve(Eigen::Vector2d(v + (fr - f0) * h / m, x));
    const LatchStep s = peripheral_latch_step(m, kk, f0, fr, h, v, x);
    EXPECT_NEAR(s.rate, solution(0), 1e-12 * (1 + std::abs(solution(0))));
    EXPECT_NEAR(s.deflection, solution(1), 1e-15);
  }
}

TEST(PeripheralLatch, StepConvergesAtFirstOrder) {
  // m x'' = -k x + F from rest: x(t) = F/k (1 - cos w t)
  const double m = 0.05, k = 2000, force = 30, horizon = 0.05;
  const auto error = [&](int steps) {
    const double h = horizon / steps;
    double v = 0, x = 0;
    for (int i = 0; i < steps; ++i) {
      const LatchStep s = peripheral_latch_step(m, k, 0.0, force, h, v, x);
      v = s.rate;
      x = s.deflection;
    }
    return std::abs(x - force / k * (1 - std::cos(std::sqrt(k / m) * horizon)));
  };
  const double e1 = error(4000), e2 = error(8000);
  EXPECT_NEAR(e1 / e2, 2.0, 0.1);
}

// One latch on a ring link pointing outwards and forwards, a 45-degree guide frustum
// (r 0.40 -> 0.36 over x 0.055 -> 0.095), the lock circle r = 0.36 at x = 0.095 and the lock face.
UnitGeometry single_latch() {
  UnitGeometry g;
  g.name = "single latch";
  g.capture = CaptureRule::one_latch_per_group;
  ContactParameters p;
  p.stiffness = 1e6;
  p.damping = 0;
  p.friction = 0;
  p.max_penetration = 0.004;
  p.max_tilt = 1.0;
  g.pair_classes.push_back({"latch", "stop", p});
  g.passive.push_back({"guide", "stop", Frustum{{0.055, 0.40}, {0.095, 0.36}}});
  g.passive.push_back({"lock", "stop", Circle{Vec3(0.095, 0, 0), Vec3::UnitX(), 0.36}});
  g.passive.push_back({"face", "stop", Annulus{0.095, 0.36, 0.40, -1.0}});
  g.links.push_back({"ring", {}});
  PeripheralLatch l;
  l.name = "latch";
  l.link = 0;
  l.origin = Vec3(0.06, 0.30, 0.0);
  l.direction = Vec3(0.5, std::sqrt(0.75), 0.0);
  l.length = 0.0755;
  l.mass = 0.05;
  l.stiffness = 2000;
  l.preload = 20;
  l.max_travel = 0.015;
  l.contact_stiffness = 1e5;
  l.guide = 0;
  l.lock = 1;
  l.back = 2;
  l.pair_class = 0;
  g.peripheral_latches.push_back(l);
  finalize_geometry(g);
  return g;
}

TEST(PeripheralLatch, DeflectsOnTheGuideTriggersPastTheLockAndThenHolds) {
  const UnitGeometry g = single_latch();
  ContactData data = make_contact_data(g);
  UnitState state;
  state.links.resize(1);
  const double h = 1e-4;
  double max_deflection = 0.0, triggered_at = 1.0;
  // the tip rests at x = 0.09775 + d, r = 0.3654: on the guide from d = -0.0082, over the lip
  // (6.2 mm of travel) at d ~ 0
  for (int i = 0; i <= 1500; ++i) {
    const double d = -0.012 + 0.1 * i * h;
    state.time = i * h;
    state.links[0] = LinkState{Vec3(d, 0, 0), Mat3::Identity(), Vec3(0.1, 0, 0), Vec3::Zero()};
    update_latches(g, state, h, data);
    const PeripheralLatchState& s = data.peripheral_latches[0];
    max_deflection = std::max(max_deflection, s.deflection);
    if (s.deflection > 0 && !s.triggered) {
      // f_L,A = -(k x + f_0) n_L on the ring, the opposite on the passive unit
      const Vec3 expected = (2000 * s.deflection + 20) * g.peripheral_latches[0].direction;
      EXPECT_LT((data.peripheral_latches[0].on_passive.force - expected).norm(), 1e-9);
      EXPECT_LT((data.peripheral_latches[0].on_link.force + expected).norm(), 1e-9);
    }
    if (s.triggered && triggered_at > 0.5) triggered_at = state.time;
  }
  EXPECT_GT(max_deflection, 0.005);
  EXPECT_LT(max_deflection, 0.008);
  ASSERT_LT(triggered_at, 0.5);
  EXPECT_TRUE(data.captured);
  // pulled back until the tip is 1 mm behind the lock face: it holds along -X
  state.links[0].position = Vec3(0.095 - 0.001 - 0.09775, 0, 0);
  state.links[0].velocity = Vec3::Zero();
  evaluate_contacts(g, state, data);
  ASSERT_EQ(data.contacts.size(), 1u);
  EXPECT_NEAR(data.contacts[0].geometry.penetration, 0.001, 1e-12);
  EXPECT_NEAR(data.contacts[0].force.on_passive.x(), -1e3, 1e-9);
}

}  // namespace
}  // namespace dyngen::contact
