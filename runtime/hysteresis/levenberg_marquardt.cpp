// Levenberg-Marquardt (Madsen, Nielsen & Tingleff 2004, algorithm 3.16).
#include "hysteresis/levenberg_marquardt.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dyngen::hysteresis {
namespace {

// J_ij = d r_i / d x_j by central differences, one-sided where one neighbour is inadmissible.
Eigen::MatrixXd jacobian(const Residuals& residuals, const Eigen::VectorXd& x, const Eigen::VectorXd& r, double step) {
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(r.size(), x.size());
  for (Eigen::Index j = 0; j < x.size(); ++j) {
    const double h = step * std::max(1.0, std::abs(x[j]));
    Eigen::VectorXd forward = x, backward = x;
    forward[j] += h;
    backward[j] -= h;
    const auto r_forward = residuals(forward);
    const auto r_backward = residuals(backward);
    if (r_forward && r_backward)
      J.col(j) = (*r_forward - *r_backward) / (2.0 * h);
    else if (r_forward)
      J.col(j) = (*r_forward - r) / h;
    else if (r_backward)
      J.col(j) = (r - *r_backward) / h;
  }
  return J;
}

}  // namespace

LeastSquaresResult levenberg_marquardt(const Residuals& residuals, const Eigen::VectorXd& start,
                                       const LeastSquaresOptions& options) {
  const auto r0 = residuals(start);
  if (!r0) throw std::invalid_argument("levenberg_marquardt: inadmissible start");
  LeastSquaresResult result{start, *r0, 0, false};
  Eigen::MatrixXd J = jacobian(residuals, result.parameters, result.residuals, options.difference_step);
  Eigen::MatrixXd A = J.transpose() * J;
  Eigen::VectorXd g = J.transpose() * result.residuals;
  // mu_0 = tau max(A_ii), tau = 1e-3 (kept positive for a Jacobian that vanishes at the start)
  double mu = std::max(1e-3 * A.diagonal().maxCoeff(), 1e-12);
  double nu = 2.0;
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(start.size(), start.size());
  while (result.iterations < options.max_iterations) {
    const double cost = 0.5 * result.residuals.squaredNorm();
    if (g.lpNorm<Eigen::Infinity>() <= options.gradient_tolerance * (1.0 + 2.0 * cost)) {
      result.converged = true;
      break;
    }
    ++result.iterations;
    // (A + mu I) h = -g
    const Eigen::VectorXd h = (A + mu * I).ldlt().solve(-g);
    if (h.norm() <= options.step_tolerance * (result.parameters.norm() + options.step_tolerance)) {
      result.converged = true;
      break;
    }
    const Eigen::VectorXd trial = result.parameters + h;
    const auto r_trial = residuals(trial);
    // gain ratio: actual over predicted reduction, the prediction being h^T (mu h - g) / 2
    const double predicted = 0.5 * h.dot(mu * h - g);
    const double gain = r_trial ? (cost - 0.5 * r_trial->squaredNorm()) / predicted : -1.0;
    if (gain > 0.0) {
      result.parameters = trial;
      result.residuals = *r_trial;
      J = jacobian(residuals, result.parameters, result.residuals, options.difference_step);
      A = J.transpose() * J;
      g = J.transpose() * result.residuals;
      // mu *= max(1/3, 1 - (2 gain - 1)^3)
      mu *= std::max(1.0 / 3.0, 1.0 - std::pow(2.0 * gain - 1.0, 3));
      nu = 2.0;
    } else {
      mu *= nu;
      nu *= 2.0;
    }
  }
  return result;
}

}  // namespace dyngen::hysteresis
