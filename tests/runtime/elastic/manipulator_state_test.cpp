// The energies of a sampled state against closed forms: a rigid two-link chain (kinetic energy of two
// uniform rods with a tip body, the gradient load's potential), a parabolic deflection (elastic
// energy); and the name of the first quantity that is not finite.
#include "elastic/manipulator_state.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace dyngen::elastic {
namespace {

LinkState straight_link(double angle, double rate, int segments) {
  LinkState link;
  link.angle = angle;
  link.angular_rate = rate;
  for (Eigen::VectorXd* v : {&link.deflection, &link.slope, &link.curvature, &link.deflection_rate}) {
    v->setZero(segments + 1);
  }
  return link;
}

TEST(ManipulatorState, KineticEnergyOfTheRigidChain) {
  const double m = 0.811, angle1 = 0.4, angle2 = 1.7, rate1 = 0.3, rate2 = -0.8;
  ManipulatorState state;
  state.links = {straight_link(angle1, rate1, 10), straight_link(angle2, rate2, 10)};
  // 1/2 [(4/3 + m) t1'^2 + (1 + 2 m) cos(t2 - t1) t1' t2' + (1/3 + m) t2'^2]
  const double expected = 0.5 * ((4.0 / 3.0 + m) * rate1 * rate1 + (1.0 + 2.0 * m) * std::cos(angle2 - angle1) * rate1 * rate2 +
                                 (1.0 / 3.0 + m) * rate2 * rate2);
  EXPECT_NEAR(kinetic_energy(state, m), expected, 1e-14);
}

TEST(ManipulatorState, GradientPotentialOfTheRigidChain) {
  const double m = 0.811, q = 1.2e-6, angle1 = -0.6, angle2 = 2.2;
  ManipulatorState state;
  state.links = {straight_link(angle1, 0.0, 10), straight_link(angle2, 0.0, 10)};
  // q (sum of the heights Z over the mass): q [(3/2 + m) cos t1 + (1/2 + m) cos t2]
  EXPECT_NEAR(gradient_potential(state, q, m), q * ((1.5 + m) * std::cos(angle1) + (0.5 + m) * std::cos(angle2)), 1e-20);
}

TEST(ManipulatorState, ElasticEnergyOfAParabolicDeflection) {
  // w = a xi^2: w'' = 2 a, U = 1/2 int (2 a)^2 = 2 a^2
  const double a = 3e-5;
  ManipulatorState state;
  state.links = {straight_link(0.0, 0.0, 8)};
  state.links[0].curvature.setConstant(2.0 * a);
  EXPECT_NEAR(elastic_energy(state), 2.0 * a * a, 1e-22);
  state.links[0].curvature.resize(8);  // an odd number of segments
  EXPECT_THROW(elastic_energy(state), std::invalid_argument);
}

TEST(ManipulatorState, NamesTheFirstQuantityThatIsNotFinite) {
  ManipulatorState state;
  state.links = {straight_link(0.0, 0.0, 4), straight_link(0.0, 0.0, 4)};
  EXPECT_EQ(non_finite_part(state), "");
  state.links[1].deflection[3] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(non_finite_part(state), "the deflection of link 2");
  state.links[0].angular_rate = std::numeric_limits<double>::infinity();
  EXPECT_EQ(non_finite_part(state), "the angular rate of link 1");
}

}  // namespace
}  // namespace dyngen::elastic
