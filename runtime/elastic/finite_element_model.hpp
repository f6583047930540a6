// The independent cross-check of the seed's method: the same manipulator (manipulator.hpp), its links
// discretised by Hermite cubic beam finite elements in their root frames, the equations of motion by
// Kane's method (virtual power) with the seed's kinematics, integrated by Newmark's rule
// (finite_element_solver.hpp) instead of Houbolt's.
//
// Coordinates q = (psi_1 .. psi_N, e_1 .. e_N): the hinge angles and, per link, w and w' at the
// element nodes xi_k = k / E, k = 1..E (node 0 is clamped to the frame, eq. 7). A point of link n moves
// with the seed's kinematics (the velocity whose derivative is the acceleration of eqs. 4-5 without
// the deflection's transport terms, as in the seed):
//   v(xi) = v_O,n + (w'(time)(xi) - xi theta_n') z_n,       v_O,n+1 = v_n(1)
//   a(xi) = a_O,n + (w''(time)(xi) - xi theta_n'') z_n - xi theta_n'^2 x_n      (eqs. 3-5, a^c neglected)
//   theta_n+1 = theta_n - w'_n(1) + psi_n+1
// and the virtual-power equations are, with J = dv/dq' and the gravity-gradient load g per unit mass,
//   R(q, q', q'') = sum_n int J^T (a - g) dxi + m-bar J_tip^T (a_tip - g) + K q + G - Q = 0,
// K the bending stiffness (int w'' dw'' per link), Q the hinge torques (M-bar_n on psi_n: the torque
// works on the relative rotation psi_n), G the axial force's share, int N w' dw' (the weak form of
// -(N w')' in eq. 6), with N from the quasi-static axial balance of axial_force.hpp:
//   N_n(xi) = N_n(1) - (a_x(0) - g_x)(1 - xi) + omega^2 (1 - xi^2) / 2,  N_n(1) = axial component of the
//   force the outer links and the tip body pass to link n's tip.
// G_i = int N w' Phi_i' for the nodal coordinates; a rotation of link n and everything beyond (psi_n,
// or the tip slope of link n-1) moves each of those links by -xi z, so its share is -sum int N w' dxi
// (the moments of the axial forces about the deflected shape, which the strong form carries through
// its -(N w')' term). This is the Galerkin form of the seed's eqs. (6)-(11): the transfer-matrix
// method solves the same field equations and conditions in strong form.
// With deflection_transport, a = dv/dt exactly: a gains theta_n' w'(time) x_n (the part of the Coriolis
// acceleration the seed neglects after eq. 4) and R becomes Kane's equations of the velocity field
// above, which keep T + U - W constant (with the stiffening off): a check of the model, and the size
// of the seed's neglect. Integrals by 4-point Gauss-Legendre per element
// (exact for the polynomials involved). R is evaluated by a forward pass (accelerations) and a
// backward pass (forces transmitted through the hinges) without forming J.
#pragma once

#include "elastic/manipulator.hpp"
#include "elastic/manipulator_state.hpp"

#include <Eigen/Dense>

namespace dyngen::elastic {

class FiniteElementModel {
 public:
  // elements per link >= 1 (std::invalid_argument otherwise or for an invalid manipulator)
  FiniteElementModel(Manipulator manipulator, int elements, bool deflection_transport = false);

  Eigen::Index dofs() const { return dofs_; }
  int elements() const { return elements_; }
  const Manipulator& manipulator() const { return manipulator_; }
  // index in q of hinge n's angle, and of w (slope = 0) or w' (slope = 1) at node k (1..E) of link n
  Eigen::Index hinge_index(int link) const { return link; }
  Eigen::Index nodal_index(int link, int node, int slope) const;

  // R(q, q', q'') at scaled time tau = t / T (rates per T)
  Eigen::VectorXd residual(double scaled_time, const Eigen::VectorXd& q, const Eigen::VectorXd& rates,
                           const Eigen::VectorXd& accelerations) const;
  // dR/dq'' column by column (R is affine in q''): the mass matrix plus the axial force's share
  Eigen::MatrixXd acceleration_jacobian(double scaled_time, const Eigen::VectorXd& q,
                                        const Eigen::VectorXd& rates) const;
  const Eigen::MatrixXd& stiffness() const { return stiffness_; }

  // the state sampled at `segments` + 1 stations per link (time in seconds)
  ManipulatorState sample(double seconds, const Eigen::VectorXd& q, const Eigen::VectorXd& rates, int segments) const;

 private:
  // w, w', w'' at xi on link n from the nodal values in `values` (q, q' or q'')
  Eigen::Vector3d field(int link, double xi, const Eigen::VectorXd& values) const;

  Manipulator manipulator_;
  int elements_;
  bool deflection_transport_;
  Eigen::Index dofs_;
  Eigen::MatrixXd stiffness_;
};

}  // namespace dyngen::elastic
