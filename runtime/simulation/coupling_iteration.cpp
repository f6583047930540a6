// Quasi-Newton coupling of a spacecraft and the mechanism on its port (coupling_iteration.hpp).
#include "simulation/coupling_iteration.hpp"

#include <cmath>

namespace dyngen::simulation {

CouplingIteration::Vec6 CouplingIteration::quasi_newton(int k, const Vec6& x, const Vec6& g) {
  const Vec6 residual = g - x;
  if (k > 0) {
    // Broyden's update of A, A += u s^T with u = (dG - A s) / (s^T s), s = x_k - x_k-1, applied to
    // H = (I - A)^-1 by Sherman-Morrison: H += (H u)(s^T H) / (1 - s^T H u), where
    // H u = (H (dG - s) + s) / (s^T s) since H (I - A) s = s. A step that did not shrink the
    // residual restarts from the fixed-point iteration (H = I).
    const Vec6 s = x - x_before_;
    const double ss = s.squaredNorm();
    bool restart = !(residual.norm() < residual_before_.norm() && ss > 0.0);
    if (!restart) {
      const Vec6 Hu = (inverse_ * ((g - g_before_) - s) + s) / ss;
      const double denominator = 1.0 - s.dot(Hu);
      restart = !(std::abs(denominator) > 1e-12);
      if (!restart) inverse_ += Hu * (s.transpose() * inverse_) / denominator;
    }
    if (restart || !inverse_.allFinite()) inverse_.setIdentity();
  }
  x_before_ = x, g_before_ = g, residual_before_ = residual;
  return x + inverse_ * residual;
}

}  // namespace dyngen::simulation
