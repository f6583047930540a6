// Free rigid body: conservation of energy and angular momentum, the intermediate-axis flip, the
// axisymmetric torque-free solution, uniform acceleration, and rejected mass properties.
#include "spacecraft/rigid_body.hpp"
#include "spacecraft/state_vector.hpp"

#include "error_message.hpp"
#include "rk4.hpp"

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace dyngen::spacecraft {
namespace {

using test::error_message;

// Integrates one body with RK4 at step h for `duration`, renormalising the attitude after each step;
// `observe` sees every accepted state.
void integrate(const RigidBody& body, RigidBodyState& state, const Wrench& at_com, double h, double duration,
               const std::function<void(const RigidBodyState&)>& observe) {
  const std::vector<RigidBody> bodies{body};
  const std::vector<Wrench> wrenches{at_com};
  const auto f = [&](double, const Eigen::VectorXd& x) { return state_derivative(bodies, x, wrenches); };
  Eigen::VectorXd x = pack_states({state});
  const int steps = static_cast<int>(std::lround(duration / h));
  for (int i = 0; i < steps; ++i) {
    x = test::rk4_step(f, i * h, x, h);
    renormalize_attitudes(x);
    state = unpack_states(x)[0];
    observe(state);
  }
}

// A spacecraft-like body whose principal axes are turned away from its body axes.
RigidBody tilted_body() {
  const Mat3 principal_axes = Eigen::AngleAxisd(0.7, Vec3(1.0, -0.4, 2.0).normalized()).toRotationMatrix();
  const Mat3 inertia = principal_axes * Vec3(4000.0, 6500.0, 9000.0).asDiagonal() * principal_axes.transpose();
  return RigidBody(5000.0, inertia);
}

TEST(RigidBody, TorqueFreeBodyKeepsEnergyAndInertialAngularMomentum) {
  const RigidBody body = tilted_body();
  RigidBodyState state;
  state.position = Vec3(3.0, -1.0, 2.0);
  state.velocity = Vec3(0.1, 0.05, -0.02);
  state.attitude = quaternion_from_rotation_vector(Vec3(0.3, -0.2, 0.5));
  state.angular_velocity = Vec3(0.6, -0.9, 0.4);
  const double energy = kinetic_energy(body, state);
  const Vec3 momentum = angular_momentum(body, state);
  double energy_drift = 0.0, momentum_drift = 0.0;
  integrate(body, state, Wrench{}, 1e-3, 100.0, [&](const RigidBodyState& s) {
    energy_drift = std::max(energy_drift, std::abs(kinetic_energy(body, s) - energy) / energy);
    momentum_drift = std::max(momentum_drift, (angular_momentum(body, s) - momentum).norm() / momentum.norm());
  });
  EXPECT_LT(energy_drift, 1e-10);
  EXPECT_LT(momentum_drift, 1e-10);
}

// Spin about principal axis `axis` of I = diag(1, 2, 3) at 1 rad/s, the other two components 1e-3.
// Returns the smallest value of the spin component over 40 s.
double smallest_spin(int axis) {
  const RigidBody body(10.0, Vec3(1.0, 2.0, 3.0).asDiagonal());
  RigidBodyState state;
  state.angular_velocity = Vec3::Constant(1e-3);
  state.angular_velocity(axis) = 1.0;
  double smallest = 1.0;
  integrate(body, state, Wrench{}, 1e-3, 40.0,
            [&](const RigidBodyState& s) { smallest = std::min(smallest, s.angular_velocity(axis)); });
  return smallest;
}

TEST(RigidBody, SpinAboutTheIntermediateAxisFlipsTheOthersStay) {
  // intermediate axis: the perturbation grows as exp(t / sqrt(3)) and the spin reverses (Dzhanibekov)
  EXPECT_LT(smallest_spin(1), -0.99);
  // minor and major axes: stable, the spin stays within the perturbation's size
  EXPECT_GT(smallest_spin(0), 0.999);
  EXPECT_GT(smallest_spin(2), 0.999);
}

TEST(RigidBody, AxisymmetricBodyPrecessesAtTheBodyRate) {
  // I = diag(A, A, C): omega_3 constant, (omega_1 + i omega_2) turns at lambda = (C - A) / A omega_3
  const double a = 3.0, c = 5.0;
  const RigidBody body(1.0, Vec3(a, a, c).asDiagonal());
  RigidBodyState state;
  state.angular_velocity = Vec3(0.4, 0.1, 1.2);
  const double lambda = (c - a) / a * 1.2, duration = 10.0;
  integrate(body, state, Wrench{}, 1e-3, duration, [](const RigidBodyState&) {});
  const double turn = lambda * duration;
  const Vec3 expected(0.4 * std::cos(turn) - 0.1 * std::sin(turn), 0.4 * std::sin(turn) + 0.1 * std::cos(turn), 1.2);
  EXPECT_LT((state.angular_velocity - expected).norm(), 1e-10);
}

TEST(RigidBody, ConstantForceOnANonRotatingBodyGivesUniformAcceleration) {
  const RigidBody body = tilted_body();
  RigidBodyState state;
  state.velocity = Vec3(0.2, -0.1, 0.05);
  state.attitude = quaternion_from_rotation_vector(Vec3(0.0, 0.0, M_PI / 2));
  // body x is inertial y after the quarter turn about z
  const Wrench push{Vec3(500.0, 0.0, 0.0), Vec3::Zero()};
  integrate(body, state, push, 0.01, 4.0, [](const RigidBodyState&) {});
  const Vec3 acceleration(0.0, 0.1, 0.0);
  EXPECT_LT((state.velocity - (Vec3(0.2, -0.1, 0.05) + 4.0 * acceleration)).norm(), 1e-12);
  EXPECT_LT((state.position - (4.0 * Vec3(0.2, -0.1, 0.05) + 8.0 * acceleration)).norm(), 1e-12);
}

TEST(RigidBody, RejectsImpossibleMassProperties) {
  const Mat3 inertia = Vec3(1.0, 2.0, 2.5).asDiagonal();
  EXPECT_NE(error_message([&] { RigidBody(0.0, inertia); }).find("mass must be positive and finite, got 0 kg"),
            std::string::npos);
  EXPECT_NE(error_message([&] { RigidBody(-3.0, inertia); }).find("got -3 kg"), std::string::npos);
  EXPECT_NE(error_message([&] { RigidBody(NAN, inertia); }).find("mass must be positive"), std::string::npos);
  Mat3 asymmetric = inertia;
  asymmetric(0, 1) = 0.1;
  EXPECT_NE(error_message([&] { RigidBody(1.0, asymmetric); }).find("not symmetric"), std::string::npos);
  EXPECT_NE(error_message([&] { RigidBody(1.0, Vec3(1.0, -2.0, 2.5).asDiagonal()); }).find("not positive definite"),
            std::string::npos);
  EXPECT_NE(error_message([&] { RigidBody(1.0, Mat3::Zero()); }).find("not positive definite"), std::string::npos);
  const std::string triangle = error_message([&] { RigidBody(1.0, Vec3(1.0, 1.0, 3.0).asDiagonal()); });
  EXPECT_NE(triangle.find("violate the triangle inequality I1 + I2 >= I3"), std::string::npos) << triangle;
  Mat3 not_finite = inertia;
  not_finite(2, 2) = INFINITY;
  EXPECT_NE(error_message([&] { RigidBody(1.0, not_finite); }).find("non-finite"), std::string::npos);
  // a flat plate has I1 + I2 = I3 exactly, turned away from the body axes
  const Mat3 turn = Eigen::AngleAxisd(0.4, Vec3(1, 1, 0).normalized()).toRotationMatrix();
  EXPECT_EQ(error_message([&] { RigidBody(1.0, turn * Vec3(1.0, 2.0, 3.0).asDiagonal() * turn.transpose()); }),
            "no error");
}

}  // namespace
}  // namespace dyngen::spacecraft
