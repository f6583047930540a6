#include "elastic/newmark.hpp"

#include <stdexcept>
#include <string>

namespace dyngen::elastic {

namespace {

bool small(double change, const Eigen::VectorXd& value, double tolerance) {
  return change <= tolerance * (1.0 + value.lpNorm<Eigen::Infinity>());
}

[[noreturn]] void fail(double t, int iterations) {
  throw std::runtime_error("Newmark: Newton's method did not converge at t = " + std::to_string(t) + " in " +
                           std::to_string(iterations) + " iterations");
}

}  // namespace

Newmark::Newmark(NewmarkSystem system, double t, Eigen::VectorXd q, Eigen::VectorXd rates, NewmarkOptions options)
    : system_(std::move(system)), options_(options), time_(t), q_(std::move(q)), rates_(std::move(rates)) {
  accelerations_.setZero(q_.size());
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(system_.iteration_matrix(time_, q_, rates_, 0.0));
  for (int k = 1; k <= options_.max_iterations; ++k) {
    const Eigen::VectorXd update = -lu.solve(system_.residual(time_, q_, rates_, accelerations_));
    accelerations_ += update;
    if (small(update.lpNorm<Eigen::Infinity>(), accelerations_, options_.start_tolerance)) return;
  }
  fail(time_, options_.max_iterations);
}

void Newmark::step(double h) {
  const double t = time_ + h;
  Eigen::VectorXd accelerations = accelerations_;
  const auto positions_at = [&](const Eigen::VectorXd& a) {
    return (q_ + h * rates_ + 0.25 * h * h * (accelerations_ + a)).eval();
  };
  const auto rates_at = [&](const Eigen::VectorXd& a) { return (rates_ + 0.5 * h * (accelerations_ + a)).eval(); };
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(
      system_.iteration_matrix(t, positions_at(accelerations), rates_at(accelerations), h));
  for (int k = 1; k <= options_.max_iterations; ++k) {
    const Eigen::VectorXd update =
        -lu.solve(system_.residual(t, positions_at(accelerations), rates_at(accelerations), accelerations));
    accelerations += update;
    if (small(0.5 * h * update.lpNorm<Eigen::Infinity>(), rates_at(accelerations), options_.tolerance)) {
      q_ = positions_at(accelerations);
      rates_ = rates_at(accelerations);
      accelerations_ = accelerations;
      time_ = t;
      last_iterations_ = k;
      return;
    }
  }
  fail(t, options_.max_iterations);
}

}  // namespace dyngen::elastic
