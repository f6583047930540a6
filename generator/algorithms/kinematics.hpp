// Forward kinematics: positions, orientations and velocities of bodies and named points in base
// axes (seed part 1, eq. (1)-(2), accumulated from the base).
//
//   void kinematics(const Mechanism<S>&, const State<S>&, KinematicsData<S>&)
//     inputs: q, qd; for a moving base also w0 and v0 (base angular velocity and origin velocity).
//     outputs, per body j in base axes: data.R[j] (p_base = R_j p_body), data.p[j] (origin),
//             data.w[j], data.v[j] (angular velocity, origin velocity); per named point
//             (Model::points order): data.point_position, data.point_velocity.
//     Velocities are absolute (the base moving with v0, w0) expressed in base axes; for a fixed
//     base they are the velocities relative to the base.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"
#include "generator/algorithms/state.hpp"

namespace dyngen::algorithms {

template <class S>
struct KinematicsData {
  std::vector<Mat3<S>> R;
  std::vector<Vec3<S>> p, w, v;
  std::vector<Vec3<S>> point_position, point_velocity;

  explicit KinematicsData(const Mechanism<S>& mech)
      : R(static_cast<std::size_t>(mech.body_count)),
        p(R.size()),
        w(R.size()),
        v(R.size()),
        point_position(mech.points.size()),
        point_velocity(mech.points.size()) {}
};

template <class S>
void kinematics(const Mechanism<S>& mech, const State<S>& state, KinematicsData<S>& data) {
  data.R[0] = Mat3<S>::identity();
  data.p[0] = Vec3<S>{};
  data.w[0] = mech.moving_base ? state.w0 : Vec3<S>{};
  data.v[0] = mech.moving_base ? state.v0 : Vec3<S>{};
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const auto p = static_cast<std::size_t>(mech.parent[u]);
    const Joint<S>& joint = mech.joint[u];
    const Transform<S> X = joint_transform(mech, state, j);
    // R_j = R_p E^T,  p_j = p_p + R_p r
    data.R[u] = data.R[p] * spatial::transpose(X.E);
    const Vec3<S> r = data.R[p] * X.r;
    data.p[u] = data.p[p] + r;
    // [v_j; w_j] = [v_p + w_p x r; w_p] + R_j S qd  (S qd in body axes)
    const Vec6<S> joint_velocity = joint.has_coordinate()
                                       ? spatial::along(joint.motion_axis(), joint_rate(mech, state.qd, j))
                                       : Vec6<S>{};
    data.w[u] = data.w[p] + data.R[u] * joint_velocity.ang;
    data.v[u] = data.v[p] + spatial::cross(data.w[p], r) + data.R[u] * joint_velocity.lin;
  }
  for (std::size_t k = 0; k < mech.points.size(); ++k) {
    const auto b = static_cast<std::size_t>(mech.points[k].body);
    // x = p_b + R_b s,  v = v_b + w_b x (R_b s)
    const Vec3<S> arm = data.R[b] * mech.points[k].position;
    data.point_position[k] = data.p[b] + arm;
    data.point_velocity[k] = data.v[b] + spatial::cross(data.w[b], arm);
  }
}

}  // namespace dyngen::algorithms
