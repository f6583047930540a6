// MuJoCo as an independent oracle for the dynamics of tree models exported by export_mjcf:
// joint-space mass matrix (mj_crb + mj_fullM), bias forces (mj_rne, mj_passive) and the wrench the
// mechanism exerts on its base (mj_rnePostConstraint).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Dense>
#include <mujoco/mujoco.h>

namespace dyngen::testing {

// Transport motion of a moving base, in base axes: angular velocity, angular acceleration, linear
// acceleration of the base origin.
struct BaseMotion {
  Eigen::Vector3d w0 = Eigen::Vector3d::Zero();
  Eigen::Vector3d e0 = Eigen::Vector3d::Zero();
  Eigen::Vector3d a0 = Eigen::Vector3d::Zero();
};

class MujocoOracle {
 public:
  // Compiles the MJCF text (throws std::runtime_error with MuJoCo's message). `joints` are the
  // MuJoCo joint names of the mechanism's coordinates in q order; `base_joint` the free joint of a
  // moving base (empty for a fixed base). The base sits at the world origin with identity
  // orientation, so base axes are world axes.
  MujocoOracle(const std::string& mjcf, const std::vector<std::string>& joints,
               const std::string& base_joint);
  ~MujocoOracle();
  MujocoOracle(const MujocoOracle&) = delete;
  MujocoOracle& operator=(const MujocoOracle&) = delete;

  const mjModel& model() const { return *model_; }
  const mjData& data() const { return *data_; }

  // Positions and velocities of the mechanism's coordinates, base motion; runs the position- and
  // velocity-dependent stages (kinematics, composite inertias, passive forces, bias forces).
  void set_state(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const BaseMotion& base = {});

  // Joint-space mass matrix of the mechanism's coordinates (the mechanism block of MuJoCo's M).
  Eigen::MatrixXd mass_matrix() const;

  // Generalized forces the joints must transmit for joint accelerations qdd under the base motion
  // and gravity (mj_rne): M qdd + C + G, springs and dampers not included.
  Eigen::VectorXd inverse_dynamics(const Eigen::VectorXd& qdd);

  // The springs' and dampers' generalized forces −k (q − q0) − c qd (mj_passive).
  Eigen::VectorXd passive_forces() const;

  // inverse_dynamics(0) − passive_forces(): M qdd = −bias for the unforced mechanism.
  Eigen::VectorXd bias_forces();

  // Force and moment [f; m] the mechanism exerts on its base at the base origin, in base axes, at
  // joint accelerations qdd.
  Eigen::Matrix<double, 6, 1> base_wrench(const Eigen::VectorXd& qdd);

 private:
  // Sets qacc: the base's prescribed acceleration on the free joint and qdd on the mechanism.
  void set_accelerations(const Eigen::VectorXd& qdd);

  mjModel* model_ = nullptr;
  mjData* data_ = nullptr;
  std::vector<int> qpos_address_;
  std::vector<int> dof_address_;
  int base_body_ = 0;
  int base_qpos_ = -1;
  int base_dof_ = -1;
  BaseMotion base_;
};

}  // namespace dyngen::testing
