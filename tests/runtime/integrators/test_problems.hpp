// Problems with known solutions for the integrator tests, each with an oracle that shares no code
// with the integrators: closed forms (oscillators, modal systems) and the complete elliptic integral
// of the pendulum's period.
#pragma once

#include "integrators/integrate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace dyngen::integrators::testing {

constexpr double gravity = 9.81;

// y = (height, vertical velocity), y'' = -g
inline void free_fall(double, const ConstVectorRef& y, VectorRef dydt) {
  dydt[0] = y[1];
  dydt[1] = -gravity;
}

// Free fall above a floor the right-hand side refuses to go 1 cm below (a penetration limit): an
// adaptive method's grown steps reach past it on trial.
constexpr double floor_limit = -0.01;
inline void guarded_fall(double t, const ConstVectorRef& y, VectorRef dydt) {
  if (y[0] < floor_limit) throw std::domain_error("below the floor at t = " + std::to_string(t));
  free_fall(t, y, dydt);
}

// An observer keeping the last state it saw in `last`.
inline StepObserver keeping_last(Vector& last) {
  return [&last](double, const ConstVectorRef& state) {
    last = state;
    return Continuation::proceed;
  };
}

// The floor y[0] = 0 reached from above.
inline Event floor_event(EventAction action) {
  return {"floor", [](double, const ConstVectorRef& y) { return y[0]; }, Crossing::falling, std::move(action)};
}

// Dropped from 10 m; each impact sends it up with e times the impact speed: impacts at
// t_1 = sqrt(2 h0 / g), t_k+1 = t_k + 2 e^k g t_1 / g.
struct BouncingBall {
  double drop_height = 10.0;
  double restitution = 0.7;

  double first_impact() const { return std::sqrt(2 * drop_height / gravity); }
  std::vector<double> impacts(double until) const {
    std::vector<double> times{first_impact()};
    const double impact_speed = gravity * times[0];
    for (int k = 1; times.back() < until; ++k) {
      times.push_back(times.back() + 2 * std::pow(restitution, k) * impact_speed / gravity);
    }
    times.pop_back();
    return times;
  }
  Vector exact(double t) const {
    const std::vector<double> before = impacts(t);
    const double since = t - before.back();
    const double rebound = std::pow(restitution, double(before.size())) * gravity * before.front();
    return Vector{{rebound * since - gravity / 2 * since * since, rebound - gravity * since}};
  }
};

// log2(e_k / e_k+1): the observed order between successive halvings of the step.
inline std::vector<double> observed_orders(const std::vector<double>& errors) {
  std::vector<double> orders;
  for (std::size_t k = 0; k + 1 < errors.size(); ++k) orders.push_back(std::log2(errors[k] / errors[k + 1]));
  return orders;
}

// Every observed order within tolerance of the expected one.
inline void expect_order(const std::vector<double>& errors, double expected, double tolerance = 0.2) {
  const std::vector<double> orders = observed_orders(errors);
  for (std::size_t k = 0; k < orders.size(); ++k) {
    EXPECT_NEAR(orders[k], expected, tolerance) << "halving " << k + 1 << ": errors " << errors[k] << " -> "
                                                << errors[k + 1];
  }
}

// Max-norm errors at t1 of runs from (0, y0) with t1 / steps, t1 / (2 steps), ... (halvings + 1 runs).
inline std::vector<double> errors_for_halved_steps(const std::function<std::unique_ptr<Stepper>()>& make_stepper,
                                                   const Vector& y0, double t1, const Vector& exact, int steps,
                                                   int halvings = 3) {
  std::vector<double> errors;
  for (int k = 0; k <= halvings; ++k) {
    const auto stepper = make_stepper();
    Vector y = y0;
    integrate(*stepper, 0.0, t1, t1 / (steps << k), y);
    errors.push_back((y - exact).lpNorm<Eigen::Infinity>());
  }
  return errors;
}

// x'' = -w^2 x, y = (x, x'):  x = x0 cos wt + v0/w sin wt.
struct Oscillator {
  double omega = 2.0;
  double x0 = 1.0;
  double v0 = 0.5;

  Vector initial() const { return Vector{{x0, v0}}; }
  Vector exact(double t) const {
    const double c = std::cos(omega * t), s = std::sin(omega * t);
    return Vector{{x0 * c + v0 / omega * s, -x0 * omega * s + v0 * c}};
  }
  RightHandSide rate() const {
    return [w2 = omega * omega](double, const ConstVectorRef& y, VectorRef dydt) {
      dydt[0] = y[1];
      dydt[1] = -w2 * y[0];
    };
  }
};

// theta'' = -w0^2 sin theta, released from rest at theta_0. With k = sin(theta_0 / 2) the period is
// T = 4 K(k) / w0 (K: complete elliptic integral of the first kind); at T/4 the pendulum passes
// theta = 0 with theta' = -2 w0 k, at T/2 it rests at -theta_0.
struct Pendulum {
  double omega = 1.5;
  double amplitude = 2.5;  // rad: strongly nonlinear

  double modulus() const { return std::sin(amplitude / 2); }
  double period() const { return 4 * std::comp_ellint_1(modulus()) / omega; }
  Vector initial() const { return Vector{{amplitude, 0.0}}; }
  Vector at_half_period() const { return Vector{{-amplitude, 0.0}}; }
  double rate_at_quarter_period() const { return -2 * omega * modulus(); }
  RightHandSide rate() const {
    return [w2 = omega * omega](double, const ConstVectorRef& y, VectorRef dydt) {
      dydt[0] = y[1];
      dydt[1] = -w2 * std::sin(y[0]);
    };
  }
};

