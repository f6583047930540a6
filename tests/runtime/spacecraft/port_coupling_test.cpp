// PortCoupling against the free functions it takes apart (transport_motion, wrench_at_com,
// rigid_body_rate): bit for bit, at random states, rates, wrenches and elastic deflections, so a
// docking or berthing run is the same whichever the runtime calls.
#include "spacecraft/port_coupling.hpp"

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include <random>

#include "random_state.hpp"

namespace dyngen::spacecraft {
namespace {

using test::random_vector;

void expect_identical(const Vec3& a, const Vec3& b) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(a[i], b[i]);
}

TEST(PortCoupling, EqualsTheFreeFunctionsBitForBit) {
  std::mt19937 rng(11);
  const RigidBody body(7000.0, (Mat3() << 9.0e3, 120.0, -40.0, 120.0, 1.4e4, 75.0, -40.0, 75.0, 1.6e4).finished());
  const Port port(Vec3(3.2, 0.1, -0.05), Eigen::AngleAxisd(0.7, Vec3(1.0, 2.0, 0.5).normalized()).toRotationMatrix());
  for (int k = 0; k < 1000; ++k) {
    const RigidBodyState state = test::random_state(rng, k);
    const PortDeflection deflection = test::random_deflection(rng, k);  // rigid half of the time
    const RigidBodyRate rate = rigid_body_rate(body, state, {random_vector(rng, 1e3), random_vector(rng, 1e3)});
    const Wrench at_port{random_vector(rng, 2e3), random_vector(rng, 5e2)};

    const PortFrame frame = port_frame(port, state, deflection);
    const PortCoupling coupling(body, state, frame);
    const TransportMotion expected = spacecraft::transport_motion(port, state, rate, deflection);
    const TransportMotion motion = coupling.transport_motion(rate);
    expect_identical(motion.w0, expected.w0);
    expect_identical(motion.e0, expected.e0);
    expect_identical(motion.a0, expected.a0);
    expect_identical(motion.v0, expected.v0);

    const Wrench expected_at_com = spacecraft::wrench_at_com(port, at_port, deflection);
    const Wrench at_com = coupling.wrench_at_com(at_port);
    expect_identical(at_com.force, expected_at_com.force);
    expect_identical(at_com.moment, expected_at_com.moment);

    const RigidBodyRate expected_rate = rigid_body_rate(body, state, at_com);
    const RigidBodyRate next = coupling.rate(at_com);
    expect_identical(next.velocity, expected_rate.velocity);
    expect_identical(next.acceleration, expected_rate.acceleration);
    expect_identical(next.angular_acceleration, expected_rate.angular_acceleration);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(next.attitude_rate[i], expected_rate.attitude_rate[i]);
  }
}

}  // namespace
}  // namespace dyngen::spacecraft
