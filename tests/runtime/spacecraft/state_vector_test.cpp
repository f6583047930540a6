// The flat state of two spacecraft: layout, packing, renormalisation; and two spacecraft exchanging
// equal and opposite wrenches through their ports (rigid, and with frozen elastic deflections
// stepped between steps) keep total linear and angular momentum, and energy when the exchange is a
// spring between the port origins.
#include "spacecraft/elastic_modes.hpp"
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

Mat3 turn(double angle, const Vec3& axis) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

RigidBodyState sample_state(double seed) {
  RigidBodyState s;
  s.position = Vec3(1.0, 2.0, 3.0) * seed;
  s.velocity = Vec3(-0.1, 0.2, 0.3) * seed;
  s.attitude = quaternion_from_rotation_vector(Vec3(0.1, -0.2, 0.3) * seed);
  s.angular_velocity = Vec3(0.01, 0.02, -0.03) * seed;
  return s;
}

TEST(StateVector, PacksEachBodyInThirteenEntries) {
  const Eigen::VectorXd x = pack_states({sample_state(1.0), sample_state(2.0)});
  ASSERT_EQ(x.size(), 26);
  EXPECT_EQ(x.segment<3>(13 + position_offset), Vec3(2.0, 4.0, 6.0));
  EXPECT_EQ(x.segment<4>(13 + attitude_offset), sample_state(2.0).attitude);
  EXPECT_EQ(x.segment<3>(13 + angular_velocity_offset), Vec3(0.02, 0.04, -0.06));
  const std::vector<RigidBodyState> back = unpack_states(x);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(pack_states(back), x);
  const RigidBody body(100.0, Vec3(10.0, 20.0, 25.0).asDiagonal());
  const Wrench w{Vec3(1, 2, 3), Vec3(0.1, 0.2, 0.3)};
  const Eigen::VectorXd rate = state_derivative({body, body}, x, {Wrench{}, w});
  EXPECT_EQ(rate.segment<13>(13), pack_rates({rigid_body_rate(body, back[1], w)}));
  EXPECT_EQ(rate.segment<3>(position_offset), back[0].velocity);
}

TEST(StateVector, RenormalisesEveryAttitude) {
  Eigen::VectorXd x = pack_states({sample_state(1.0), sample_state(2.0)});
  x.segment<4>(attitude_offset) *= 1.001;
  x.segment<4>(13 + attitude_offset) *= 0.98;
  renormalize_attitudes(x);
  EXPECT_NEAR(x.segment<4>(attitude_offset).norm(), 1.0, 1e-15);
  EXPECT_NEAR(x.segment<4>(13 + attitude_offset).norm(), 1.0, 1e-15);
  EXPECT_LT((x.segment<4>(13 + attitude_offset) - sample_state(2.0).attitude).norm(), 1e-15);
}

TEST(StateVector, RejectsMismatchedSizes) {
  const RigidBody body(100.0, Vec3(10.0, 20.0, 25.0).asDiagonal());
  const std::string partial = test::error_message([] { unpack_states(Eigen::VectorXd::Zero(20)); });
  EXPECT_NE(partial.find("size 20 is not a whole number of 13-entry bodies"), std::string::npos) << partial;
  const Eigen::VectorXd x = pack_states({sample_state(1.0), sample_state(2.0)});
  const std::string count = test::error_message([&] { state_derivative({body, body}, x, {Wrench{}}); });
  EXPECT_NE(count.find("2 bodies, 2 body states, 1 wrenches"), std::string::npos) << count;
}

// The active spacecraft (with the mechanism's port) and the passive one, facing each other.
struct Pair {
  std::vector<RigidBody> bodies{
      RigidBody(7000.0, turn(0.3, Vec3(1, 0, 1)) * Vec3(9000.0, 14000.0, 16000.0).asDiagonal() *
                            turn(0.3, Vec3(1, 0, 1)).transpose()),
      RigidBody(20000.0, Vec3(60000.0, 90000.0, 110000.0).asDiagonal())};
  std::vector<Port> ports{Port(Vec3(3.2, 0.1, -0.2), Mat3::Identity()),
                          Port(Vec3(-5.0, 0.3, 0.2), turn(M_PI, Vec3::UnitZ()))};
  std::vector<ElasticModes> modes;
  std::vector<ModalState> modal;

