#include "generator/mjcf/mujoco_model.hpp"

#include <cstring>
#include <memory>
#include <stdexcept>

#include "generator/mjcf/mjcf_export.hpp"

namespace dyngen {

mjModel* compile_mjcf(const std::string& mjcf) {
  const char* file_name = "model.xml";
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), file_name, static_cast<int>(mjcf.size())) != 0)
    throw std::runtime_error("MuJoCo: cannot create the in-memory MJCF file");
  std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), file_name)], mjcf.data(), mjcf.size());
  char error[1000] = "";
  mjModel* model = mj_loadXML(file_name, vfs.get(), error, sizeof error);
  mj_deleteVFS(vfs.get());
  if (model == nullptr) throw std::runtime_error("MuJoCo: " + std::string(error));
  return model;
}

MujocoModel::MujocoModel(const Model& model) {
  const MjcfNames names = mjcf_names(model);
  model_.reset(compile_mjcf(export_mjcf(model)));
  data_.reset(mj_makeData(model_.get()));
  for (const std::string& name : names.joints) {
    const int joint = mj_name2id(model_.get(), mjOBJ_JOINT, name.c_str());
    if (joint < 0) throw std::runtime_error("MuJoCo model has no joint '" + name + "'");
    qpos_address_.push_back(model_->jnt_qposadr[joint]);
    dof_address_.push_back(model_->jnt_dofadr[joint]);
  }
  if (!names.base_joint.empty()) {
    const int joint = mj_name2id(model_.get(), mjOBJ_JOINT, names.base_joint.c_str());
    base_qpos_ = joint < 0 ? -1 : model_->jnt_qposadr[joint];
  }
}

void MujocoModel::set_state(const double* q, const double* qd) {
  mju_zero(data_->qpos, model_->nq);
  mju_zero(data_->qvel, model_->nv);
  for (std::size_t i = 0; i < qpos_address_.size(); ++i) {
    data_->qpos[qpos_address_[i]] = q[i];
    data_->qvel[dof_address_[i]] = qd[i];
  }
  // Free joint: position, then the unit quaternion (w, x, y, z).
  if (base_qpos_ >= 0) data_->qpos[base_qpos_ + 3] = 1.0;
}

void MujocoModel::set_accelerations(const double* qdd) {
  mju_zero(data_->qacc, model_->nv);
  for (std::size_t i = 0; i < dof_address_.size(); ++i) data_->qacc[dof_address_[i]] = qdd[i];
}

void MujocoModel::set_applied_forces(const double* tau) {
  mju_zero(data_->qfrc_applied, model_->nv);
  for (std::size_t i = 0; i < dof_address_.size(); ++i) data_->qfrc_applied[dof_address_[i]] = tau[i];
}

}  // namespace dyngen
