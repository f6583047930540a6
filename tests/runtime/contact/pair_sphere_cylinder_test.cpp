// Sphere/point - cylinder against a brute-force oracle (sampled wall of the socket).
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;
using testing::kPi;
using testing::revolve;

void check(double R, unsigned seed) {
  const Cylinder cylinder{0.12, 0.30, 0.45};
  const PreparedCylinder pair = prepare_sphere_cylinder(cylinder, R, 0.02);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int contacts = 0, separated = 0, beyond = 0;
  for (int k = 0; k < 10000; ++k) {
    const double x = 0.27 + 0.21 * unit(rng);
    const double r = cylinder.radius - R - 0.01 + (R + 0.02) * unit(rng);
    const Vec3 center = revolve(x, r, -kPi + 2 * kPi * unit(rng));
    const auto wall = [&](double u, double v) { return revolve(u, cylinder.radius, v); };
    const auto best = grid_minimum([&](double u, double v) { return (wall(u, v) - center).squaredNorm(); },
                                   cylinder.x_begin, cylinder.x_end, -kPi, kPi, true);
    const double distance = std::sqrt(best.value);
    const bool in_material = r > cylinder.radius;
    const double oracle = R + (in_material ? distance : -distance);
    if (std::abs(oracle) < 1e-6) continue;
    PairContact c;
    const PairOutcome o = sphere_cylinder(pair, center, c);
    if (best.u <= cylinder.x_begin + 1e-9 || best.u >= cylinder.x_end - 1e-9) {
      EXPECT_NE(o, PairOutcome::contact) << "k=" << k;
      ++beyond;
      continue;
    }
    if (oracle < 0) {
      EXPECT_EQ(o, PairOutcome::separated);
      ++separated;
      continue;
    }
    EXPECT_EQ(o, PairOutcome::contact) << "k=" << k;
    if (o != PairOutcome::contact) continue;
    ++contacts;
    const Vec3 p = wall(best.u, best.v);
    EXPECT_NEAR(c.penetration, oracle, 1e-8);
    if (distance > 1e-6) {
      const Vec3 normal = in_material ? (center - p).normalized() : (p - center).normalized();
      EXPECT_LT((c.normal - normal).norm(), 1e-6 + 1e-7 / distance) << "k=" << k;
    }
    EXPECT_LT((c.point_second - p).norm(), 1e-6);
  }
  EXPECT_GT(contacts, 2000);
  EXPECT_GT(separated, 1000);
  EXPECT_GT(beyond, 1000);
}

TEST(SphereCylinder, AgreesWithSampledWallForSpheres) { check(0.05, 31); }
TEST(SphereCylinder, AgreesWithSampledWallForPoints) { check(0.0, 32); }

}  // namespace
}  // namespace dyngen::contact
