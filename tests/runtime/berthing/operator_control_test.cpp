// Resolved-rate control: the joint reference moves at rates that give the ring the commanded twist
// (port axes, or the ring's own axes), held over the step; the reference is held within the servos'
// saturation lead of a joint that does not follow (a payload stopped by contact).
#include "berthing/operator_control.hpp"

#include <gtest/gtest.h>

#include "station_arm_berthing.hpp"

namespace dyngen::berthing {
namespace {

struct Fixture {
  BerthingScenario s = testing::scenario("berthing_nominal.yaml");
  std::unique_ptr<BerthingSystem> system = testing::make_system(s);
  std::vector<double> q = s.initial_joint_angles.values;
  Twist command = (Twist() << 0.01, -0.002, 0.003, 0.001, -0.002, 0.0005).finished();
  OperatorInput input{std::vector<RateCommand>{{0.0, command}}};
};

Twist ring_twist(Fixture& f, const Eigen::VectorXd& qd) {
  Jacobian J;
  f.system->ring().jacobian(f.q.data(), J);
  return J * qd;
}

TEST(OperatorControl, TheReferenceMovesAtTheResolvedRates) {
  for (const CommandFrame frame : {CommandFrame::port, CommandFrame::payload}) {
    Fixture f;
    OperatorControl control(f.input, true, f.system->ring(), frame, f.system->port_to_base(), {50.0, 1.0},
                            f.system->servo(), f.q);
    control.begin_step(0.0, f.q.data());
    EXPECT_EQ(control.solution().damping, 0.0);
    Eigen::VectorXd q_ref(7), qd_ref(7);
    control.sample(0.004, q_ref.data(), qd_ref.data());
    const Mat3 to_base = frame == CommandFrame::port ? f.system->port_to_base()
                                                     : f.system->ring().motion(f.q.data(), std::vector<double>(7, 0.0).data()).rotation;
    Twist expected;
    expected << to_base * f.command.head<3>(), to_base * f.command.tail<3>();
    EXPECT_LT((ring_twist(f, qd_ref) - expected).norm(), 1e-12);
    for (int i = 0; i < 7; ++i) EXPECT_NEAR(q_ref[i], f.q[static_cast<std::size_t>(i)] + 0.004 * qd_ref[i], 1e-15);
  }
}

TEST(OperatorControl, AJointThatDoesNotFollowHoldsTheReferenceWithinTheSaturationLead) {
  Fixture f;
  OperatorControl control(f.input, true, f.system->ring(), CommandFrame::port, f.system->port_to_base(), {50.0, 1.0},
                          f.system->servo(), f.q);
  // the arm stays where it is (the payload against the port) for 10 s of 1 ms steps
  for (int k = 0; k < 10000; ++k) control.begin_step(k * 1e-3, f.q.data());
  Eigen::VectorXd q_ref(7), qd_ref(7);
  control.sample(10.0, q_ref.data(), qd_ref.data());
  double largest_torque_share = 0.0;
  for (int i = 0; i < 7; ++i) {
    const double lead = f.system->servo().saturation_lead(i);
    EXPECT_LE(std::abs(q_ref[i] - f.q[static_cast<std::size_t>(i)]), lead * (1 + 1e-9) + 1e-3 * std::abs(qd_ref[i])) << i;
    largest_torque_share = std::max(largest_torque_share, std::abs(q_ref[i] - f.q[static_cast<std::size_t>(i)]) / lead);
  }
  EXPECT_GT(largest_torque_share, 0.99);  // at least one joint at its drive's limit: the arm pushes
}

}  // namespace
}  // namespace dyngen::berthing