  Pair() {
    Participation active(6, 2), passive(6, 1);
    active.col(0) << 0.01, 0.0, 0.002, 0.0, 0.003, 0.0;
    active.col(1) << 0.0, 0.008, 0.0, -0.002, 0.0, 0.004;
    passive.col(0) << 0.006, 0.001, 0.0, 0.0, 0.0, 0.002;
    modes = {ElasticModes(Eigen::Vector2d(8.0, 14.0), Eigen::Vector2d(0.02, 0.05), active),
             ElasticModes(Eigen::VectorXd::Constant(1, 11.0), Eigen::VectorXd::Constant(1, 0.03), passive)};
    modal = {modes[0].rest(), modes[1].rest()};
  }

  Eigen::VectorXd start() const {
    RigidBodyState active, passive;
    active.velocity = Vec3(0.15, 0.02, -0.01);
    active.attitude = quaternion_from_rotation_vector(Vec3(0.0, 0.02, 0.03));
    active.angular_velocity = Vec3(0.01, -0.02, 0.015);
    passive.position = Vec3(8.5, 0.05, -0.1);
    passive.velocity = Vec3(-0.02, 0.0, 0.01);
    passive.attitude = quaternion_from_rotation_vector(Vec3(0.01, -0.01, 0.0));
    passive.angular_velocity = Vec3(-0.005, 0.003, 0.002);
    return pack_states({active, passive});
  }
};

// What one body exerts on the other: force on the passive body and the point where it acts (the
// active body gets -force there), a couple on the passive body (the active one gets its opposite),
// all in inertial axes.
struct Exchange {
  Vec3 force_on_passive = Vec3::Zero();
  Vec3 point = Vec3::Zero();
  Vec3 couple_on_passive = Vec3::Zero();
};
using Law = std::function<Exchange(const PortMotion& active, const PortMotion& passive)>;

// Each body's share of the exchange as a port wrench (port axes, about the port origin), moved to its CoM.
std::vector<Wrench> wrenches_at_com(const Pair& pair, const std::vector<PortDeflection>& deflections,
                                    const std::vector<RigidBodyState>& states, const Law& law,
                                    std::vector<Wrench>* at_ports = nullptr) {
  std::vector<PortMotion> motions;
  for (int b = 0; b < 2; ++b) motions.push_back(port_motion(pair.ports[b], states[b], deflections[b]));
  const Exchange e = law(motions[0], motions[1]);
  std::vector<Wrench> at_com;
  for (int b = 0; b < 2; ++b) {
    const double sign = b == 1 ? 1.0 : -1.0;
    const Mat3 to_port = motions[b].port_to_inertial.transpose();
    const Vec3 force = sign * e.force_on_passive;
    const Wrench at_port{to_port * force,
                         to_port * ((e.point - motions[b].position).cross(force) + sign * e.couple_on_passive)};
    if (at_ports) at_ports->push_back(at_port);
    at_com.push_back(wrench_at_com(pair.ports[b], at_port, deflections[b]));
  }
  return at_com;
}

struct Totals {
  Vec3 linear = Vec3::Zero(), angular = Vec3::Zero();
  double kinetic = 0.0;
};

Totals totals(const Pair& pair, const Eigen::VectorXd& x) {
  const std::vector<RigidBodyState> s = unpack_states(x);
  Totals t;
  for (int b = 0; b < 2; ++b) {
    t.linear += linear_momentum(pair.bodies[b], s[b]);
    t.angular += angular_momentum(pair.bodies[b], s[b]);
    t.kinetic += kinetic_energy(pair.bodies[b], s[b]);
  }
  return t;
}

struct Drift {
  // largest relative changes: total momenta and energy, and the active spacecraft's own momentum
  double linear = 0.0, angular = 0.0, energy = 0.0, exchanged = 0.0;
};

