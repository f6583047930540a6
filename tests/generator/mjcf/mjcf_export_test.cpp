// The exported MJCF loads in MuJoCo and describes the same mechanism: bodies, masses, centres of
// mass, inertia tensors, joint frames (checked by MuJoCo's forward kinematics against the model's
// transform chain), springs, dampers and gravity; a looped model's loops as connect constraints
// that hold at its closed states.
#include "generator/mjcf/mjcf_export.hpp"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "generator/algorithms/loop_closure.hpp"
#include "generator/mjcf/mujoco_model.hpp"
#include "generator/model/loader.hpp"
#include "mujoco_oracle.hpp"
#include "random_tree.hpp"

namespace dyngen {
namespace {

using testing::MujocoOracle;
using testing::random_tree;

Eigen::Vector3d vector_of(const Vec3Q& v) { return {v[0].value, v[1].value, v[2].value}; }

MujocoOracle load(const Model& model) {
  const MjcfNames names = mjcf_names(model);
  return MujocoOracle(export_mjcf(model), names.joints, names.base_joint);
}

struct Pose {
  Eigen::Matrix3d rotation;  // body axes to base axes
  Eigen::Vector3d origin;    // in base axes
};

// The model's transform chain: R_j = R_p gamma_j^T a_j(q_j), r_j = r_p + R_p (rho_j + gamma_j^T t_j).
std::vector<Pose> poses(const Model& model, const Eigen::VectorXd& q) {
  std::vector<Pose> pose(model.bodies.size(), Pose{Eigen::Matrix3d::Identity(), Eigen::Vector3d::Zero()});
  for (int j = 1; j < model.body_count(); ++j) {
    const Joint& joint = model.bodies[j].joint;
    Eigen::Matrix3d gamma;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) gamma(r, c) = joint.gamma[r][c];
    Eigen::Matrix3d motion = Eigen::Matrix3d::Identity();
    Eigen::Vector3d translation = Eigen::Vector3d::Zero();
    const double qj = model.bodies[j].coordinate >= 0 ? q[model.bodies[j].coordinate] : 0.0;
    if (joint.type == JointType::revolute) motion = Eigen::AngleAxisd(qj, Eigen::Vector3d::Unit(joint.axis)).toRotationMatrix();
    if (joint.type == JointType::prismatic) translation = qj * Eigen::Vector3d::Unit(joint.axis);
    const Pose& parent = pose[model.bodies[j].parent];
    pose[j].rotation = parent.rotation * gamma.transpose() * motion;
    pose[j].origin = parent.origin + parent.rotation * (vector_of(joint.rho) + gamma.transpose() * translation);
  }
  return pose;
}

Eigen::Matrix3d inertia_about_com(const Inertia& inertia) {
  const auto& t = inertia.tensor_origin;
  Eigen::Matrix3d about_origin;
  about_origin << t[0].value, t[3].value, t[4].value, t[3].value, t[1].value, t[5].value, t[4].value,
      t[5].value, t[2].value;
  const Eigen::Vector3d c = vector_of(inertia.com);
  return about_origin - inertia.mass.value * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
}

class ExportedTree : public ::testing::TestWithParam<bool> {};

TEST_P(ExportedTree, HasTheModelsBodiesInertiasJointsAndGravity) {
  const bool moving_base = GetParam();
  for (unsigned seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Model model = random_tree(seed, 12, moving_base);
    const MjcfNames names = mjcf_names(model);
    MujocoOracle oracle = load(model);
    const mjModel& m = oracle.model();
    ASSERT_EQ(m.nbody, model.body_count() + (moving_base ? 1 : 0));
    ASSERT_EQ(m.nv, model.dof() + (moving_base ? 6 : 0));
    for (int k = 0; k < 3; ++k) EXPECT_EQ(m.opt.gravity[k], model.gravity[k].value);

    double total_mass = 0.0;
    for (int j = moving_base ? 0 : 1; j < model.body_count(); ++j) {
      const Body& body = model.bodies[j];
      const int id = mj_name2id(&m, mjOBJ_BODY, names.bodies[j].c_str());
      ASSERT_GE(id, 0) << names.bodies[j];
      const double mass = body.massless ? kMjcfMinimalInertia : body.inertia.mass.value;
      EXPECT_EQ(m.body_mass[id], mass) << body.name;
      total_mass += m.body_mass[id];
      if (body.massless) continue;
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(m.body_ipos[3 * id + k], body.inertia.com[k].value, 1e-15);
      // MuJoCo keeps the tensor as principal moments in a rotated inertial frame.
      const Eigen::Quaterniond axes(m.body_iquat[4 * id], m.body_iquat[4 * id + 1], m.body_iquat[4 * id + 2],
                                    m.body_iquat[4 * id + 3]);
      const Eigen::Vector3d principal(m.body_inertia + 3 * id);
      const Eigen::Matrix3d tensor = axes.toRotationMatrix() * principal.asDiagonal() * axes.toRotationMatrix().transpose();
      EXPECT_LT((tensor - inertia_about_com(body.inertia)).norm(), 1e-13 * tensor.norm()) << body.name;
    }
    EXPECT_NEAR(mj_getTotalmass(&m), total_mass, 1e-13 * total_mass);

    for (int i = 0; i < model.dof(); ++i) {
      const int joint = mj_name2id(&m, mjOBJ_JOINT, names.joints[i].c_str());
      ASSERT_GE(joint, 0) << names.joints[i];
      const Joint& spec = std::find_if(model.bodies.begin(), model.bodies.end(),
                                       [&](const Body& b) { return b.coordinate == i; })->joint;
      EXPECT_EQ(m.jnt_type[joint], spec.type == JointType::revolute ? mjJNT_HINGE : mjJNT_SLIDE);
      EXPECT_EQ(m.jnt_stiffness[joint], spec.spring.value);
      EXPECT_EQ(m.qpos_spring[m.jnt_qposadr[joint]], spec.q0.value);
      EXPECT_EQ(m.dof_damping[m.jnt_dofadr[joint]], spec.damper.value);
    }
  }
}

TEST_P(ExportedTree, PlacesBodiesWhereTheModelsTransformChainDoes) {
  const bool moving_base = GetParam();
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const Model model = random_tree(seed, 15, moving_base);
    const MjcfNames names = mjcf_names(model);
    MujocoOracle oracle = load(model);
    for (int sample = 0; sample < 10; ++sample) {
      Eigen::VectorXd q(model.dof());
      for (auto& value : q) value = angle(random);
      oracle.set_state(q, Eigen::VectorXd::Zero(model.dof()));
      const std::vector<Pose> expected = poses(model, q);
      const mjData& d = oracle.data();
      for (int j = 1; j < model.body_count(); ++j) {
        const int id = mj_name2id(&oracle.model(), mjOBJ_BODY, names.bodies[j].c_str());
        const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> rotation(d.xmat + 9 * id);
        const Eigen::Map<const Eigen::Vector3d> origin(d.xpos + 3 * id);
        const Eigen::Map<const Eigen::Vector3d> com(d.xipos + 3 * id);
        EXPECT_LT((rotation - expected[j].rotation).norm(), 1e-13) << model.bodies[j].name;
        EXPECT_LT((origin - expected[j].origin).norm(), 1e-13) << model.bodies[j].name;
        if (!model.bodies[j].massless) {
          EXPECT_LT((com - expected[j].origin - expected[j].rotation * vector_of(model.bodies[j].inertia.com)).norm(),
                    1e-13);
        }
      }
      ASSERT_EQ(oracle.model().nsite, static_cast<int>(model.points.size()));
      for (std::size_t i = 0; i < model.points.size(); ++i) {
        const NamedPoint& point = model.points[i];
        const int site = mj_name2id(&oracle.model(), mjOBJ_SITE, names.sites[i].c_str());
        ASSERT_GE(site, 0) << point.name;
        const Eigen::Map<const Eigen::Vector3d> position(d.site_xpos + 3 * site);
        const Eigen::Vector3d expected_position =
            expected[point.body].origin + expected[point.body].rotation * vector_of(point.position);
        EXPECT_LT((position - expected_position).norm(), 1e-13) << point.name;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Base, ExportedTree, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "Moving" : "Fixed"; });

// Moments on the triangle inequality's boundary (A + B = C: flat bodies, PUMA's link 3) load in
// MuJoCo, which checks A + B >= C without tolerance, whatever the rounding of their
// eigen-decomposition in any orientation.
TEST(ExportMjcf, LoadsInertiasOnTheTriangleBoundary) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> uniform(0.01, 1.0);
  for (int trial = 0; trial < 40; ++trial) {
    Model model = random_tree(3, 6, false);
    for (int j = 1; j < model.body_count(); ++j) {
      Inertia& inertia = model.bodies[static_cast<std::size_t>(j)].inertia;
      const double a = uniform(rng), b = uniform(rng);
      const Eigen::Matrix3d R =
          Eigen::Quaterniond(Eigen::Vector4d(uniform(rng) - 0.5, uniform(rng) - 0.5, uniform(rng) - 0.5, uniform(rng)).normalized())
              .toRotationMatrix();
      const Eigen::Vector3d c = vector_of(inertia.com);
      const Eigen::Matrix3d about_origin = R * Eigen::Vector3d(a, b, a + b).asDiagonal() * R.transpose() +
                                           inertia.mass.value * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
      const int row[6] = {0, 1, 2, 0, 0, 1}, col[6] = {0, 1, 2, 1, 2, 2};
      for (int k = 0; k < 6; ++k) inertia.tensor_origin[static_cast<std::size_t>(k)].value = about_origin(row[k], col[k]);
    }
    EXPECT_NO_THROW(load(model)) << "trial " << trial;
  }
}

// A looped model's export: MuJoCo's qpos0 is the closed reference configuration (each joint's
// ref), and at random closed states of the model the connect constraints' positions and velocities
// (efc_pos, J qvel) vanish: the anchors are the cut points, the constraints the loops'.
TEST(ExportMjcf, LoopsBecomeConnectConstraintsThatHoldAtClosedStates) {
  for (const char* name : {"hexapod_peripheral", "probe_cone_central"}) {
    const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/" + name + ".yaml");
    const MjcfNames names = mjcf_names(model);
    MujocoModel mujoco(model);
    const mjModel* m = mujoco.model();
    mjData* d = mujoco.data();
    ASSERT_EQ(m->neq, static_cast<int>(model.loops.size())) << name;
    const auto mech = algorithms::make_numeric_mechanism(model);
    algorithms::State<double> state(mech);
    for (int i = 0; i < mech.dof; ++i) state.q[static_cast<std::size_t>(i)] = mech.q0[static_cast<std::size_t>(i)];
    ASSERT_EQ(algorithms::close_positions(mech, state).status, algorithms::ClosureStatus::closed) << name;
    for (int i = 0; i < mech.dof; ++i)
      EXPECT_NEAR(m->qpos0[m->jnt_qposadr[mj_name2id(m, mjOBJ_JOINT, names.joints[static_cast<std::size_t>(i)].c_str())]],
                  state.q[static_cast<std::size_t>(i)], 1e-15) << name << " " << model.coordinates[static_cast<std::size_t>(i)];
    std::mt19937 rng(8);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    double worst_position = 0.0, worst_velocity = 0.0;
    for (int sample = 0; sample < 50; ++sample) {
      algorithms::State<double> closed(mech);
      for (int i = 0; i < mech.dof; ++i) {
        const auto u = static_cast<std::size_t>(i);
        closed.q[u] = state.q[u] + (mech.independent[u] ? 0.04 * unit(rng) : 0.0);
        closed.qd[u] = mech.independent[u] ? unit(rng) : 0.0;
      }
      ASSERT_EQ(algorithms::close_positions(mech, closed).status, algorithms::ClosureStatus::closed) << name;
      algorithms::close_velocities(mech, closed);
      mujoco.set_state(closed.q.data(), closed.qd.data());
      mj_forward(m, d);
      for (int r = 0; r < d->nefc; ++r) {
        if (d->efc_type[r] != mjCNSTR_EQUALITY) continue;
        worst_position = std::max(worst_position, std::abs(d->efc_pos[r]));
        double rate = 0.0;
        for (int c = 0; c < m->nv; ++c) rate += d->efc_J[r * m->nv + c] * d->qvel[c];
        worst_velocity = std::max(worst_velocity, std::abs(rate));
      }
    }
    EXPECT_LE(worst_position, 1e-12) << name;
    EXPECT_LE(worst_velocity, 1e-12) << name;
  }
}

// A cut MuJoCo has no equality for (a spatial universal cut) is refused, naming the loop.
TEST(ExportMjcf, RefusesCutsWithoutAMujocoEquality) {
  const Model model = load_model_from_string(R"yaml(name: universal_cut
base: {name: base, motion: fixed}
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.3]}}, inertia: {mass: 1.0, com: [0.1, 0, 0], tensor: {xx: 0.002, yy: 0.01, zz: 0.01}}}
  - {name: strut, parent: base, joint: {type: universal, frame: {xyz: [0.4, 0, 0], rpy: [0, "atan2(-0.2, 0.3)", 0]}}, inertia: {mass: 0.5, com: [0, 0, 0.1], tensor: {xx: 0.002, yy: 0.002, zz: 0.0003}}}
  - {name: rod, parent: strut, joint: {type: prismatic, axis: z, q0: "sqrt(0.13)"}, inertia: {mass: 0.3, tensor: {xx: 0.001, yy: 0.001, zz: 0.0001}}}
  - {name: sleeve, parent: rod, joint: {type: revolute, axis: z}, inertia: {mass: 0.2, tensor: {xx: 0.0002, yy: 0.0003, zz: 0.0003}}}
