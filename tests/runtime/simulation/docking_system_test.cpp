// The docking equations against laws they must obey, with the numeric mechanism (no kernels to
// compile): during contact, the rate of the energy (finite differences along y' = f(y)) equals the
// power of contact, dampers, drives, hysteresis and stops the right-hand side integrates; through a
// contact the total linear and angular momentum of both spacecraft and the mechanism is kept
// (every force is internal); the initial conditions put the reference point where the scenario says;
// initial_state() restarts a run from scratch; links carried at one pose of one body share their
// state, and a link carried elsewhere on that body keeps its own.
#include "simulation/docking_system.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "contact/geometry_file.hpp"
#include "generator/model/loader.hpp"
#include "integrators/rk4.hpp"
#include "mechanism/numeric_mechanism.hpp"
#include "simulation/initial_conditions.hpp"
#include "simulation/scenario_file.hpp"
#include "spacecraft/quaternion.hpp"

namespace dyngen::simulation {
namespace {

const std::string kScenarios = std::string(DYNGEN_SOURCE_DIR) + "/models/scenarios/";

DockingSystem make_system(const std::string& name, const std::vector<Override>& overrides) {
  const Scenario s = load_scenario(kScenarios + name + ".yaml", overrides);
  return DockingSystem(s, std::make_unique<mechanism::NumericMechanism>(load_model(s.model, s.model_parameters)),
                       contact::load_unit_geometry(s.geometry));
}

// Steps RK4 with the system's state machines advanced, until `done` or `t_max`.
template <class Done>
double advance(DockingSystem& system, Eigen::VectorXd& y, double h, double t_max, Done done) {
  integrators::Rk4 rk4([&](double t, const integrators::ConstVectorRef& s, integrators::VectorRef d) { system.rate(t, s, d); },
                       system.size());
  double t = 0.0;
  while (t < t_max && !done()) {
    rk4.step(t, h, y);
    t += h;
    system.accept(t, y, h);
  }
  return t;
}

struct Momentum {
  Vec3 linear = Vec3::Zero(), angular = Vec3::Zero();  // inertial axes, angular about the inertial origin
};

Momentum total_momentum(DockingSystem& system, const Eigen::VectorXd& y, const Scenario& s) {
  const Evaluation& e = system.evaluate(0.0, y);
  Momentum m;
  for (const auto& [body, mass, inertia] : {std::tuple(&e.active, s.active.mass, s.active.inertia),
                                            std::tuple(&e.passive, s.passive.mass, s.passive.inertia)}) {
    const Mat3 R = spacecraft::rotation_matrix(body->attitude);
    m.linear += mass * body->velocity;
    m.angular += body->position.cross(mass * body->velocity) + R * inertia * body->angular_velocity;
  }
  // the mechanism's, given in base axes about the base origin
  const spacecraft::PortMotion& P = e.active_port;
  double base[9] = {};
  Vec3::Map(base) = P.port_to_inertial.transpose() * P.angular_velocity;
  const Vec3 v0 = P.port_to_inertial.transpose() * P.velocity;
  const mechanism::Energy mech = system.mechanism_energy(e.q.data(), e.qd.data(), base, v0.data());
  const Vec3 p = P.port_to_inertial * Vec3(mech.momentum[0], mech.momentum[1], mech.momentum[2]);
  const Vec3 L = P.port_to_inertial * Vec3(mech.momentum[3], mech.momentum[4], mech.momentum[5]);
  m.linear += p;
  m.angular += L + P.position.cross(p);
  return m;
}

TEST(DockingSystem, EnergyRateEqualsThePowerItIntegratesDuringContact) {
  // the head lands on the cone a few tenths of a second after the start
  DockingSystem system = make_system("probe_cone_nominal", {{"initial.lateral_miss", "0.25"}});
  Eigen::VectorXd y = system.initial_state();
  const double t = advance(system, y, 1e-4, 1.0, [&] { return system.contacts().contacts.size() > 0; });
  ASSERT_LT(t, 1.0) << "no contact";
  advance(system, y, 1e-4, 0.003, [] { return false; });
  ASSERT_GT(system.contacts().contacts.size(), 0u);
  Eigen::VectorXd f(system.size());
  system.rate(t, y, f);
  const int w = system.work_offset();
  const double power = f.segment(w, 5).sum();
  ASSERT_GT(std::abs(f[w]), 1.0) << "the contact does no work";
  const auto E = [&](const Eigen::VectorXd& s) {
    const EnergyTerms e = system.energy(s);
    return e.kinetic + e.potential;
  };
  const double eps = 1e-6;
  const double rate = (E(y + eps * f) - E(y - eps * f)) / (2 * eps);
  EXPECT_NEAR(rate, power, 1e-6 * std::abs(power));
}

TEST(DockingSystem, ContactKeepsTheTotalMomentum) {
  const std::vector<Override> overrides = {{"initial.lateral_miss", "0.25"}, {"initial.angular_rate", "0.01"}};
  const Scenario s = load_scenario(kScenarios + "probe_cone_nominal.yaml", overrides);
  DockingSystem system = make_system("probe_cone_nominal", overrides);
  Eigen::VectorXd y = system.initial_state();
  const Momentum before = total_momentum(system, y, s);
  int contact_steps = 0;
  advance(system, y, 1e-4, 1.0, [&] {
    contact_steps += system.contacts().contacts.empty() ? 0 : 1;
    return contact_steps > 200;
  });
  ASSERT_GT(contact_steps, 200);
  const Momentum after = total_momentum(system, y, s);
  EXPECT_LE((after.linear - before.linear).norm(), 1e-9 * before.linear.norm());
  EXPECT_LE((after.angular - before.angular).norm(), 1e-9 * before.angular.norm());
}

TEST(DockingSystem, InitialStateRestartsEverythingARunLearnt) {
  // the coupling's Jacobian, the guesses and the state machines: a second run repeats the first
  DockingSystem system = make_system("probe_cone_nominal", {{"initial.lateral_miss", "0.25"}});
  const auto run = [&] {
    Eigen::VectorXd y = system.initial_state();
    int contact_steps = 0;
    advance(system, y, 1e-4, 1.0, [&] {
      contact_steps += system.contacts().contacts.empty() ? 0 : 1;
      return contact_steps > 100;
    });
    return y;
  };
  const Eigen::VectorXd first = run();
  const long iterations = system.coupling_iterations();
  ASSERT_GT(iterations, system.evaluations()) << "no evaluation iterated: nothing to learn";
  const Eigen::VectorXd second = run();
  EXPECT_EQ(system.coupling_iterations(), iterations);
  for (Eigen::Index i = 0; i < first.size(); ++i) EXPECT_EQ(first[i], second[i]) << "component " << i;
}

TEST(DockingSystem, InitialConditionsPutTheReferencePointWhereTheScenarioSays) {
  const std::vector<Override> overrides = {{"initial.lateral_miss", "0.07"},        {"initial.miss_direction", "1.1"},
                                           {"initial.angular_misalignment", "0.03"}, {"initial.misalignment_direction", "2.0"},
                                           {"initial.closing_velocity", "0.15"},     {"initial.lateral_velocity", "0.02"},
                                           {"initial.lateral_velocity_direction", "-0.5"}, {"initial.angular_rate", "0.004"},
                                           {"initial.angular_rate_direction", "0.3"}};
  DockingSystem system = make_system("probe_cone_nominal", overrides);
  const Eigen::VectorXd y = system.initial_state();
  const Evaluation& e = system.evaluate(0.0, y);
  const spacecraft::PortMotion &A = e.active_port, &P = e.passive_port;
  // the head's centre: the contact link "head" sits there (its frame origin), in PU
  const auto [head, head_rotation] = system.link_pose(0);
  EXPECT_LT((head - Vec3(-0.05, 0.07 * std::cos(1.1), 0.07 * std::sin(1.1))).norm(), 1e-12);
  // its velocity relative to PU
  EXPECT_LT((e.units.links[0].velocity - (0.15 * Vec3::UnitX() + 0.02 * lateral_direction(-0.5))).norm(), 1e-12);
  // the base turned from the aligned axes by the misalignment, the turn rate about its axis
  const Mat3 turn = P.port_to_inertial.transpose() * A.port_to_inertial * system.scenario().aligned_axes.transpose();
  const Eigen::AngleAxisd angle(turn);
  EXPECT_NEAR(angle.angle(), 0.03, 1e-12);
  EXPECT_LT((angle.axis() - lateral_direction(2.0)).norm(), 1e-9);
  EXPECT_LT((P.port_to_inertial.transpose() * A.angular_velocity - 0.004 * lateral_direction(0.3)).norm(), 1e-15);
  // the passive spacecraft at rest
  EXPECT_EQ(e.passive.velocity.norm(), 0.0);
}

TEST(DockingSystem, LinksCarriedAtOnePoseShareTheirStateAndOthersKeepTheirOwn) {
  const std::vector<Override> moving = {{"initial.angular_rate", "0.02"}, {"initial.angular_rate_direction", "0.7"},
                                        {"initial.lateral_velocity", "0.05"}};
  std::vector<Override> moved_rollers = moving;
  moved_rollers.push_back({"contact.links.2.position", "[0.01, -0.02, 0.09]"});
  for (const bool moved : {false, true}) {
    DockingSystem system = make_system("probe_cone_nominal", moved ? moved_rollers : moving);
    const int body = system.geometry().find_link("body"), rollers = system.geometry().find_link("rollers");
    const Evaluation& e = system.evaluate(0.0, system.initial_state());
    const contact::LinkState &b = e.units.links[static_cast<std::size_t>(body)],
                             &r = e.units.links[static_cast<std::size_t>(rollers)];
    ASSERT_GT(b.angular_velocity.norm(), 0.01);
    if (!moved) {
      EXPECT_EQ(r.position, b.position);
      EXPECT_EQ(r.rotation, b.rotation);
      EXPECT_EQ(r.velocity, b.velocity);
      EXPECT_EQ(r.angular_velocity, b.angular_velocity);
      continue;
    }
    // the rollers' origin 0.01, -0.02, 0.03 from the body link's in the probe frame, axes the same:
    // in PU A^T R_c^T d (x_link = R_c^T (x_probe - p), x_PU = position + A^T x_link)
    const Mat3& R_c = system.carriers()[static_cast<std::size_t>(rollers)].rotation;
    const Vec3 offset = b.rotation.transpose() * (R_c.transpose() * Vec3(0.01, -0.02, 0.03));
    EXPECT_LT((r.position - (b.position + offset)).norm(), 1e-14);
    EXPECT_LT((r.rotation - b.rotation).norm(), 1e-15);
    EXPECT_LT((r.velocity - (b.velocity + b.angular_velocity.cross(offset))).norm(), 1e-14);
    EXPECT_LT((r.angular_velocity - b.angular_velocity).norm(), 1e-15);
    EXPECT_GT((r.velocity - b.velocity).norm(), 1e-4);
  }
}

}  // namespace
}  // namespace dyngen::simulation
