// The cross-check run: the finite-element model of finite_element_model.hpp integrated by Newmark's
// rule (newmark.hpp) from rest at t = 0, the links undeformed at their initial hinge angles.
#pragma once

#include "elastic/finite_element_model.hpp"
#include "elastic/newmark.hpp"

namespace dyngen::elastic {

struct FiniteElementSettings {
  int elements = 8;     // per link
  double step = 2.5e-4; // s
  bool deflection_transport = false;  // finite_element_model.hpp: off solves the seed's equations
};

class FiniteElementSolver {
 public:
  // psi_n(0) = initial_hinge_angles (empty: all zero, the links along the vertical); std::invalid_argument
  // for invalid settings or initial angles that are not one finite value per link
  FiniteElementSolver(Manipulator manipulator, FiniteElementSettings settings,
                      const Eigen::VectorXd& initial_hinge_angles = {});
  // the integrator refers to the model it owns
  FiniteElementSolver(const FiniteElementSolver&) = delete;
  FiniteElementSolver& operator=(const FiniteElementSolver&) = delete;

  // std::runtime_error naming the time (s) when Newton's method fails (the state stays as it was)
  void step();
  double time() const { return static_cast<double>(steps_) * settings_.step; }
  long steps() const { return steps_; }
  ManipulatorState state(int segments) const;
  const FiniteElementModel& model() const { return model_; }
  const Newmark& integrator() const { return newmark_; }

 private:
  FiniteElementModel model_;
  FiniteElementSettings settings_;
  Newmark newmark_;
  long steps_ = 0;
};

}  // namespace dyngen::elastic
