#include "elastic/finite_element_solver.hpp"

#include <stdexcept>
#include <string>

namespace dyngen::elastic {

namespace {

// dR/dq'' + h^2/4 K: the dependence of the inertial terms on q and q' is left to the iteration
NewmarkSystem newmark_system(const FiniteElementModel& model) {
  NewmarkSystem system;
  system.residual = [&model](double t, const Eigen::VectorXd& q, const Eigen::VectorXd& rates,
                             const Eigen::VectorXd& accelerations) {
    return model.residual(t, q, rates, accelerations);
  };
  system.iteration_matrix = [&model](double t, const Eigen::VectorXd& q, const Eigen::VectorXd& rates, double h) {
    return (model.acceleration_jacobian(t, q, rates) + 0.25 * h * h * model.stiffness()).eval();
  };
  return system;
}

FiniteElementSettings checked(FiniteElementSettings settings) {
  if (!(settings.step > 0.0)) throw std::invalid_argument("FiniteElementSolver: the step must be > 0");
  return settings;
}

// q(0): the hinge angles, the nodal deflections zero
Eigen::VectorXd initial_positions(const FiniteElementModel& model, const Eigen::VectorXd& hinge_angles) {
  const int links = model.manipulator().links;
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.dofs());
  if (hinge_angles.size() == 0) return q;
  if (hinge_angles.size() != links || !hinge_angles.allFinite()) {
    throw std::invalid_argument("FiniteElementSolver: the initial hinge angles need one finite value per link");
  }
  for (int n = 0; n < links; ++n) q[model.hinge_index(n)] = hinge_angles[n];
  return q;
}

}  // namespace

FiniteElementSolver::FiniteElementSolver(Manipulator manipulator, FiniteElementSettings settings,
                                         const Eigen::VectorXd& initial_hinge_angles)
    : model_(std::move(manipulator), settings.elements, settings.deflection_transport),
      settings_(checked(settings)),
      newmark_(newmark_system(model_), 0.0, initial_positions(model_, initial_hinge_angles),
               Eigen::VectorXd::Zero(model_.dofs())) {}

void FiniteElementSolver::step() {
  try {
    newmark_.step(settings_.step / model_.manipulator().time_scale);
  } catch (const std::runtime_error& error) {
    throw std::runtime_error("FiniteElementSolver: step to t = " + std::to_string(time() + settings_.step) +
                             " s: " + error.what());
  }
  ++steps_;
}

ManipulatorState FiniteElementSolver::state(int segments) const {
  return model_.sample(time(), newmark_.positions(), newmark_.rates(), segments);
}

}  // namespace dyngen::elastic
