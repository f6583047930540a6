// Newmark's average-acceleration rule for R(t, q, q', q'') = 0, the cross-check's time integrator
// (Newmark, J. Eng. Mech. Div. ASCE 85 (1959) 67-94, gamma = 1/2, beta = 1/4; Hughes, The Finite
// Element Method (1987), sec. 9.1): with h the step,
//   q_n+1  = q_n + h q'_n + h^2/4 (q''_n + q''_n+1)
//   q'_n+1 = q'_n + h/2 (q''_n + q''_n+1)
//   R(t_n+1, q_n+1, q'_n+1, q''_n+1) = 0
// Second order, unconditionally stable and without numerical damping for linear systems (it keeps
// their energy exactly): a different scheme from Houbolt's, which damps modes above 1/h. q''_n+1 by
// Newton's method with an approximate iteration matrix dR/dq'' + h/2 dR/dq' + h^2/4 dR/dq supplied by
// the system and kept over the step (modified Newton), until the update moves the rates by
// (h/2) max |dq''| <= tolerance (1 + max |q'|): the accelerations of stiff, light coordinates (the
// slopes of short elements) carry round-off far above any tolerance on q'' itself, and matter only
// through the state they produce.
#pragma once

#include <Eigen/Dense>

#include <functional>

namespace dyngen::elastic {

struct NewmarkSystem {
  std::function<Eigen::VectorXd(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& rates,
                                const Eigen::VectorXd& accelerations)>
      residual;
  // an approximation of dR/dq'' + h/2 dR/dq' + h^2/4 dR/dq at (t, q, q') (h = 0: dR/dq'')
  std::function<Eigen::MatrixXd(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& rates, double h)>
      iteration_matrix;
};

struct NewmarkOptions {
  double tolerance = 1e-12;
  int max_iterations = 50;
  double start_tolerance = 1e-8;  // on max |dq''| <= start_tolerance (1 + max |q''|) for the initial q''
};

class Newmark {
 public:
  // The state (t, q, q') with q'' from R = 0 (std::runtime_error when Newton's method fails).
  Newmark(NewmarkSystem system, double t, Eigen::VectorXd q, Eigen::VectorXd rates, NewmarkOptions options = {});

  void step(double h);
  double time() const { return time_; }
  const Eigen::VectorXd& positions() const { return q_; }
  const Eigen::VectorXd& rates() const { return rates_; }
  const Eigen::VectorXd& accelerations() const { return accelerations_; }
  int last_iterations() const { return last_iterations_; }

 private:
  NewmarkSystem system_;
  NewmarkOptions options_;
  double time_;
  Eigen::VectorXd q_, rates_, accelerations_;
  int last_iterations_ = 0;
};

}  // namespace dyngen::elastic
