// Elastic modes of a spacecraft's structure seen at its docking port (thesis ch. IV, 4.2-4.3: the
// transport and deformation motions are independent; the deformation is carried by modal
// coordinates on the natural mode shapes of a finite-element model, integrated by the exact
// solution of each oscillator over a step with a constant load).
//
// Mode k: coordinate eta_k (per unit modal mass: mass-normalised mode shapes), natural frequency
// omega_k > 0 (rad/s), damping ratio zeta_k >= 0, and column k of the port participation matrix
// Phi (6 x n): rows 0-2 the port's displacement, rows 3-5 its small rotation per unit eta_k, body
// axes. Phi maps both ways (virtual work):
//   port wrench -> modal forces   f = Phi^T [F; M]   (F, M at the port origin, body axes)
//   modal coordinates -> port     [d; theta] = Phi eta, and likewise for the rates
//   eta_k'' + 2 zeta_k omega_k eta_k' + omega_k^2 eta_k = f_k
// The rigid body receives the port wrench in full as well (wrench_at_com); the modes add the
// structure's compliance at the port.
//
// Outside the integrator's flat state: the modal state is advanced by step() once per accepted
// step, with the modal forces held over it; during the step the port deflection is that of the
// step's start (README "Coupling").
#pragma once

#include "spacecraft/damped_oscillator.hpp"
#include "spacecraft/port.hpp"

#include <vector>

namespace dyngen::spacecraft {

using Participation = Eigen::Matrix<double, 6, Eigen::Dynamic>;

struct ModalState {
  Eigen::VectorXd coordinates;  // eta
  Eigen::VectorXd rates;        // eta'
};

// Immutable, validated on construction (std::invalid_argument naming the mode): one frequency and
// one damping ratio per column of Phi, each valid for DampedOscillator, Phi finite. The default
// has no modes (a rigid port).
class ElasticModes {
 public:
  ElasticModes() = default;
  ElasticModes(const Eigen::VectorXd& frequencies, const Eigen::VectorXd& damping_ratios,
               const Participation& participation);

  int count() const { return static_cast<int>(oscillators_.size()); }
  const std::vector<DampedOscillator>& oscillators() const { return oscillators_; }
  const Participation& participation() const { return participation_; }

  // eta = eta' = 0
  ModalState rest() const;

  // f = Phi^T [F; M], the wrench at the port origin in body axes (port_wrench_in_body_axes)
  Eigen::VectorXd modal_forces(const Wrench& port_wrench_in_body_axes) const;

  // eta'' = f - 2 zeta omega eta' - omega^2 eta, per mode
  Eigen::VectorXd accelerations(const ModalState& state, const Eigen::VectorXd& modal_forces) const;

  // Every oscillator stepped exactly over h under modal_forces held constant.
  ModalState step(const ModalState& state, const Eigen::VectorXd& modal_forces, double h) const;

  // sum over modes of 1/2 (eta_k'^2 + omega_k^2 eta_k^2)
  double energy(const ModalState& state) const;

  // [d; theta], [v^f; omega^f], [a^f; epsilon^f] = Phi eta, Phi eta', Phi eta''
  PortDeflection deflection(const ModalState& state, const Eigen::VectorXd& accelerations) const;

 private:
  void check_size(const char* what, Eigen::Index size) const;

  std::vector<DampedOscillator> oscillators_;
  Participation participation_ = Participation(6, 0);
};

}  // namespace dyngen::spacecraft
