#include "berthing/damped_least_squares.hpp"

namespace dyngen::berthing {

DampedSolution damped_least_squares(const Jacobian& J, const Twist& v, const DampingSchedule& schedule,
                                    Eigen::VectorXd& qd) {
  using Matrix6 = Eigen::Matrix<double, 6, 6>;
  Matrix6 A = J * J.transpose();
  DampedSolution solution;
  // det(J J^T) = prod L_ii^2 of its Cholesky factor (w = 0 where the factor fails: singular)
  const Eigen::LLT<Matrix6> factor(A);
  const bool regular = factor.info() == Eigen::Success;
  if (regular) solution.manipulability = factor.matrixLLT().diagonal().prod();
  if (regular && solution.manipulability >= schedule.threshold) {
    qd = J.transpose() * factor.solve(v);
    return solution;
  }
  solution.damping = schedule.max_damping * (1.0 - solution.manipulability / schedule.threshold);
  A.diagonal().array() += solution.damping * solution.damping;
  qd = J.transpose() * A.ldlt().solve(v);
  return solution;
}

}  // namespace dyngen::berthing
