// Levenberg-Marquardt minimisation of a sum of squared residuals over a few parameters, with the
// damping update of Nielsen (K. Madsen, H. B. Nielsen, O. Tingleff, "Methods for non-linear least
// squares problems", 2nd ed., IMM DTU 2004, algorithm 3.16) and a central-difference Jacobian.
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <optional>

namespace dyngen::hysteresis {

// Residuals r(x) at the parameters x, or nullopt where x is inadmissible (a step there is refused
// as if it had not reduced the cost).
using Residuals = std::function<std::optional<Eigen::VectorXd>(const Eigen::VectorXd&)>;

struct LeastSquaresOptions {
  int max_iterations = 200;
  double gradient_tolerance = 1e-12;  // stop when |J^T r|_inf <= this * (1 + |r|^2)
  double step_tolerance = 1e-10;      // stop when |dx| <= this * (|x| + this)
  double difference_step = 1e-6;      // finite-difference step; parameters should be scaled to O(1)
};

struct LeastSquaresResult {
  Eigen::VectorXd parameters;
  Eigen::VectorXd residuals;
  int iterations = 0;
  bool converged = false;  // a tolerance was met before max_iterations
};

// Minimises |r(x)|^2 / 2 from `start`, which must be admissible.
LeastSquaresResult levenberg_marquardt(const Residuals& residuals, const Eigen::VectorXd& start,
                                       const LeastSquaresOptions& options = {});

}  // namespace dyngen::hysteresis
