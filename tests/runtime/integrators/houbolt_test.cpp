// Houbolt: observed order 2 on a forced damped oscillator (linear: one solve per step), a
// large-amplitude pendulum (Newton) and a stiff system on its slow manifold; stiff modes damped at
// steps far above their period; the steps satisfy the seed's eq. (12); linear and Newton paths,
// analytic and finite-difference force Jacobians agree; exact for a constant force.
#include "integrators/houbolt.hpp"

#include "test_problems.hpp"

#include <gtest/gtest.h>

namespace dyngen::integrators {
namespace {

using testing::errors_for_halved_steps;
using testing::expect_order;

const Force no_force = [](double, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) { force.setZero(); };

SecondOrderSystem forced_oscillator_system(const testing::ForcedOscillator& oscillator) {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(1, 1);
  system.damping = Matrix::Constant(1, 1, oscillator.damping());
  system.stiffness = Matrix::Constant(1, 1, oscillator.stiffness());
  system.force = [oscillator](double t, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) {
    force[0] = oscillator.force(t);
  };
  system.force_depends_on_state = false;
  return system;
}

// theta'' = -w0^2 sin theta as M = 1, C = K = 0, F = -w0^2 sin x
SecondOrderSystem pendulum_system(const testing::Pendulum& pendulum, bool analytic_jacobian) {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(1, 1);
  system.damping = Matrix::Zero(1, 1);
  system.stiffness = Matrix::Zero(1, 1);
  const double w2 = pendulum.omega * pendulum.omega;
  system.force = [w2](double, const ConstVectorRef& x, const ConstVectorRef&, VectorRef force) {
    force[0] = -w2 * std::sin(x[0]);
  };
  if (analytic_jacobian) {
    system.force_jacobian = [w2](double, const ConstVectorRef& x, const ConstVectorRef&, MatrixRef dforce_dx,
                                 MatrixRef dforce_dv) {
      dforce_dx(0, 0) = -w2 * std::cos(x[0]);
      dforce_dv(0, 0) = 0.0;
    };
  }
  return system;
}

SecondOrderSystem stiff_system(const testing::StiffModalSystem& modal, bool force_depends_on_state) {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(2, 2);
  system.damping = modal.damping();
  system.stiffness = modal.stiffness();
  system.force = no_force;
  system.force_depends_on_state = force_depends_on_state;
  return system;
}

std::function<std::unique_ptr<Stepper>()> houbolt_of(const SecondOrderSystem& system) {
  return [=] { return std::make_unique<Houbolt>(system); };
}

TEST(Houbolt, SecondOrderOnForcedDampedOscillator) {
  const testing::ForcedOscillator oscillator;
  const double t1 = 10.0;
  expect_order(errors_for_halved_steps(houbolt_of(forced_oscillator_system(oscillator)), oscillator.initial(), t1,
                                       oscillator.exact(t1), 160),
               2.0);
}

TEST(Houbolt, SecondOrderOnNonlinearPendulum) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  expect_order(errors_for_halved_steps(houbolt_of(pendulum_system(pendulum, false)), pendulum.initial(),
                                       pendulum.period() / 4, quarter, 40),
               2.0);
}

TEST(Houbolt, SecondOrderOnStiffSystemOnItsSlowManifold) {
  // h = 0.05 .. 0.00625 against the fast rate 1000.
  const testing::StiffModalSystem modal = testing::StiffModalSystem().without_fast_transient();
  const double t1 = 2.0;
  expect_order(
      errors_for_halved_steps(houbolt_of(stiff_system(modal, false)), modal.initial(), t1, modal.exact(t1), 40), 2.0);
}

TEST(Houbolt, StiffModesAreDampedAtStepsFarAboveTheirPeriod) {
  // Undamped modes w = 1 and w = 1e4, step 0.01: h w = 100 for the stiff one.
  SecondOrderSystem system;
  system.mass = Matrix::Identity(2, 2);
  system.damping = Matrix::Zero(2, 2);
  system.stiffness = Eigen::Vector2d(1.0, 1e8).asDiagonal();
  system.force = no_force;
  system.force_depends_on_state = false;
  Houbolt houbolt(system);
  Vector y{{1.0, 1e-3, 0.0, 0.0}};
  integrate(houbolt, 0.0, 1.0, 0.01, y);
  EXPECT_LT(std::abs(y[1]), 1e-9);
  EXPECT_NEAR(y[0], std::cos(1.0), 1e-3);
  EXPECT_NEAR(y[2], -std::sin(1.0), 1e-3);
}

TEST(Houbolt, StepsSatisfyEquation12OfTheSeed) {
  // A coupled, damped, forced 2-DOF system; from the fourth state on, the positions x_k and the
  // velocities the method returns must satisfy M x''_k + C x'_k + K x_k = F(t_k) with eq. (12).
  const Matrix m{{2.0, 0.3}, {0.3, 1.0}}, c{{0.4, -0.1}, {-0.1, 0.2}}, k{{30.0, -10.0}, {-10.0, 20.0}};
  const auto f = [](double t) { return Eigen::Vector2d(std::sin(3 * t), 0.5 * std::cos(t)); };
  SecondOrderSystem system;
  system.mass = m;
  system.damping = c;
  system.stiffness = k;
  system.force = [&](double t, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) { force = f(t); };
  system.force_depends_on_state = false;
  Houbolt houbolt(system);
  const double h = 0.02;
  std::vector<Vector> states{Vector{{0.1, -0.2, 0.0, 0.3}}};
  Vector y = states.front();
  for (int n = 0; n < 30; ++n) {
    houbolt.step(n * h, h, y);
    states.push_back(y);
  }
  for (std::size_t n = 3; n < states.size(); ++n) {
    const auto x = [&](std::size_t back) { return Eigen::Vector2d(states[n - back].head(2)); };
    const Eigen::Vector2d velocity = (11 * x(0) - 18 * x(1) + 9 * x(2) - 2 * x(3)) / (6 * h);
    const Eigen::Vector2d acceleration = (2 * x(0) - 5 * x(1) + 4 * x(2) - x(3)) / (h * h);
    const Eigen::Vector2d residual = m * acceleration + c * velocity + k * x(0) - f(n * h);
    EXPECT_LT(residual.lpNorm<Eigen::Infinity>(), 1e-9) << "step " << n;
    EXPECT_LT((states[n].tail(2) - velocity).lpNorm<Eigen::Infinity>(), 1e-12) << "step " << n;
  }
}

TEST(Houbolt, LinearAndNewtonPathsAgree) {
  const testing::StiffModalSystem modal;
  Houbolt linear(stiff_system(modal, false));
  Houbolt newton(stiff_system(modal, true));
  Vector y_linear = modal.initial(), y_newton = modal.initial();
  integrate(linear, 0.0, 1.0, 0.01, y_linear);
  integrate(newton, 0.0, 1.0, 0.01, y_newton);
  EXPECT_LT((y_linear - y_newton).lpNorm<Eigen::Infinity>(), 1e-10);
}

TEST(Houbolt, AnalyticAndFiniteDifferenceForceJacobiansAgree) {
  const testing::Pendulum pendulum;
  Houbolt finite_differences(pendulum_system(pendulum, false));
  Houbolt analytic(pendulum_system(pendulum, true));
  Vector y_fd = pendulum.initial(), y_analytic = pendulum.initial();
  integrate(finite_differences, 0.0, 3.0, 0.01, y_fd);
  integrate(analytic, 0.0, 3.0, 0.01, y_analytic);
  EXPECT_LT((y_fd - y_analytic).lpNorm<Eigen::Infinity>(), 1e-9);
}

TEST(Houbolt, ExactForConstantForce) {
  // x'' = -g: quadratic in t, which the starter (order 2) and eq. (12) reproduce exactly.
  const double g = 9.81;
  SecondOrderSystem system;
  system.mass = Matrix::Identity(1, 1);
  system.damping = Matrix::Zero(1, 1);
  system.stiffness = Matrix::Zero(1, 1);
  system.force = [g](double, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) { force[0] = -g; };
  Houbolt houbolt(system);
  Vector y{{10.0, 2.0}};
  integrate(houbolt, 0.0, 1.3, 0.1, y);
  EXPECT_NEAR(y[0], 10.0 + 2.0 * 1.3 - g / 2 * 1.3 * 1.3, 1e-12);
  EXPECT_NEAR(y[1], 2.0 - g * 1.3, 1e-12);
}

TEST(Houbolt, OneForceCallPerStepWhenLinear) {
  const testing::ForcedOscillator oscillator;
  long calls = 0;
  SecondOrderSystem system = forced_oscillator_system(oscillator);
  system.force = [&calls, oscillator](double t, const ConstVectorRef&, const ConstVectorRef&, VectorRef force) {
    ++calls;
    force[0] = oscillator.force(t);
  };
  Houbolt houbolt(system);
  Vector y = oscillator.initial();
  for (int n = 0; n < 2; ++n) houbolt.step(n * 0.01, 0.01, y);
  EXPECT_EQ(calls, 2 * 2);  // two SDIRK stages per starter step
  calls = 0;
  for (int n = 2; n < 102; ++n) houbolt.step(n * 0.01, 0.01, y);
  EXPECT_EQ(calls, 100);
}

TEST(Houbolt, RejectsInconsistentSystems) {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(2, 2);
  system.damping = Matrix::Zero(2, 2);
  system.stiffness = Matrix::Zero(1, 1);
  system.force = no_force;
  EXPECT_THROW(Houbolt{system}, std::invalid_argument);
  system.stiffness = Matrix::Zero(2, 2);
  system.force = nullptr;
  EXPECT_THROW(Houbolt{system}, std::invalid_argument);
}

}  // namespace
}  // namespace dyngen::integrators
