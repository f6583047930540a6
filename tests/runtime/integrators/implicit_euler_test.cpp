// Implicit Euler: observed order 1 on an oscillator, a large-amplitude pendulum and a stiff linear
// system at steps far beyond the explicit stability limit; steps against a direct solve of
// (I - h A) y_n+1 = y_n; analytic and finite-difference Jacobians; Newton failures reported with
// the time.
#include "integrators/implicit_euler.hpp"

#include "test_problems.hpp"

#include <gtest/gtest.h>

namespace dyngen::integrators {
namespace {

using testing::errors_for_halved_steps;
using testing::expect_order;

std::function<std::unique_ptr<Stepper>()> implicit_euler_of(const RightHandSide& rate, Eigen::Index size,
                                                            const Jacobian& jacobian = nullptr) {
  return [=] { return std::make_unique<ImplicitEuler>(rate, size, jacobian); };
}

TEST(ImplicitEuler, FirstOrderOnHarmonicOscillator) {
  const testing::Oscillator oscillator;
  const double t1 = 2 * M_PI;
  expect_order(
      errors_for_halved_steps(implicit_euler_of(oscillator.rate(), 2), oscillator.initial(), t1, oscillator.exact(t1), 800),
      1.0);
}

TEST(ImplicitEuler, FirstOrderOnNonlinearPendulum) {
  const testing::Pendulum pendulum;
  const Vector quarter{{0.0, pendulum.rate_at_quarter_period()}};
  expect_order(errors_for_halved_steps(implicit_euler_of(pendulum.rate(), 2), pendulum.initial(), pendulum.period() / 4,
                                       quarter, 200),
               1.0);
}

TEST(ImplicitEuler, FirstOrderOnStiffSystemWithLargeSteps) {
  // h = 0.05 .. 0.00625 against the fast rate 1000: 18 to 140 times the explicit stability limit.
  const testing::StiffModalSystem system;
  const double t1 = 2.0;
  expect_order(errors_for_halved_steps(implicit_euler_of(system.rate(), 4, system.jacobian()), system.initial(), t1,
                                       system.exact(t1), 40),
               1.0);
}

TEST(ImplicitEuler, StepsSolveTheLinearSystemDirectly) {
  const testing::StiffModalSystem system;
  const Matrix a = system.first_order_matrix();
  const double h = 0.01;
  const Eigen::FullPivLU<Matrix> lu(Matrix::Identity(4, 4) - h * a);
  ImplicitEuler finite_differences(system.rate(), 4);
  ImplicitEuler analytic(system.rate(), 4, system.jacobian());
  Vector expected = system.initial(), y_fd = expected, y_analytic = expected;
  for (int n = 0; n < 50; ++n) {
    expected = lu.solve(expected);
    finite_differences.step(n * h, h, y_fd);
    analytic.step(n * h, h, y_analytic);
    EXPECT_LT((y_analytic - expected).lpNorm<Eigen::Infinity>(), 1e-12) << "step " << n;
    EXPECT_LT((y_fd - expected).lpNorm<Eigen::Infinity>(), 1e-9) << "step " << n;
  }
}

TEST(ImplicitEuler, AnalyticJacobianSavesDerivativeCalls) {
  const testing::Pendulum pendulum;
  long fd_calls = 0, analytic_calls = 0;
  const auto counting = [&](long& calls) {
    return [&calls, rate = pendulum.rate()](double t, const ConstVectorRef& y, VectorRef dydt) {
      ++calls;
      rate(t, y, dydt);
    };
  };
  const Jacobian jacobian = [w2 = pendulum.omega * pendulum.omega](double, const ConstVectorRef& y, MatrixRef dfdy) {
    dfdy << 0, 1, -w2 * std::cos(y[0]), 0;
  };
  ImplicitEuler finite_differences(counting(fd_calls), 2);
  ImplicitEuler analytic(counting(analytic_calls), 2, jacobian);
  Vector y_fd = pendulum.initial(), y_analytic = pendulum.initial();
  integrate(finite_differences, 0.0, 1.0, 0.01, y_fd);
  integrate(analytic, 0.0, 1.0, 0.01, y_analytic);
  EXPECT_LT((y_fd - y_analytic).lpNorm<Eigen::Infinity>(), 1e-9);
  // per Newton iteration: 1 call with the analytic Jacobian, 1 + n = 3 with finite differences
  EXPECT_EQ(fd_calls, 3 * analytic_calls);
}

TEST(ImplicitEuler, NewtonIterationLimitIsReportedWithTheTime) {
  const testing::Pendulum pendulum;
  NewtonOptions newton;
  newton.max_iterations = 1;
  ImplicitEuler implicit_euler(pendulum.rate(), 2, nullptr, newton);
  Vector y = pendulum.initial();
  try {
    integrate(implicit_euler, 0.0, 1.0, 0.1, y);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::newton_not_converged);
    EXPECT_EQ(error.method(), "implicit_euler");
    EXPECT_DOUBLE_EQ(error.time(), 0.1);
    EXPECT_GT(error.value(), 0.0);
    EXPECT_NE(std::string(error.what()).find("1 iterations"), std::string::npos) << error.what();
  }
  EXPECT_EQ(y, pendulum.initial());  // the last accepted state
}

TEST(ImplicitEuler, SingularNewtonMatrixIsReported) {
  // y' = y with h = 1: I - h df/dy = 0
  const RightHandSide growth = [](double, const ConstVectorRef& y, VectorRef dydt) { dydt = y; };
  const Jacobian unit = [](double, const ConstVectorRef&, MatrixRef dfdy) { dfdy.setIdentity(); };
  ImplicitEuler implicit_euler(growth, 1, unit);
  Vector y{{1.0}};
  try {
    implicit_euler.step(2.0, 1.0, y);
    FAIL() << "no error";
  } catch (const IntegrationError& error) {
    EXPECT_EQ(error.kind(), IntegrationErrorKind::newton_not_converged);
    EXPECT_EQ(error.detail(), "singular Jacobian");
    EXPECT_DOUBLE_EQ(error.time(), 3.0);
  }
}

}  // namespace
}  // namespace dyngen::integrators
