// Newton's method for the implicit steps (implicit Euler, Houbolt with a state-dependent force):
// r(z) = 0 with a dense Jacobian, analytic or by forward differences. The workspace is preallocated,
// so a solve allocates nothing.
#pragma once

#include "integrators/integration_error.hpp"
#include "integrators/ode.hpp"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace dyngen::integrators {

struct NewtonOptions {
  double tolerance = 1e-10;  // converged when max_i |dz_i| <= tolerance (1 + max_i |z_i|)
  int max_iterations = 20;   // corrections before the step is reported as failed
};

class NewtonSolver {
 public:
  explicit NewtonSolver(Eigen::Index size) : residual_(size), correction_(size), jacobian_(size, size), lu_(size) {}

  // Solves r(z) = 0 in place, starting from the guess in z, by full Newton iterations (the Jacobian
  // is evaluated at every iterate: the systems are small, and convergence stays quadratic):
  //   z <- z - J(z)^-1 r(z),   J = dr/dz
  // residual(z, r) writes r(z); jacobian(z, r, J) writes J at z, given r = r(z).
  // Throws IntegrationError (newton_not_converged, naming method and time) after max_iterations
  // corrections without convergence, or when a correction is not finite (singular Jacobian).
  template <class Residual, class JacobianAt>
  void solve(const Residual& residual, const JacobianAt& jacobian, VectorRef z, const NewtonOptions& options,
             const char* method, double time) {
    double correction_norm = std::numeric_limits<double>::infinity();
    for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
      residual(z, residual_);
      jacobian(z, residual_, jacobian_);
      lu_.compute(jacobian_);
      correction_ = lu_.solve(residual_);
      if (!correction_.allFinite()) {
        throw IntegrationError(IntegrationErrorKind::newton_not_converged, method, time, -1, correction_norm,
                               "singular Jacobian");
      }
      z -= correction_;
      correction_norm = correction_.lpNorm<Eigen::Infinity>();
      if (correction_norm <= options.tolerance * (1 + z.lpNorm<Eigen::Infinity>())) return;
    }
    throw IntegrationError(IntegrationErrorKind::newton_not_converged, method, time, -1, correction_norm,
                           "no convergence in " + std::to_string(options.max_iterations) + " iterations");
  }

 private:
  Vector residual_, correction_;
  Matrix jacobian_;
  Eigen::PartialPivLU<Matrix> lu_;
};

// dr/dz by forward differences (Dennis & Schnabel, Numerical Methods for Unconstrained Optimization
// and Nonlinear Equations, 1983, sec. 5.4): column j = (r(z + d_j e_j) - r(z)) / d_j with
// d_j = sqrt(machine epsilon) max(|z_j|, 1); r = r(z) is given, z is restored on return.
template <class Residual>
void finite_difference_jacobian(const Residual& residual, VectorRef z, const ConstVectorRef& r, MatrixRef jacobian) {
  const double relative_step = std::sqrt(std::numeric_limits<double>::epsilon());
  for (Eigen::Index j = 0; j < z.size(); ++j) {
    const double original = z[j];
    z[j] = original + relative_step * std::max(std::abs(original), 1.0);
    // The difference actually represented, not the one asked for.
    const double step = z[j] - original;
    residual(z, jacobian.col(j));
    jacobian.col(j) = (jacobian.col(j) - r) / step;
    z[j] = original;
  }
}

}  // namespace dyngen::integrators
