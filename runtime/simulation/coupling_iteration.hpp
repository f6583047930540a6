// The coupling of a spacecraft and the mechanism on its port (a docking mechanism on the active
// spacecraft, a manipulator on the station): the port's accelerations x = (dv_C/dt, domega/dt)
// solve x = G(x), G the spacecraft's rate under the reaction the mechanism exerts at the transport
// motion x gives. G is affine at one state; its Jacobian A, the mechanism's inertia felt at the port
// over the spacecraft's, is small, so the plain iteration x <- G(x) contracts. Quasi-Newton:
//   x_k+1 = x_k + (I - A)^-1 (G(x_k) - x_k),
// A learnt by Broyden's updates (Dennis & Schnabel, Numerical Methods for Unconstrained
// Optimization, sec. 8.1) and carried over from one evaluation to the next, where it changes little;
// A = 0 is the plain fixed-point iteration.
#pragma once

#include <Eigen/Dense>

#include "spacecraft/rigid_body.hpp"

namespace dyngen::simulation {

class CouplingIteration {
 public:
  // Forgets what the updates learnt: the next solve starts as the fixed-point iteration.
  void reset() { inverse_.setIdentity(); }

  // Iterates from the guess `rate`: next = reaction(rate), the spacecraft's rate under the
  // mechanism's reaction at `rate`, until converged(rate, next); `rate` then becomes that `next`.
  // Returns the iterations taken, or 0 when `iterations` did not converge.
  template <class Reaction, class Converged>
  int solve(spacecraft::RigidBodyRate& rate, int iterations, const Reaction& reaction, const Converged& converged) {
    Vec6 x = stacked(rate);
    for (int k = 0;; ++k) {
      const spacecraft::RigidBodyRate next = reaction(rate);
      if (converged(rate, next)) {
        rate = next;
        return k + 1;
      }
      if (k + 1 == iterations) return 0;
      x = quasi_newton(k, x, stacked(next));
      rate = next;
      rate.acceleration = x.head<3>();
      rate.angular_acceleration = x.tail<3>();
    }
  }

 private:
  using Vec6 = Eigen::Matrix<double, 6, 1>;
  static Vec6 stacked(const spacecraft::RigidBodyRate& r) {
    Vec6 x;
    x << r.acceleration, r.angular_acceleration;
    return x;
  }
  // x_k+1 from x_k and g = G(x_k) (iteration k), after Broyden's update with the last iteration's
  Vec6 quasi_newton(int k, const Vec6& x, const Vec6& g);

  Eigen::Matrix<double, 6, 6> inverse_ = Eigen::Matrix<double, 6, 6>::Identity();  // (I - A)^-1
  Vec6 x_before_ = Vec6::Zero(), g_before_ = Vec6::Zero(), residual_before_ = Vec6::Zero();
};

}  // namespace dyngen::simulation
