// Classical fixed-step RK4 for the spacecraft tests (the library only gives derivatives; the
// project's integrators live elsewhere and are not a dependency of these tests).
#pragma once

#include <Eigen/Core>

namespace dyngen::spacecraft::test {

// x(t + h) from x(t) for dx/dt = f(t, x): the four-stage method of Kutta (1901).
template <class F>
Eigen::VectorXd rk4_step(const F& f, double t, const Eigen::VectorXd& x, double h) {
  const Eigen::VectorXd k1 = f(t, x);
  const Eigen::VectorXd k2 = f(t + 0.5 * h, Eigen::VectorXd(x + 0.5 * h * k1));
  const Eigen::VectorXd k3 = f(t + 0.5 * h, Eigen::VectorXd(x + 0.5 * h * k2));
  const Eigen::VectorXd k4 = f(t + h, Eigen::VectorXd(x + h * k3));
  return x + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

}  // namespace dyngen::spacecraft::test
