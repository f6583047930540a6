// Elastic modes at a port: the participation matrix both ways (virtual work), the static deflection
// a constant port load settles to, the energy balance over many exact steps, rejected models.
#include "spacecraft/elastic_modes.hpp"

#include "error_message.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace dyngen::spacecraft {
namespace {

using test::error_message;

// Three modes of a port 4 m from the CoM: an axial one, a lateral bending one, a torsional one.
ElasticModes three_modes(double damping) {
  Participation phi(6, 3);
  phi.col(0) << 0.012, 0.0, 0.0, 0.0, 0.0, 0.0;
  phi.col(1) << 0.0, 0.010, 0.001, 0.0, -0.002, 0.004;
  phi.col(2) << 0.0005, 0.0, 0.0, 0.006, 0.0, 0.0;
  return ElasticModes(Eigen::Vector3d(12.0, 5.0, 30.0), Eigen::Vector3d::Constant(damping), phi);
}

TEST(ElasticModes, ParticipationMapsLoadsAndMotionsByVirtualWork) {
  const ElasticModes modes = three_modes(0.02);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int k = 0; k < 100; ++k) {
    const Wrench w{Vec3(u(rng), u(rng), u(rng)) * 1e3, Vec3(u(rng), u(rng), u(rng)) * 1e2};
    const ModalState state{Eigen::Vector3d(u(rng), u(rng), u(rng)), Eigen::Vector3d(u(rng), u(rng), u(rng))};
    const Eigen::VectorXd f = modes.modal_forces(w);
    const PortDeflection d = modes.deflection(state, modes.accelerations(state, f));
    // f . eta' = F . v^f + M . omega^f
    EXPECT_NEAR(f.dot(state.rates), w.force.dot(d.velocity) + w.moment.dot(d.angular_velocity), 1e-10);
    // the same map for coordinates: f . eta = F . d + M . theta
    EXPECT_NEAR(f.dot(state.coordinates), w.force.dot(d.displacement) + w.moment.dot(d.rotation), 1e-10);
  }
  // by hand: eta = (2, 0, 0) gives d = 2 Phi_0 = (0.024, 0, 0); eta'' = (0, 0, 1) gives the torsional column
  const PortDeflection d = modes.deflection({Eigen::Vector3d(2.0, 0.0, 0.0), Eigen::Vector3d::Zero()},
                                            Eigen::Vector3d(0.0, 0.0, 1.0));
  EXPECT_LT((d.displacement - Vec3(0.024, 0.0, 0.0)).norm(), 1e-16);
  EXPECT_LT((d.acceleration - Vec3(0.0005, 0.0, 0.0)).norm(), 1e-16);
  EXPECT_LT((d.angular_acceleration - Vec3(0.006, 0.0, 0.0)).norm(), 1e-16);
}

TEST(ElasticModes, ConstantPortLoadSettlesToTheStaticDeflection) {
  // damped modes under a held load end at eta_k = f_k / omega_k^2
  const ElasticModes modes = three_modes(0.3);
  const Wrench load{Vec3(2000.0, -500.0, 300.0), Vec3(40.0, 80.0, -60.0)};
  const Eigen::VectorXd f = modes.modal_forces(load);
  ModalState state = modes.rest();
  for (int i = 0; i < 20000; ++i) state = modes.step(state, f, 1e-3);
  const Eigen::Vector3d stiffness(144.0, 25.0, 900.0);
  EXPECT_LT((state.coordinates - f.cwiseQuotient(stiffness)).norm(), 1e-12 * f.norm());
  EXPECT_LT(state.rates.norm(), 1e-12 * f.norm());
  EXPECT_LT(modes.accelerations(state, f).norm(), 1e-10 * f.norm());
}

TEST(ElasticModes, UndampedModesStoreExactlyTheWorkOfTheLoad) {
  // a load changing every step, held over each: E_end - E_start = sum f . (eta_after - eta_before)
  const ElasticModes modes = three_modes(0.0);
  ModalState state = modes.rest();
  double work = 0.0;
  for (int i = 0; i < 5000; ++i) {
    const double t = i * 2e-3;
    const Wrench load{Vec3(800.0 * std::sin(3.0 * t), 300.0 * std::cos(7.0 * t), 0.0), Vec3(0.0, 0.0, 50.0 * t)};
    const Eigen::VectorXd f = modes.modal_forces(load);
    const ModalState next = modes.step(state, f, 2e-3);
    work += f.dot(next.coordinates - state.coordinates);
    state = next;
  }
  EXPECT_NEAR(modes.energy(state), work, 1e-12 * std::abs(work));
}

TEST(ElasticModes, NoModesIsARigidPort) {
  const ElasticModes rigid;
  EXPECT_EQ(rigid.count(), 0);
  const PortDeflection d = rigid.deflection(rigid.rest(), Eigen::VectorXd());
  EXPECT_EQ(d.displacement.norm() + d.rotation.norm() + d.velocity.norm() + d.acceleration.norm(), 0.0);
  EXPECT_EQ(rigid.modal_forces({Vec3(1, 2, 3), Vec3(4, 5, 6)}).size(), 0);
}

TEST(ElasticModes, RejectsInvalidModels) {
  Participation phi = Participation::Zero(6, 2);
  const std::string zero = error_message([&] { ElasticModes(Eigen::Vector2d(3.0, 0.0), Eigen::Vector2d(0.1, 0.1), phi); });
  EXPECT_NE(zero.find("elastic mode 1: damped oscillator: natural frequency must be positive"), std::string::npos)
      << zero;
  const std::string damping = error_message([&] { ElasticModes(Eigen::Vector2d(3.0, 4.0), Eigen::Vector2d(-0.2, 0.1), phi); });
  EXPECT_NE(damping.find("elastic mode 0: damped oscillator: damping ratio must be non-negative"), std::string::npos)
      << damping;
  const std::string sizes = error_message([&] { ElasticModes(Eigen::Vector3d(3.0, 4.0, 5.0), Eigen::Vector2d(0.1, 0.1), phi); });
  EXPECT_NE(sizes.find("3 frequencies and 2 damping ratios for a participation matrix of 2 columns"), std::string::npos)
      << sizes;
  phi(4, 1) = NAN;
  EXPECT_NE(error_message([&] { ElasticModes(Eigen::Vector2d(3.0, 4.0), Eigen::Vector2d(0.1, 0.1), phi); })
                .find("participation matrix has a non-finite entry"),
            std::string::npos);
  const ElasticModes modes = three_modes(0.1);
  const std::string state = error_message([&] { modes.step(modes.rest(), Eigen::Vector2d(1.0, 2.0), 1e-3); });
  EXPECT_NE(state.find("modal forces has 2 entries for 3 modes"), std::string::npos) << state;
}

}  // namespace
}  // namespace dyngen::spacecraft
