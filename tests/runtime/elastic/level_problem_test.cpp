// The boundary problem of one time level (the seed's conditions 7-11) in the limit c = 0 with no
// history, where the links' relative accelerations vanish: its hinge accelerations must be those of
// the rigid chain, here from the Lagrangian of two uniform rods with a tip body written out in the
// test; the deflection of one link is the polynomial solution of w'''' = eps xi with the seed's
// boundary conditions.
#include "elastic/level_problem.hpp"
#include "elastic/manipulator.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::elastic {
namespace {

struct RigidState {
  double angle1, angle2, rate1, rate2;  // theta, theta' (per T)
  double torque1, torque2;              // M-bar at the platform hinge and the middle hinge
  double gradient;                      // q l^3 / (E J)
};

// theta'' of two uniform rods (unit mass and length) with a point body m at the tip, from the
// Lagrangian T = 1/2 [(4/3 + m) t1'^2 + (1 + 2 m) cos(t2 - t1) t1' t2' + (1/3 + m) t2'^2],
// V = q [(3/2 + m) cos t1 + (1/2 + m) cos t2], and the torques' virtual work M1 dt1 + M2 (dt2 - dt1).
Eigen::Vector2d rigid_accelerations(const RigidState& s, double m) {
  const double delta = s.angle2 - s.angle1;
  const double coupling = 0.5 + m;
  Eigen::Matrix2d mass;
  mass << 4.0 / 3.0 + m, coupling * std::cos(delta), coupling * std::cos(delta), 1.0 / 3.0 + m;
  const Eigen::Vector2d forces(
      s.torque1 - s.torque2 + s.gradient * (1.5 + m) * std::sin(s.angle1) + coupling * std::sin(delta) * s.rate2 * s.rate2,
      s.torque2 + s.gradient * (0.5 + m) * std::sin(s.angle2) - coupling * std::sin(delta) * s.rate1 * s.rate1);
  return mass.partialPivLu().solve(forces);
}

LevelInput rigid_limit_input(const RigidState& s, double m) {
  LevelInput input;
  input.acceleration_coefficient = 0.0;
  input.tip_mass = m;
  input.segments = 100;
  input.links.resize(2);
  input.links[0].root_torque = s.torque1;
  input.links[0].angular_rate = s.rate1;
  input.links[0].gradient = gradient_in_link_axes(s.gradient, s.angle1);
  input.links[1].root_torque = s.torque2;
  input.links[1].frame_rotation = s.angle2 - s.angle1;
  input.links[1].angular_rate = s.rate2;
  input.links[1].gradient = gradient_in_link_axes(s.gradient, s.angle2);
  return input;
}

TEST(LevelProblem, RigidLimitGivesTheRigidChainsAccelerations) {
  const double m = 0.811;
  for (const RigidState& s : {RigidState{0.0, 0.0, 0.0, 0.0, 6e-5, 6e-5, 1.2e-6},
                              RigidState{0.4, 1.3, 0.02, -0.05, 3e-5, -2e-5, 1e-5},
                              RigidState{-0.7, 2.6, 0.5, 0.8, 1e-3, 4e-4, 0.0},
                              RigidState{1.0, -2.0, -0.3, 0.6, 0.0, 0.0, 2e-2}}) {
    const std::vector<LinkLevelSolution> level = LevelProblem(rigid_limit_input(s, m)).solve();
    const Eigen::Vector2d expected = rigid_accelerations(s, m);
    const double scale = expected.lpNorm<Eigen::Infinity>();
    // the platform hinge turns link 1; link 2's frame turns with link 1 and its own hinge
    EXPECT_NEAR(level[0].angular_acceleration, expected[0], 1e-9 * scale);
    EXPECT_NEAR(level[0].hinge_acceleration, expected[0], 1e-9 * scale);
    EXPECT_NEAR(level[1].angular_acceleration, expected[1], 1e-9 * scale);
    EXPECT_NEAR(level[1].hinge_acceleration, expected[1] - expected[0], 1e-9 * scale);
    // the platform holds link 1's root
    EXPECT_LT(level[0].origin_acceleration.norm(), 1e-15);
  }
}

TEST(LevelProblem, QuasiStaticDeflectionOfOneLinkIsThePolynomialSolution) {
  // w'''' = eps xi, w(0) = w'(0) = 0, w''(0) = M, w''(1) = 0, -w'''(1) = m eps (the tip body):
  // eps = M / (1/3 + m), w''' (0) = -(1/2 + m) eps, w = eps xi^5 / 120 + w'''(0) xi^3 / 6 + M xi^2 / 2
  const double m = 0.811, torque = 6e-5;
  LevelInput input;
  input.tip_mass = m;
  input.segments = 64;
  input.links.resize(1);
  input.links[0].root_torque = torque;
  const LinkLevelSolution link = LevelProblem(input).solve()[0];
  const double eps = torque / (1.0 / 3.0 + m);
  const double shear = -(0.5 + m) * eps;
  EXPECT_NEAR(link.angular_acceleration, eps, 1e-12 * eps);
  EXPECT_NEAR(link.root_shear, shear, 1e-12 * std::abs(shear));
  // the Runge-Kutta Cauchy problems are exact up to degree 4; the xi^5 term leaves O(d^4): 1.4e-9 of w(1)
  const double tip = eps / 120.0 + shear / 6.0 + torque / 2.0;
  for (int i = 0; i <= input.segments; ++i) {
    const double xi = static_cast<double>(i) / input.segments;
    const double w = eps * std::pow(xi, 5) / 120.0 + shear * std::pow(xi, 3) / 6.0 + torque * xi * xi / 2.0;
    EXPECT_NEAR(link.states(i, 0), w, 1e-8 * tip) << "xi = " << xi;
  }
}

TEST(LevelProblem, RefusesAStepTooSmallForTheInitialParameters) {
  LevelInput input;
  input.links.resize(1);
  const double smallest = smallest_houbolt_step(1.0);
  EXPECT_NEAR(smallest, 1.3367e-3, 1e-7);
  input.acceleration_coefficient = 2.0 / (0.99 * smallest * 0.99 * smallest);
  try {
    LevelProblem problem(input);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("keep h / T >= 0.001337"), std::string::npos) << error.what();
  }
  input.acceleration_coefficient = 2.0 / (1.01 * smallest * 1.01 * smallest);
  EXPECT_NO_THROW(LevelProblem problem(input));
}

}  // namespace
}  // namespace dyngen::elastic
