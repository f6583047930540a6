// Docking port: wrench transfer to the CoM (by hand and by virtual power), port velocities against
// finite differences of its pose, the transport motion w0, e0, a0, v0 against finite differences
// of the port's velocity (rigid and with a prescribed elastic deflection), rejected geometry.
#include "spacecraft/port.hpp"
#include "spacecraft/state_vector.hpp"

#include "error_message.hpp"
#include "random_state.hpp"
#include "rk4.hpp"

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace dyngen::spacecraft {
namespace {

Mat3 turn(double angle, const Vec3& axis) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

using test::random_vector;

// The vector of a skew-symmetric matrix's skew part: [w]x -> w.
Vec3 axial(const Mat3& m) { return 0.5 * Vec3(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1)); }

TEST(Port, WrenchAtThePortMovesToTheCentreOfMass) {
  // port 2 m along body x, its axes a quarter turn about body z (port x = body y)
  const Port port(Vec3(2.0, 0.0, 0.0), turn(M_PI / 2, Vec3::UnitZ()));
  const Wrench at_com = wrench_at_com(port, {Vec3(1.0, 0.0, 0.0), Vec3(0.0, 0.0, 1.0)}, PortDeflection{});
  EXPECT_LT((at_com.force - Vec3(0.0, 1.0, 0.0)).norm(), 1e-15);
  // M = M_P + r x F = (0, 0, 1) + (2, 0, 0) x (0, 1, 0)
  EXPECT_LT((at_com.moment - Vec3(0.0, 0.0, 3.0)).norm(), 1e-15);
}

TEST(Port, TransferredWrenchDoesTheSameWorkOnAnyBodyMotion) {
  std::mt19937 rng(3);
  for (int k = 0; k < 1000; ++k) {
    const Vec3 l = random_vector(rng, 5.0);
    const Mat3 nominal = turn(3.0, random_vector(rng, 1.0));
    const Port port(l, nominal);
    PortDeflection deflection;
    deflection.displacement = random_vector(rng, 0.01);
    deflection.rotation = random_vector(rng, 0.01);
    const Wrench at_port{random_vector(rng, 1000.0), random_vector(rng, 500.0)};
    // the deflected port frame, built independently: rho = l + d, port -> body = rot(theta) nominal
    const Vec3 rho = l + deflection.displacement;
    const Mat3 port_to_body = turn(deflection.rotation.norm(), deflection.rotation) * nominal;
    const Vec3 v = random_vector(rng, 1.0), omega = random_vector(rng, 1.0);
    // power at the port: F . (v + omega x rho) + M . omega, all in body axes
    const Vec3 force = port_to_body * at_port.force, moment = port_to_body * at_port.moment;
    const double power = force.dot(v + omega.cross(rho)) + moment.dot(omega);
    const Wrench at_com = wrench_at_com(port, at_port, deflection);
    EXPECT_NEAR(at_com.force.dot(v) + at_com.moment.dot(omega), power, 1e-10 * (1.0 + std::abs(power)));
    const Wrench in_body = port_wrench_in_body_axes(port, at_port, deflection);
    EXPECT_LT((in_body.force - force).norm() + (in_body.moment - moment).norm(), 1e-10);
  }
}

TEST(Port, DeflectionShiftsAndTurnsThePort) {
  const Mat3 nominal = turn(0.6, Vec3(0.0, 1.0, 1.0));
  const Port port(Vec3(1.5, -0.5, 4.0), nominal);
  RigidBodyState state;
  state.position = Vec3(10.0, 20.0, -5.0);
  state.attitude = quaternion_from_rotation_vector(Vec3(0.2, 0.4, -0.1));
  const Mat3 body_to_inertial = turn(Vec3(0.2, 0.4, -0.1).norm(), Vec3(0.2, 0.4, -0.1));
  PortDeflection deflection;
  deflection.displacement = Vec3(1e-3, -2e-3, 5e-4);
  deflection.rotation = Vec3(-2e-3, 1e-3, 3e-3);
  const PortMotion motion = port_motion(port, state, deflection);
  EXPECT_LT((motion.position - (state.position + body_to_inertial * (port.position() + deflection.displacement))).norm(),
            1e-14);
  const Mat3 expected = body_to_inertial * turn(deflection.rotation.norm(), deflection.rotation) * nominal;
  EXPECT_LT((motion.port_to_inertial - expected).norm(), 1e-14);
}

// A body moving under a constant wrench at its CoM, and a port offset and turned in it.
struct Scene {
  RigidBody body{7000.0, turn(0.5, Vec3(1, 2, 3)) * Vec3(9000.0, 12000.0, 15000.0).asDiagonal() *
                             turn(0.5, Vec3(1, 2, 3)).transpose()};
  Port port{Vec3(0.8, -0.3, 3.5), turn(2.0, Vec3(0.3, -1.0, 0.4))};
  Wrench at_com{Vec3(300.0, -150.0, 800.0), Vec3(-90.0, 200.0, 40.0)};
  RigidBodyState start;

  Scene() {
    start.position = Vec3(1.0, 2.0, 3.0);
    start.velocity = Vec3(0.1, -0.2, 0.05);
    start.attitude = quaternion_from_rotation_vector(Vec3(0.5, -0.3, 0.9));
    start.angular_velocity = Vec3(0.4, -0.7, 0.25);
  }

  // The state after dt (either sign), by RK4 in 20 sub-steps.
  RigidBodyState after(double dt) const {
    const std::vector<RigidBody> bodies{body};
    const std::vector<Wrench> wrenches{at_com};
    const auto f = [&](double, const Eigen::VectorXd& x) { return state_derivative(bodies, x, wrenches); };
    Eigen::VectorXd x = pack_states({start});
    for (int i = 0; i < 20; ++i) x = test::rk4_step(f, 0.0, x, dt / 20.0);
    return unpack_states(x)[0];
  }
};

TEST(Port, VelocitiesAreTheRatesOfThePortPose) {
  const Scene scene;
  const double dt = 1e-4;
  const PortMotion before = port_motion(scene.port, scene.after(-dt), PortDeflection{});
  const PortMotion now = port_motion(scene.port, scene.start, PortDeflection{});
  const PortMotion later = port_motion(scene.port, scene.after(dt), PortDeflection{});
  const Vec3 velocity = (later.position - before.position) / (2.0 * dt);
  EXPECT_LT((now.velocity - velocity).norm(), 1e-8 * now.velocity.norm());
  // dR/dt R^T = [omega]x, inertial axes
  const Mat3 rotation_rate = (later.port_to_inertial - before.port_to_inertial) / (2.0 * dt);
  const Vec3 angular_velocity = axial(rotation_rate * now.port_to_inertial.transpose());
  EXPECT_LT((now.angular_velocity - angular_velocity).norm(), 1e-8 * now.angular_velocity.norm());
}

TEST(Port, TransportMotionOfARigidPortMatchesFiniteDifferences) {
  const Scene scene;
  const double dt = 1e-4;
  const PortMotion before = port_motion(scene.port, scene.after(-dt), PortDeflection{});
  const PortMotion now = port_motion(scene.port, scene.start, PortDeflection{});
  const PortMotion later = port_motion(scene.port, scene.after(dt), PortDeflection{});
  const RigidBodyRate rate = rigid_body_rate(scene.body, scene.start, scene.at_com);
  const TransportMotion m = transport_motion(scene.port, scene.start, rate, PortDeflection{});
  const Mat3 to_port = now.port_to_inertial.transpose();
  EXPECT_LT((m.w0 - to_port * now.angular_velocity).norm(), 1e-14);
  EXPECT_LT((m.v0 - to_port * now.velocity).norm(), 1e-14);
  const Vec3 e0 = to_port * (later.angular_velocity - before.angular_velocity) / (2.0 * dt);
  const Vec3 a0 = to_port * (later.velocity - before.velocity) / (2.0 * dt);
  EXPECT_LT((m.e0 - e0).norm(), 1e-7 * m.e0.norm()) << (m.e0 - e0).norm() / m.e0.norm();
  EXPECT_LT((m.a0 - a0).norm(), 1e-7 * m.a0.norm()) << (m.a0 - a0).norm() / m.a0.norm();
  // the velocity terms matter: without omega x (omega x rho) a0 would be off by far more
  EXPECT_GT((to_port * rate.acceleration - a0).norm(), 0.1 * a0.norm());
}

TEST(Port, TransportMotionOfAnElasticPortMatchesFiniteDifferences) {
  const Scene scene;
  // two modes moving as eta_k = A_k sin(W_k t + p_k), seen at the port through Phi
  std::mt19937 rng(11);
  Eigen::Matrix<double, 6, 2> phi;
  phi.col(0) << random_vector(rng, 0.01), random_vector(rng, 0.005);
  phi.col(1) << random_vector(rng, 0.01), random_vector(rng, 0.005);
  const Eigen::Vector2d amplitude(0.8, 0.5), frequency(6.0, 17.0), phase(0.3, 1.1);
  const auto deflection_at = [&](double t) {
    const Eigen::Vector2d angle = frequency * t + phase;
    const Eigen::Vector2d eta = amplitude.cwiseProduct(angle.array().sin().matrix());
    const Eigen::Vector2d rate = amplitude.cwiseProduct(frequency).cwiseProduct(angle.array().cos().matrix());
    const Eigen::Vector2d acceleration = -frequency.cwiseProduct(frequency).cwiseProduct(eta);
    PortDeflection d;
    d.displacement = (phi * eta).head<3>();
    d.rotation = (phi * eta).tail<3>();
    d.velocity = (phi * rate).head<3>();
    d.angular_velocity = (phi * rate).tail<3>();
    d.acceleration = (phi * acceleration).head<3>();
    d.angular_acceleration = (phi * acceleration).tail<3>();
    return d;
  };
  const double dt = 1e-5;
  const PortMotion before = port_motion(scene.port, scene.after(-dt), deflection_at(-dt));
  const PortMotion now = port_motion(scene.port, scene.start, deflection_at(0.0));
  const PortMotion later = port_motion(scene.port, scene.after(dt), deflection_at(dt));
  const Vec3 velocity = (later.position - before.position) / (2.0 * dt);
  EXPECT_LT((now.velocity - velocity).norm(), 1e-8 * now.velocity.norm());
  const RigidBodyRate rate = rigid_body_rate(scene.body, scene.start, scene.at_com);
  const TransportMotion m = transport_motion(scene.port, scene.start, rate, deflection_at(0.0));
  const Mat3 to_port = now.port_to_inertial.transpose();
  EXPECT_LT((m.w0 - to_port * now.angular_velocity).norm(), 1e-14);
  EXPECT_LT((m.v0 - to_port * now.velocity).norm(), 1e-14);
  const Vec3 e0 = to_port * (later.angular_velocity - before.angular_velocity) / (2.0 * dt);
  const Vec3 a0 = to_port * (later.velocity - before.velocity) / (2.0 * dt);
  EXPECT_LT((m.e0 - e0).norm(), 1e-7 * m.e0.norm()) << (m.e0 - e0).norm() / m.e0.norm();
  EXPECT_LT((m.a0 - a0).norm(), 1e-7 * m.a0.norm()) << (m.a0 - a0).norm() / m.a0.norm();
  // the elastic terms matter: the rigid port's transport motion differs by far more
  const TransportMotion rigid = transport_motion(scene.port, scene.start, rate, PortDeflection{});
  EXPECT_GT((rigid.a0 - a0).norm(), 1e-3 * a0.norm());
  EXPECT_GT((rigid.e0 - e0).norm(), 1e-3 * e0.norm());
}

// A frame formed once at a state gives what the port, the state and the deflection give, bit for
// bit: the runs form it once per evaluation for the port's motion, the body's rate, the wrench
// moved to the CoM and the coupling with the mechanism.
TEST(Port, FrameOfAStateGivesTheSameMotionRateAndWrenchBitForBit) {
  std::mt19937 rng(5);
  const RigidBody body(7000.0, (Mat3() << 9.0e3, 120.0, -40.0, 120.0, 1.4e4, 75.0, -40.0, 75.0, 1.6e4).finished());
  const Port port(Vec3(3.2, 0.1, -0.05), turn(0.7, Vec3(1.0, 2.0, 0.5)));
  const auto same = [](const Vec3& a, const Vec3& b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; };
  for (int k = 0; k < 500; ++k) {
    const RigidBodyState state = test::random_state(rng, k);
    const PortDeflection deflection = test::random_deflection(rng, k);
    const PortFrame frame = port_frame(port, state, deflection);
    const Mat3 R = rotation_matrix(state.attitude);
    const PortPlacement placement = port_placement(port, deflection);
    ASSERT_TRUE(frame.body_to_inertial == R && frame.placement.port_to_body == placement.port_to_body &&
                same(frame.placement.position, placement.position));

    // the motion by its definition (port.hpp), term for term
    const PortMotion motion = port_motion(frame, state);
    EXPECT_TRUE(same(motion.position, state.position + R * placement.position));
    EXPECT_TRUE(motion.port_to_inertial == R * placement.port_to_body);
    EXPECT_TRUE(same(motion.velocity,
                     state.velocity + R * (state.angular_velocity.cross(placement.position) + deflection.velocity)));
    EXPECT_TRUE(same(motion.angular_velocity, R * (state.angular_velocity + deflection.angular_velocity)));

    const Wrench at_port{random_vector(rng, 2e3), random_vector(rng, 5e2)};
    const Wrench at_com = wrench_at_com(frame.placement, at_port), expected = wrench_at_com(port, at_port, deflection);
    EXPECT_TRUE(same(at_com.force, placement.port_to_body * at_port.force));
    EXPECT_TRUE(same(at_com.moment, placement.port_to_body * at_port.moment + placement.position.cross(at_com.force)));
    EXPECT_TRUE(same(at_com.force, expected.force) && same(at_com.moment, expected.moment));

    const RigidBodyRate rate = rigid_body_rate(body, state, frame.body_to_inertial, at_com);
    EXPECT_TRUE(same(rate.acceleration, R * at_com.force / body.mass()));
    EXPECT_TRUE(same(rate.angular_acceleration,
                     body.inverse_inertia() * (at_com.moment - state.angular_velocity.cross(body.inertia() * state.angular_velocity))));
  }
}

TEST(Port, RejectsAnOrientationThatIsNotARotation) {
  const std::string scaled = test::error_message([] { Port(Vec3::Zero(), 1.01 * Mat3::Identity()); });
  EXPECT_NE(scaled.find("orientation is not a rotation matrix"), std::string::npos) << scaled;
  const std::string mirrored = test::error_message([] { Port(Vec3::Zero(), Vec3(1.0, 1.0, -1.0).asDiagonal()); });
  EXPECT_NE(mirrored.find("det R = -1"), std::string::npos) << mirrored;
  EXPECT_NE(test::error_message([] { Port(Vec3(0.0, NAN, 0.0), Mat3::Identity()); }).find("non-finite"),
            std::string::npos);
}

}  // namespace
}  // namespace dyngen::spacecraft
