// Forward kinematics against finite differences: along q(t) = q + qd t (base frame fixed in time
// for the differences), the rates of body origins, named points and orientations equal the
// velocities relative to the base: v - v0 - w0 x x and w - w0.
#include "generator/algorithms/kinematics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "mechanics_oracle.hpp"
#include "bundled_models.hpp"
#include "random_model.hpp"

namespace dyngen::algorithms {
namespace {

using test::eig;

KinematicsData<double> at(const Mechanism<double>& mech, const State<double>& state, double t) {
  State<double> moved = state;
  for (std::size_t i = 0; i < state.q.size(); ++i) moved.q[i] = state.q[i] + state.qd[i] * t;
  KinematicsData<double> data(mech);
  kinematics(mech, moved, data);
  return data;
}

void check_at_random_state(const Mechanism<double>& mech, std::mt19937& rng) {
  const bool moving_base = mech.moving_base;
  const double h = 1e-4;
  const State<double> state = test::random_state(rng, mech);
  const KinematicsData<double> now = at(mech, state, 0.0), ahead = at(mech, state, h), behind = at(mech, state, -h);
  const Eigen::Vector3d w0 = moving_base ? eig(state.w0) : Eigen::Vector3d::Zero();
  const Eigen::Vector3d v0 = moving_base ? eig(state.v0) : Eigen::Vector3d::Zero();
  for (int j = 1; j < mech.body_count; ++j) {
    const auto u = static_cast<std::size_t>(j);
    const Eigen::Vector3d rate = (eig(ahead.p[u]) - eig(behind.p[u])) / (2 * h);
    EXPECT_LE((rate - (eig(now.v[u]) - v0 - w0.cross(eig(now.p[u])))).norm(), 1e-6 * std::max(1.0, rate.norm()));
    // [w_rel]x = R' R^T
    const Eigen::Matrix3d W = (eig(ahead.R[u]) - eig(behind.R[u])) / (2 * h) * eig(now.R[u]).transpose();
    const Eigen::Vector3d w_rel(W(2, 1), W(0, 2), W(1, 0));
    EXPECT_LE((w_rel - (eig(now.w[u]) - w0)).norm(), 1e-6 * std::max(1.0, w_rel.norm()));
    EXPECT_LE((eig(now.R[u]).transpose() * eig(now.R[u]) - Eigen::Matrix3d::Identity()).norm(), 1e-13);
  }
  ASSERT_EQ(now.point_position.size(), mech.points.size());
  for (std::size_t k = 0; k < mech.points.size(); ++k) {
    const Eigen::Vector3d rate = (eig(ahead.point_position[k]) - eig(behind.point_position[k])) / (2 * h);
    EXPECT_LE((rate - (eig(now.point_velocity[k]) - v0 - w0.cross(eig(now.point_position[k])))).norm(),
              1e-6 * std::max(1.0, rate.norm()));
    const auto b = static_cast<std::size_t>(mech.points[k].body);
    EXPECT_LE((eig(now.point_position[k]) - (eig(now.p[b]) + eig(now.R[b]) * eig(mech.points[k].position))).norm(), 1e-14);
  }
}

void check_random_trees(bool moving_base, unsigned seed) {
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 20; ++trial) {
    test::RandomModelOptions options;
    options.bodies = 1 + trial % 10;
    options.moving_base = moving_base;
    SCOPED_TRACE("trial " + std::to_string(trial));
    check_at_random_state(make_numeric_mechanism(test::random_model(rng, options)), rng);
  }
}

TEST(Kinematics, VelocitiesMatchFiniteDifferencesOnFixedBase) { check_random_trees(false, 41); }

TEST(Kinematics, VelocitiesMatchFiniteDifferencesOnMovingBase) { check_random_trees(true, 42); }

TEST(Kinematics, VelocitiesMatchFiniteDifferencesOnBundledModels) {
  std::mt19937 rng(43);
  for (const std::string& name : test::bundled_tree_model_names()) {
    SCOPED_TRACE(name);
    const Mechanism<double> mech = make_numeric_mechanism(test::load_bundled_model(name));
    for (int k = 0; k < 3; ++k) check_at_random_state(mech, rng);
  }
}

TEST(Kinematics, SingleRevoluteJointByHand) {
  Model model;
  model.bodies.resize(2);
  model.bodies[1].parent = 0;
  model.bodies[1].coordinate = 0;
  model.bodies[1].joint.type = JointType::revolute;
  model.bodies[1].joint.axis = 2;
  model.bodies[1].joint.rho = test::quantity3(Eigen::Vector3d(1.0, 0.0, 0.0));
  model.bodies[1].joint.gamma = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  model.coordinates = {"q"};
  model.points.push_back({"b.tip", 1, test::quantity3(Eigen::Vector3d(2.0, 0.0, 0.0))});
  const Mechanism<double> mech = make_numeric_mechanism(model);
  State<double> state(mech);
  state.q[0] = M_PI / 2;
  state.qd[0] = 3.0;
  KinematicsData<double> data(mech);
  kinematics(mech, state, data);
  // the tip at (1, 0, 0) + 2 (cos q, sin q, 0), moving with 3 * 2 (-sin q, cos q, 0)
  EXPECT_LE((eig(data.point_position[0]) - Eigen::Vector3d(1.0, 2.0, 0.0)).norm(), 1e-15);
  EXPECT_LE((eig(data.point_velocity[0]) - Eigen::Vector3d(-6.0, 0.0, 0.0)).norm(), 1e-15);
  EXPECT_LE((eig(data.w[1]) - Eigen::Vector3d(0.0, 0.0, 3.0)).norm(), 1e-15);
}

}  // namespace
}  // namespace dyngen::algorithms
