#include "integrators/implicit_euler.hpp"

namespace dyngen::integrators {

ImplicitEuler::ImplicitEuler(RightHandSide rate, Eigen::Index size, Jacobian jacobian, NewtonOptions newton)
    : rate_(std::move(rate)),
      jacobian_(std::move(jacobian)),
      newton_options_(newton),
      newton_(size),
      step_start_(size) {}

// Hairer & Wanner II, sec. IV.3: y_n+1 = y_n + h f(t_n+1, y_n+1), by Newton's method.
void ImplicitEuler::step(double t, double h, VectorRef y) {
  step_start_ = y;
  const double end_time = t + h;
  const auto residual = [&](const ConstVectorRef& z, VectorRef r) {
    evaluate_right_hand_side(rate_, end_time, z, r, name());
    // r = z - y_n - h f(t_n+1, z)
    r = z - step_start_ - h * r;
  };
  const auto jacobian = [&](VectorRef z, const ConstVectorRef& r, MatrixRef j) {
    if (!jacobian_) {
      finite_difference_jacobian(residual, z, r, j);
      return;
    }
    jacobian_(end_time, z, j);
    // J = I - h df/dy
    j *= -h;
    j.diagonal().array() += 1.0;
  };
  newton_.solve(residual, jacobian, y, newton_options_, name(), end_time);
}

}  // namespace dyngen::integrators
