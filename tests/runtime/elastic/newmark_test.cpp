// Newmark's average-acceleration rule on the harmonic oscillator q'' + w^2 q = 0: it keeps the energy
// (to Newton's tolerance) and its phase error is second order in the step; a system whose Newton
// iteration cannot converge is reported with the time.
#include "elastic/newmark.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dyngen::elastic {
namespace {

constexpr double frequency = 3.0;

NewmarkSystem oscillator() {
  NewmarkSystem system;
  system.residual = [](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd& a) {
    return (a + frequency * frequency * q).eval();
  };
  system.iteration_matrix = [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, double h) {
    return Eigen::MatrixXd::Constant(1, 1, 1.0 + 0.25 * h * h * frequency * frequency);
  };
  return system;
}

// |q(t) - cos(w t)| at t = 10 from q(0) = 1, q'(0) = 0
double error_at_ten(double h) {
  Newmark newmark(oscillator(), 0.0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1));
  const long steps = std::lround(10.0 / h);
  for (long i = 0; i < steps; ++i) newmark.step(h);
  return std::abs(newmark.positions()[0] - std::cos(frequency * 10.0));
}

TEST(Newmark, KeepsTheOscillatorsEnergy) {
  Newmark newmark(oscillator(), 0.0, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1));
  const auto energy = [&] {
    const double q = newmark.positions()[0], v = newmark.rates()[0];
    return 0.5 * (v * v + frequency * frequency * q * q);
  };
  const double initial = energy();
  for (int i = 0; i < 1000; ++i) newmark.step(0.7);  // w h = 2.1: far beyond any explicit rule's limit
  EXPECT_NEAR(energy(), initial, 1e-10 * initial);
  EXPECT_NEAR(newmark.time(), 700.0, 1e-9);
}

TEST(Newmark, PhaseErrorIsSecondOrder) {
  const double order = std::log2(error_at_ten(0.02) / error_at_ten(0.01));
  EXPECT_NEAR(order, 2.0, 0.05);
}

TEST(Newmark, NamesTheTimeWhenNewtonFails) {
  NewmarkSystem system = oscillator();
  // right for the initial accelerations (h = 0), of the wrong sign within a step: Newton diverges
  system.iteration_matrix = [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, double h) {
    return Eigen::MatrixXd::Constant(1, 1, h == 0.0 ? 1.0 : -1.0);
  };
  Newmark newmark(system, 0.5, Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1));
  EXPECT_NEAR(newmark.accelerations()[0], -frequency * frequency, 1e-12);
  try {
    newmark.step(0.25);
    FAIL() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), "Newmark: Newton's method did not converge at t = 0.750000 in 50 iterations");
  }
  EXPECT_EQ(newmark.time(), 0.5);  // the state stays as it was
}

}  // namespace
}  // namespace dyngen::elastic
