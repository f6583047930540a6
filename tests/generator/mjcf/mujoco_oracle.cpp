#include "mujoco_oracle.hpp"

#include "generator/mjcf/mujoco_model.hpp"

#include <memory>
#include <stdexcept>

namespace dyngen::testing {

MujocoOracle::MujocoOracle(const std::string& mjcf, const std::vector<std::string>& joints,
                           const std::string& base_joint) {
  model_ = compile_mjcf(mjcf);
  data_ = mj_makeData(model_);
  for (const std::string& name : joints) {
    const int joint = mj_name2id(model_, mjOBJ_JOINT, name.c_str());
    if (joint < 0) throw std::runtime_error("MuJoCo model has no joint '" + name + "'");
    qpos_address_.push_back(model_->jnt_qposadr[joint]);
    dof_address_.push_back(model_->jnt_dofadr[joint]);
  }
  if (!base_joint.empty()) {
    const int joint = mj_name2id(model_, mjOBJ_JOINT, base_joint.c_str());
    if (joint < 0 || model_->jnt_type[joint] != mjJNT_FREE)
      throw std::runtime_error("MuJoCo model has no free joint '" + base_joint + "'");
    base_body_ = model_->jnt_bodyid[joint];
    base_qpos_ = model_->jnt_qposadr[joint];
    base_dof_ = model_->jnt_dofadr[joint];
  }
}

MujocoOracle::~MujocoOracle() {
  mj_deleteData(data_);
  mj_deleteModel(model_);
}

void MujocoOracle::set_state(const Eigen::VectorXd& q, const Eigen::VectorXd& qd, const BaseMotion& base) {
  mju_zero(data_->qpos, model_->nq);
  mju_zero(data_->qvel, model_->nv);
  for (std::size_t i = 0; i < qpos_address_.size(); ++i) {
    data_->qpos[qpos_address_[i]] = q[i];
    data_->qvel[dof_address_[i]] = qd[i];
  }
  base_ = base;
  if (base_qpos_ >= 0) {
    // Free joint: position, then unit quaternion (w, x, y, z); velocity: linear in world axes,
    // then angular in the body's own axes (base axes).
    data_->qpos[base_qpos_ + 3] = 1.0;
    for (int k = 0; k < 3; ++k) data_->qvel[base_dof_ + 3 + k] = base.w0[k];
  }
  mj_fwdPosition(model_, data_);
  mj_fwdVelocity(model_, data_);
}

Eigen::MatrixXd MujocoOracle::mass_matrix() const {
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> full(model_->nv, model_->nv);
  mj_fullM(model_, full.data(), data_->qM);
  const int n = static_cast<int>(dof_address_.size());
  Eigen::MatrixXd mechanism(n, n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) mechanism(r, c) = full(dof_address_[r], dof_address_[c]);
  return mechanism;
}

void MujocoOracle::set_accelerations(const Eigen::VectorXd& qdd) {
  mju_zero(data_->qacc, model_->nv);
  for (std::size_t i = 0; i < dof_address_.size(); ++i) data_->qacc[dof_address_[i]] = qdd[i];
  if (base_dof_ >= 0) {
    // The base origin's acceleration in world (= base) axes, then the angular one in base axes.
    for (int k = 0; k < 3; ++k) {
      data_->qacc[base_dof_ + k] = base_.a0[k];
      data_->qacc[base_dof_ + 3 + k] = base_.e0[k];
    }
  }
}

Eigen::VectorXd MujocoOracle::inverse_dynamics(const Eigen::VectorXd& qdd) {
  set_accelerations(qdd);
  std::vector<mjtNum> forces(static_cast<std::size_t>(model_->nv));
  mj_rne(model_, data_, 1, forces.data());
  Eigen::VectorXd mechanism(static_cast<Eigen::Index>(dof_address_.size()));
  for (std::size_t i = 0; i < dof_address_.size(); ++i) mechanism[i] = forces[dof_address_[i]];
  return mechanism;
}

Eigen::VectorXd MujocoOracle::passive_forces() const {
  Eigen::VectorXd mechanism(static_cast<Eigen::Index>(dof_address_.size()));
  for (std::size_t i = 0; i < dof_address_.size(); ++i) mechanism[i] = data_->qfrc_passive[dof_address_[i]];
  return mechanism;
}

Eigen::VectorXd MujocoOracle::bias_forces() {
  return inverse_dynamics(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(dof_address_.size()))) -
         passive_forces();
}

Eigen::Matrix<double, 6, 1> MujocoOracle::base_wrench(const Eigen::VectorXd& qdd) {
  set_accelerations(qdd);
  mj_rnePostConstraint(model_, data_);
  // cfrc_int of a body: the wrench [moment; force] its parent exerts on it, world axes, moment
  // about the subtree centre of mass of its tree root. The mechanism exerts the opposite on the base.
  Eigen::Vector3d force = Eigen::Vector3d::Zero();
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();
  const Eigen::Vector3d origin = Eigen::Map<const Eigen::Vector3d>(data_->xpos + 3 * base_body_);
  for (int body = 1; body < model_->nbody; ++body) {
    if (model_->body_parentid[body] != base_body_ || body == base_body_) continue;
    const Eigen::Vector3d reference =
        Eigen::Map<const Eigen::Vector3d>(data_->subtree_com + 3 * model_->body_rootid[body]);
    const Eigen::Vector3d f = Eigen::Map<const Eigen::Vector3d>(data_->cfrc_int + 6 * body + 3);
    const Eigen::Vector3d m = Eigen::Map<const Eigen::Vector3d>(data_->cfrc_int + 6 * body);
    // Moment about the base origin O: m_O = m_P + (P − O) × f.
    force -= f;
    moment -= m + (reference - origin).cross(f);
  }
  Eigen::Matrix<double, 6, 1> wrench;
  wrench << force, moment;
  return wrench;
}

}  // namespace dyngen::testing
