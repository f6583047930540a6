// The berthing system's equations: at states in contact, the total momentum of station, arm and
// payload does not change (central differences of the momentum along y' = f(y): the contact and the
// base wrench are internal) and the energy changes by the power of the joint torques and the contact
// forces only; the generated kernels and the numeric algorithms give the same rates; over a run in
// contact the balances hold to the integration error; a scenario that does not fit the mechanism or
// the geometry is refused at the field that does not fit.
#include "berthing/berthing_system.hpp"

#include <gtest/gtest.h>

#include <cstdio>

#include "berthing/berthing_control.hpp"
#include "integrators/rk4.hpp"
#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

using testing::make_system;
using testing::scenario;

// The nominal scenario with the payload pressed `depth` into the port (ring frame at x = depth in PU,
// `lateral` off its axis), the joint reference holding it there: a state in contact.
struct Pressed {
  BerthingScenario s = scenario("berthing_nominal.yaml");
  std::unique_ptr<BerthingSystem> system;
  std::vector<double> q;
  std::unique_ptr<JointPath> hold;
  Eigen::VectorXd y;

  Pressed(double depth, double lateral, std::unique_ptr<mechanism::Mechanism> arm = testing::generated_arm()) {
    s.coupling_tolerance = 1e-13;  // the equations solved, not the default's real-time trade
    s.initial_payload->pose = {Vec3(depth, lateral, 0.0), Eigen::AngleAxisd(0.002, Vec3::UnitY()).toRotationMatrix()};
    system = make_system(s, std::move(arm));
    q = initial_configuration(s, *system);
    hold = std::make_unique<JointPath>(std::vector<double>{0.0}, std::vector<std::vector<double>>{q});
    system->set_reference(hold.get());
    y = system->initial_state(q);
    // moving: the joints and the station turning
    for (int i = 0; i < 7; ++i) y[13 + 7 + i] = 1e-3 * (i - 3);
    y.segment<3>(10) << 1e-5, -2e-5, 3e-5;
    y.segment<3>(3) << 1e-3, 0.0, -2e-3;
  }
};

TEST(BerthingSystem, MomentumIsKeptAndEnergyChangesByTheWorkInContact) {
  Pressed p(0.001, 0.004);
  Eigen::VectorXd f(p.system->size());
  p.system->rate(0.0, p.y, f);
  ASSERT_GE(p.system->contacts().contacts.size(), 2u);
  EXPECT_GT(p.system->last().port_wrench.force.norm(), 1000.0);
  const double eps = 1e-6;
  const BerthingEnergy plus = p.system->energy(p.y + eps * f), minus = p.system->energy(p.y - eps * f);
  const Vec3 dp = (plus.linear_momentum - minus.linear_momentum) / (2 * eps);
  const Vec3 dH = (plus.angular_momentum - minus.angular_momentum) / (2 * eps);
  // against the contact force (N) and its moment about the inertial origin (N m)
  const double force = p.system->last().port_wrench.force.norm();
  EXPECT_LT(dp.norm(), 1e-7 * force) << dp.transpose();
  EXPECT_LT(dH.norm(), 1e-7 * force * 20.0) << dH.transpose();
  const double power = f[13 + 14] + f[13 + 15];  // torque and contact power
  EXPECT_NEAR((plus.kinetic - minus.kinetic) / (2 * eps), power, 1e-7 * std::abs(p.system->last().contact_power) + 1e-9);
}

TEST(BerthingSystem, GeneratedKernelsAndNumericAlgorithmsGiveTheSameRates) {
  Pressed generated(0.001, 0.004);
  Pressed numeric(0.001, 0.004, testing::numeric_arm(scenario("berthing_nominal.yaml").model));
  Eigen::VectorXd a(generated.system->size()), b(a.size());
  generated.system->rate(0.0, generated.y, a);
  numeric.system->rate(0.0, numeric.y, b);
  EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-9 * a.cwiseAbs().maxCoeff());
}

TEST(BerthingSystem, ARunInContactKeepsMomentumAndEnergyToTheIntegrationError) {
  Pressed p(0.0005, 0.004);
  integrators::Rk4 rk4([&](double t, const integrators::ConstVectorRef& y, integrators::VectorRef d) { p.system->rate(t, y, d); },
                       p.system->size());
  Eigen::VectorXd f(p.system->size());
  p.system->rate(0.0, p.y, f);
  const BerthingEnergy e0 = p.system->energy(p.y);
  double t = 0.0, contact_work = 0.0, worst = 0.0, drift = 0.0, angular_drift = 0.0;
  for (int k = 0; k < 2000; ++k) {  // 2 s: the payload bounces on the port and the servos hold it
    rk4.step(t, 1e-3, p.y);
    t += 1e-3;
    p.system->end_step(t, p.y, 1e-3);
    const BerthingEnergy e = p.system->energy(p.y);
    worst = std::max(worst, std::abs(e.kinetic - e0.kinetic - e.torque_work - e.contact_work));
    contact_work = std::max(contact_work, std::abs(e.contact_work));
    drift = std::max(drift, (e.linear_momentum - e0.linear_momentum).norm());
    angular_drift = std::max(angular_drift, (e.angular_momentum - e0.angular_momentum).norm());
  }
  std::printf("contact work %.3g J, energy balance %.3g J, momentum drift %.3g N s of %.3g, angular %.3g N m s of %.3g\n",
              contact_work, worst, drift, e0.linear_momentum.norm(), angular_drift, e0.angular_momentum.norm());
  EXPECT_GT(contact_work, 0.01);
  EXPECT_LT(worst, 1e-6 * std::max(contact_work, 1.0));
  EXPECT_LT(drift, 1e-10 * e0.linear_momentum.norm());
  EXPECT_LT(angular_drift, 1e-10 * e0.angular_momentum.norm());
  EXPECT_GT(p.system->peak_contact_force(), 1000.0);
}

std::string refusal(const BerthingScenario& s, std::unique_ptr<mechanism::Mechanism> arm, const std::string& geometry) {
  try {
    BerthingSystem system(s, std::move(arm), contact::load_unit_geometry(geometry));
  } catch (const simulation::ScenarioError& e) {
    return e.what();
  }
  ADD_FAILURE() << "accepted";
  return {};
}

TEST(BerthingSystem, RefusesAScenarioThatDoesNotFitTheMechanismOrTheGeometry) {
  const BerthingScenario s = scenario("berthing_nominal.yaml");
  const std::string ring = s.geometry, units = std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/";
  BerthingScenario other = s;
  other.ring_body = "payload";
  EXPECT_EQ(refusal(other, testing::generated_arm(), ring),
            s.ring_body_where + ": contact ring, field 'body': expected a body of 'station_arm' that takes an external "
                                "wrench (wrist_roll), got 'payload'");
  other = s;
  other.servo.damping.values.pop_back();
  EXPECT_EQ(refusal(other, testing::generated_arm(), ring),
            s.servo.damping.where + ": servo damping: expected 7 values, one per joint (shoulder_roll, shoulder_yaw, "
                                    "upper_boom, lower_boom, wrist_pitch, wrist_yaw, wrist_roll), got 6");
  EXPECT_NE(refusal(s, testing::generated_arm(), units + "probe_cone.yaml").find("expected one buffer link (the payload's ring), got 3"),
            std::string::npos);
  EXPECT_NE(refusal(s, testing::numeric_arm(std::string(DYNGEN_SOURCE_DIR) + "/models/puma560.yaml"), ring)
                .find("expected a model with `base: {motion: moving}`"),
            std::string::npos);
}

}  // namespace
}  // namespace dyngen::berthing
