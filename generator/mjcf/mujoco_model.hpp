// A Model compiled by MuJoCo through export_mjcf, with the addresses of the mechanism's
// coordinates in qpos/qvel, so that numeric baselines (`dyngen bench`, tools/bench) put MuJoCo in
// the same state as the generated kernels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "generator/model/model.hpp"

namespace dyngen {

// Compiles MJCF text with MuJoCo (through an in-memory file); the caller owns the result
// (mj_deleteModel). Throws std::runtime_error with MuJoCo's message on failure.
mjModel* compile_mjcf(const std::string& mjcf);

class MujocoModel {
 public:
  // Exports the model (export_mjcf) and compiles it; throws std::invalid_argument for loops MJCF
  // cannot express, std::runtime_error with MuJoCo's message when compilation fails. A moving base
  // becomes a free body at the world origin with identity orientation, so base axes are world axes.
  explicit MujocoModel(const Model& model);

  const mjModel* model() const { return model_.get(); }
  mjData* data() { return data_.get(); }

  // qpos and qvel of the mechanism's coordinates (q order); a moving base at the origin, at rest.
  void set_state(const double* q, const double* qd);
  // qacc of the mechanism's coordinates; a moving base unaccelerated.
  void set_accelerations(const double* qdd);
  // qfrc_applied on the mechanism's coordinates.
  void set_applied_forces(const double* tau);

  // Address of coordinate i in qvel, qacc and the rows of M.
  int dof_address(int i) const { return dof_address_[static_cast<std::size_t>(i)]; }

 private:
  std::unique_ptr<mjModel, void (*)(mjModel*)> model_{nullptr, mj_deleteModel};
  std::unique_ptr<mjData, void (*)(mjData*)> data_{nullptr, mj_deleteData};
  std::vector<int> qpos_address_;
  std::vector<int> dof_address_;
  int base_qpos_ = -1;
};

}  // namespace dyngen
