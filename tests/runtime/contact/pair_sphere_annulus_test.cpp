// Sphere/point - plane fragment (annulus) against a brute-force oracle (sampled annulus).
#include "contact/pairs.hpp"
#include "sampling_oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace dyngen::contact {
namespace {

using testing::grid_minimum;
using testing::kPi;

void check(const Annulus& annulus, double R, unsigned seed) {
  const PreparedAnnulus pair = prepare_sphere_annulus(annulus, R, 0.02);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int contacts = 0, separated = 0, off = 0;
  for (int k = 0; k < 10000; ++k) {
    const double r = std::max(0.0, annulus.r_min - 0.03) + (annulus.r_max - annulus.r_min + 0.06) * unit(rng);
    const double phi = -kPi + 2 * kPi * unit(rng);
    const double x = annulus.x - annulus.material_side * (R + 0.01) + annulus.material_side * (R + 0.02) * unit(rng);
    const Vec3 center(x, r * std::cos(phi), r * std::sin(phi));
    // Cartesian samples (y, z) of the square around the annulus, moved radially onto the annulus
    const auto plane = [&](double u, double v) {
      const double rho = std::hypot(u, v);
      const double clamped = std::clamp(rho, annulus.r_min, annulus.r_max);
      return rho > 0 ? Vec3(annulus.x, u * clamped / rho, v * clamped / rho) : Vec3(annulus.x, annulus.r_min, 0.0);
    };
    // (the squared overshoot of an outside sample keeps the search from stalling on the flat border)
    const auto overshoot = [&](double u, double v) {
      const double rho = std::hypot(u, v);
      return rho - std::clamp(rho, annulus.r_min, annulus.r_max);
    };
    const auto best = grid_minimum(
        [&](double u, double v) { return (plane(u, v) - center).squaredNorm() + std::pow(overshoot(u, v), 2); },
                                   -annulus.r_max, annulus.r_max, -annulus.r_max, annulus.r_max, false);
    const double distance = (plane(best.u, best.v) - center).norm();
    const bool in_material = annulus.material_side * (x - annulus.x) > 0;
    const double oracle = R + (in_material ? distance : -distance);
    if (std::abs(oracle) < 1e-6) continue;
    PairContact c;
    const PairOutcome o = sphere_annulus(pair, center, c);
    const double rho = std::hypot(best.u, best.v);
    if ((annulus.r_min > 0 && rho <= annulus.r_min + 1e-9) || rho >= annulus.r_max - 1e-9) {
      EXPECT_NE(o, PairOutcome::contact) << "k=" << k << " rho " << rho << " centre r " << r << " annulus "
                                          << annulus.r_min << " " << annulus.r_max;
      ++off;
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
    const Vec3 p = plane(best.u, best.v);
    EXPECT_NEAR(c.penetration, oracle, 1e-8);
    if (distance > 1e-6) {
      const Vec3 normal = in_material ? (center - p).normalized() : (p - center).normalized();
      EXPECT_LT((c.normal - normal).norm(), 1e-6 + 1e-7 / distance) << "k=" << k;
    }
    EXPECT_LT((c.point_second - p).norm(), 1e-6);
  }
  EXPECT_GT(contacts, 2000);
  EXPECT_GT(separated, 800);
  EXPECT_GT(off, 300);
}

TEST(SphereAnnulus, SocketBottomAgreesWithSampledPlane) { check(Annulus{0.45, 0.0, 0.12, 1.0}, 0.05, 41); }
TEST(SphereAnnulus, RingPlaneAgreesWithSampledPlane) { check(Annulus{0.0, 0.40, 0.46, 1.0}, 0.0, 42); }
TEST(SphereAnnulus, MaterialOnMinusXAgreesWithSampledPlane) { check(Annulus{0.1, 0.2, 0.3, -1.0}, 0.02, 43); }

}  // namespace
}  // namespace dyngen::contact
