// Sphere - boundary circle against a brute-force oracle: the edge and both adjacent surfaces are
// sampled; when the nearest sample is the edge itself, the edge pair must report R_S - distance,
// otherwise the contact belongs to a surface pair and the edge pair must stay silent.
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;
using testing::kPi;
using testing::revolve;

void check_edge(const BoundaryCircle& edge, unsigned seed, int& contacts, int& separated, int& on_surface) {
  const double R = 0.05;
  const PreparedBoundaryCircle pair = prepare_sphere_boundary_circle(edge, R);
  const double reach = 0.2;  // sampled length of each adjacent surface along its meridian
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int k = 0; k < 10000; ++k) {
    // centre around the edge within 1.3 R, in all meridian directions pointing to free space
    const double angle = 2 * kPi * unit(rng);
    const double reach_k = R * (0.7 + 0.6 * unit(rng));
    const double phi = -kPi + 2 * kPi * unit(rng);
    const Vec2 m = Vec2(edge.x, edge.radius) + reach_k * Vec2(std::cos(angle), std::sin(angle));
    const Vec3 center = revolve(m.x(), m.y(), phi);
    // union of the adjacent surfaces, u in [-1, 1]: u < 0 along `before`, u > 0 along `after`
    const auto surface = [&](double u, double v) {
      const Vec2 w = Vec2(edge.x, edge.radius) + reach * (u < 0 ? -u * edge.along_before : u * edge.along_after);
      return revolve(w.x(), w.y(), v);
    };
    // skip centres behind the surfaces (inside the material): not a configuration of this pair
    const Vec2 q = m - Vec2(edge.x, edge.radius);
    const auto outward = [](const Vec2& a) -> Vec2 { return Vec2(-a.y(), a.x()) * (a.x() >= 0 ? 1.0 : -1.0); };
    if (q.dot(outward(edge.along_before)) > 0 && q.dot(edge.along_before) > 0) continue;
    if (q.dot(outward(edge.along_after)) > 0 && q.dot(edge.along_after) > 0) continue;
    const auto best = grid_minimum([&](double u, double v) { return (surface(u, v) - center).squaredNorm(); }, -1.0,
                                   1.0, -kPi, kPi, true);
    const double distance = std::sqrt(best.value);
    const double oracle = R - distance;
    if (std::abs(oracle) < 1e-6) continue;
    PairContact c;
    const PairOutcome o = sphere_boundary_circle(pair, center, c);
    if (std::abs(best.u) > 1e-4) {
      EXPECT_NE(o, PairOutcome::contact) << "k=" << k;
      ++on_surface;
      continue;
    }
    if (std::abs(best.u) > 1e-9) continue;  // nearest point at the wedge's border: tangency between pairs
    if (oracle < 0) {
      EXPECT_EQ(o, PairOutcome::separated) << "k=" << k;
      ++separated;
      continue;
    }
    EXPECT_EQ(o, PairOutcome::contact) << "k=" << k;
    if (o != PairOutcome::contact) continue;
    ++contacts;
    const Vec3 p = surface(best.u, best.v);
    EXPECT_NEAR(c.penetration, oracle, 1e-8);
    EXPECT_LT((c.normal - (p - center).normalized()).norm(), 1e-6 + 1e-7 / distance) << "k=" << k;
    EXPECT_LT((c.point_second - p).norm(), 1e-6);
  }
}

TEST(SphereBoundaryCircle, AgreesWithSampledEdgeAndSurfacesConeToCylinder) {
  // 45-degree cone (free space inside, opening towards -X) into a cylinder of radius 0.25 m
  const BoundaryCircle edge{0.2, 0.25, Vec2(-1.0, 1.0).normalized(), Vec2(1.0, 0.0)};
  int contacts = 0, separated = 0, on_surface = 0;
  check_edge(edge, 21, contacts, separated, on_surface);
  EXPECT_GT(contacts, 500);
  EXPECT_GT(separated, 500);
  EXPECT_GT(on_surface, 1000);
}

TEST(SphereBoundaryCircle, AgreesWithSampledEdgeAndSurfacesPlaneToCone) {
  // docking plane (material at +X) meeting a 30-degree cone at the entry edge of radius 0.4 m
  const BoundaryCircle edge{0.0, 0.4, Vec2(0.0, 1.0), Vec2(std::cos(kPi / 3), -std::sin(kPi / 3))};
  int contacts = 0, separated = 0, on_surface = 0;
  check_edge(edge, 22, contacts, separated, on_surface);
  EXPECT_GT(contacts, 300);
  EXPECT_GT(separated, 300);
  EXPECT_GT(on_surface, 1000);
}

}  // namespace
}  // namespace dyngen::contact