loops:
  - {name: spatial_u, root: base, dependent: [strut, rod, sleeve], closes_on: crank,
     cut: {type: universal, terminal_point: [0, 0, 0], closing_point: [0.2, 0, 0], terminal_axis: x, closing_axis: y}}
)yaml",
                                             "universal_cut.yaml");
  try {
    export_mjcf(model);
    FAIL() << "a universal cut was exported";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("spatial_u"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("spherical cuts and planar cuts"), std::string::npos) << error.what();
  }
}

TEST(ExportMjcf, MakesNamesSafeAndUnique) {
  Model model = random_tree(4, 5, true);
  model.name = "quote\"and<angle>&";
  model.bodies[0].name = "world";
  model.bodies[1].name = "a b<c>";
  model.bodies[2].name = "a_b_c_";
  model.bodies[3].name = "a_b_c_";
  for (auto& coordinate : model.coordinates) coordinate = "q&\"";
  const MjcfNames names = mjcf_names(model);
  EXPECT_NE(names.bodies[0], "world");
  EXPECT_EQ(names.bodies[1], "a_b_c_");
  EXPECT_EQ(names.bodies[2], "a_b_c__2");
  EXPECT_EQ(names.bodies[3], "a_b_c__3");
  MujocoOracle oracle = load(model);
  EXPECT_EQ(oracle.model().njnt, model.dof() + 1);
  for (const std::string& joint : names.joints) EXPECT_GE(mj_name2id(&oracle.model(), mjOBJ_JOINT, joint.c_str()), 0);
}

}  // namespace
}  // namespace dyngen