// RK4 for `duration` at step h. The port deflections are frozen over each step; with `elastic`, the
// modes are stepped after it under the modal forces of the step's start. `potential` adds to the
// kinetic energy for the energy drift.
Drift run(Pair& pair, const Law& law, bool elastic, const std::function<double(const Eigen::VectorXd&)>& potential) {
  const double h = 1e-3, duration = 10.0;
  Eigen::VectorXd x = pair.start();
  const Totals initial = totals(pair, x);
  const double energy = initial.kinetic + potential(x);
  const Vec3 active_start = linear_momentum(pair.bodies[0], unpack_states(x)[0]);
  const double scale_linear = active_start.norm(), scale_angular = initial.angular.norm();
  Drift drift;
  for (int i = 0; i < static_cast<int>(duration / h); ++i) {
    std::vector<PortDeflection> deflections;
    for (int b = 0; b < 2; ++b) {
      const Eigen::VectorXd resting = Eigen::VectorXd::Zero(pair.modes[b].count());
      deflections.push_back(pair.modes[b].deflection(pair.modal[b], resting));
    }
    const auto f = [&](double, const Eigen::VectorXd& y) {
      return state_derivative(pair.bodies, y, wrenches_at_com(pair, deflections, unpack_states(y), law));
    };
    std::vector<Wrench> at_ports;
    wrenches_at_com(pair, deflections, unpack_states(x), law, &at_ports);
    x = test::rk4_step(f, i * h, x, h);
    renormalize_attitudes(x);
    if (elastic) {
      for (int b = 0; b < 2; ++b) {
        const Wrench in_body = port_wrench_in_body_axes(pair.ports[b], at_ports[b], deflections[b]);
        pair.modal[b] = pair.modes[b].step(pair.modal[b], pair.modes[b].modal_forces(in_body), h);
      }
    }
    const Totals now = totals(pair, x);
    drift.linear = std::max(drift.linear, (now.linear - initial.linear).norm() / scale_linear);
    drift.angular = std::max(drift.angular, (now.angular - initial.angular).norm() / scale_angular);
    drift.energy = std::max(drift.energy, std::abs(now.kinetic + potential(x) - energy) / energy);
    drift.exchanged = std::max(
        drift.exchanged, (linear_momentum(pair.bodies[0], unpack_states(x)[0]) - active_start).norm() / scale_linear);
  }
  return drift;
}

TEST(TwoSpacecraft, SpringBetweenThePortsKeepsMomentaAndEnergy) {
  Pair pair;
  const double k = 2e4;
  // equal and opposite forces along the line of the port origins: such a force has the same moment
  // and the same power at either origin, so both shares may act at the passive one
  const Law spring = [&](const PortMotion& active, const PortMotion& passive) {
    return Exchange{-k * (passive.position - active.position), passive.position, Vec3::Zero()};
  };
  const auto potential = [&](const Eigen::VectorXd& x) {
    const std::vector<RigidBodyState> s = unpack_states(x);
    const Vec3 gap = port_motion(pair.ports[1], s[1], {}).position - port_motion(pair.ports[0], s[0], {}).position;
    return 0.5 * k * gap.squaredNorm();
  };
  const Drift drift = run(pair, spring, false, potential);
  EXPECT_LT(drift.linear, 1e-12);
  EXPECT_LT(drift.angular, 1e-10);
  EXPECT_LT(drift.energy, 1e-10);
  EXPECT_GT(drift.exchanged, 0.5);
}

TEST(TwoSpacecraft, DampedContactAndCouplesKeepMomentaWithElasticPorts) {
  Pair pair;
  // spring-damper force at the midpoint of the port origins, and a damping couple on the relative spin
  const Law contact = [](const PortMotion& active, const PortMotion& passive) {
    Exchange e;
    e.force_on_passive = -3e4 * (passive.position - active.position) - 2e3 * (passive.velocity - active.velocity);
    e.point = 0.5 * (passive.position + active.position);
    e.couple_on_passive = -5e3 * (passive.angular_velocity - active.angular_velocity);
    return e;
  };
  const Drift drift = run(pair, contact, true, [](const Eigen::VectorXd&) { return 0.0; });
  EXPECT_LT(drift.linear, 1e-12);
  EXPECT_LT(drift.angular, 1e-10);
  EXPECT_GT(drift.exchanged, 0.5);
  double modal_energy = 0.0;
  for (int b = 0; b < 2; ++b) modal_energy += pair.modes[b].energy(pair.modal[b]);
  EXPECT_GT(modal_energy, 0.0);
}

}  // namespace
}  // namespace dyngen::spacecraft