// x'' + 2 zeta w x' + w^2 x = f cos(W t) from (x0, v0): the steady response Re(f e^(iWt) / (w^2 - W^2 +
// 2 i zeta w W)) plus the damped free motion e^(-zeta w t)(A cos wd t + B sin wd t) matching x0, v0.
struct ForcedOscillator {
  double omega = 2.0;
  double zeta = 0.05;
  double amplitude = 1.5;  // f
  double forcing = 3.0;    // W
  double x0 = 1.0;
  double v0 = 0.5;

  double damping() const { return 2 * zeta * omega; }
  double stiffness() const { return omega * omega; }
  double force(double t) const { return amplitude * std::cos(forcing * t); }
  Vector initial() const { return Vector{{x0, v0}}; }
  Vector exact(double t) const {
    const std::complex<double> response =
        amplitude / std::complex<double>(omega * omega - forcing * forcing, 2 * zeta * omega * forcing);
    const std::complex<double> phase = std::exp(std::complex<double>(0, forcing * t));
    const double steady = (response * phase).real();
    const double steady_rate = (std::complex<double>(0, forcing) * response * phase).real();
    const double steady_x0 = response.real(), steady_v0 = (std::complex<double>(0, forcing) * response).real();
    const double wd = omega * std::sqrt(1 - zeta * zeta), sigma = zeta * omega;
    const double a = x0 - steady_x0, b = (v0 - steady_v0 + sigma * a) / wd;
    const double e = std::exp(-sigma * t), c = std::cos(wd * t), s = std::sin(wd * t);
    return Vector{{steady + e * (a * c + b * s), steady_rate + e * ((b * wd - sigma * a) * c - (a * wd + sigma * b) * s)}};
  }
};

// A stiff linear system M x'' + C x' + K x = 0 with M = I and x = R q, R a rotation: modal coordinate
// q1 a lightly damped oscillator (w = 2, zeta = 0.1), q2 overdamped with roots -1 and -stiff_rate.
// First-order form y = (x, x'), y' = A y with A = [[0, I], [-K, -C]].
struct StiffModalSystem {
  double omega = 2.0;
  double zeta = 0.1;
  double stiff_rate = 1000.0;
  double angle = 0.6;
  Eigen::Vector2d modal_position{1.0, 0.5};
  Eigen::Vector2d modal_velocity{0.3, -2.0};  // excites the fast root of q2

  // The same system started on its slow manifold: q2' = -q2, no fast transient.
  StiffModalSystem without_fast_transient() const {
    StiffModalSystem s = *this;
    s.modal_velocity[1] = -s.modal_position[1];
    return s;
  }
  Matrix rotation() const {
    return Matrix{{std::cos(angle), -std::sin(angle)}, {std::sin(angle), std::cos(angle)}};
  }
  Matrix damping() const {
    const Matrix r = rotation();
    return r * Eigen::Vector2d(2 * zeta * omega, 1 + stiff_rate).asDiagonal() * r.transpose();
  }
  Matrix stiffness() const {
    const Matrix r = rotation();
    return r * Eigen::Vector2d(omega * omega, stiff_rate).asDiagonal() * r.transpose();
  }
  Matrix first_order_matrix() const {
    Matrix a = Matrix::Zero(4, 4);
    a.topRightCorner(2, 2).setIdentity();
    a.bottomLeftCorner(2, 2) = -stiffness();
    a.bottomRightCorner(2, 2) = -damping();
    return a;
  }
  Vector initial() const { return exact(0.0); }
  Vector exact(double t) const {
    const Eigen::Vector2d& q0 = modal_position;
    const Eigen::Vector2d& qd0 = modal_velocity;
    // q1 = e^(-zeta w t) (A cos wd t + B sin wd t)
    const double wd = omega * std::sqrt(1 - zeta * zeta), sigma = zeta * omega;
    const double a = q0[0], b = (qd0[0] + sigma * q0[0]) / wd;
    const double e = std::exp(-sigma * t), c = std::cos(wd * t), s = std::sin(wd * t);
    const double q1 = e * (a * c + b * s);
    const double qd1 = e * ((b * wd - sigma * a) * c - (a * wd + sigma * b) * s);
    // q2 = slow e^(-t) + fast e^(-stiff_rate t)
    const double fast = -(qd0[1] + q0[1]) / (stiff_rate - 1), slow = q0[1] - fast;
    const double q2 = slow * std::exp(-t) + fast * std::exp(-stiff_rate * t);
    const double qd2 = -slow * std::exp(-t) - stiff_rate * fast * std::exp(-stiff_rate * t);
    const Matrix r = rotation();
    Vector y(4);
    y.head(2) = r * Eigen::Vector2d(q1, q2);
    y.tail(2) = r * Eigen::Vector2d(qd1, qd2);
    return y;
  }
  RightHandSide rate() const {
    return [a = first_order_matrix()](double, const ConstVectorRef& y, VectorRef dydt) { dydt.noalias() = a * y; };
  }
  Jacobian jacobian() const {
    return [a = first_order_matrix()](double, const ConstVectorRef&, MatrixRef dfdy) { dfdy = a; };
  }
};

}  // namespace dyngen::integrators::testing
