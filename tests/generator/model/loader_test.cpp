// Loader tests: valid files load; composite expansion; fixed merging and axis alignment keep the
// physics (against forward kinematics of the file's own description with arbitrary axes);
// about: com conversion; expressions and parameter sources.
#include "model/loader.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "lsan_suppressions.hpp"

#include <ginac/ginac.h>

#include <iomanip>
#include <map>
#include <sstream>

#include "kinematics_oracle.hpp"

namespace dyngen {
namespace {

using test::Pose;
using test::vec;

// A body as written in a file, with an arbitrary joint axis (file semantics).
struct RawBody {
  std::string name;
  int parent;  // index into the raw list, -1 = base
  std::string type;
  Eigen::Vector3d axis;
  Eigen::Vector3d xyz, rpy;
  double mass;
  Eigen::Vector3d com;
  std::array<double, 6> tensor_com;  // xx yy zz xy xz yz
  std::vector<std::pair<std::string, Eigen::Vector3d>> points;
};

std::string list(const Eigen::Vector3d& v) {
  std::ostringstream out;
  out << std::setprecision(17) << "[" << v[0] << ", " << v[1] << ", " << v[2] << "]";
  return out.str();
}

std::string to_yaml(const std::vector<RawBody>& raw) {
  std::ostringstream out;
  out << std::setprecision(17) << "name: raw\nbase: {name: base, motion: moving}\nbodies:\n";
  for (const RawBody& b : raw) {
    out << "  - name: " << b.name << "\n    parent: " << (b.parent < 0 ? "base" : raw[b.parent].name) << "\n";
    out << "    joint: {type: " << b.type << (b.type == "fixed" ? "" : ", axis: " + list(b.axis))
        << ", frame: {xyz: " << list(b.xyz) << ", rpy: " << list(b.rpy) << "}}\n";
    const auto& t = b.tensor_com;
    out << "    inertia: {mass: " << b.mass << ", com: " << list(b.com) << ", tensor: {xx: " << t[0] << ", yy: " << t[1]
        << ", zz: " << t[2] << ", xy: " << t[3] << ", xz: " << t[4] << ", yz: " << t[5] << "}}\n";
    if (!b.points.empty()) {
      out << "    points:\n";
      for (const auto& [name, p] : b.points) out << "      " << name << ": " << list(p) << "\n";
    }
  }
  return out.str();
}

Eigen::Matrix3d rpy(const Eigen::Vector3d& a) {
  // R = Rz(yaw) Ry(pitch) Rx(roll)
  return (Eigen::AngleAxisd(a[2], Eigen::Vector3d::UnitZ()) * Eigen::AngleAxisd(a[1], Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(a[0], Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

// Poses of the raw bodies at coordinates q (one per non-fixed body, in list order).
std::vector<Pose> raw_poses(const std::vector<RawBody>& raw, const std::vector<double>& q) {
  std::vector<Pose> poses(raw.size());
  std::size_t next = 0;
  for (std::size_t j = 0; j < raw.size(); ++j) {
    const RawBody& b = raw[j];
    const Pose parent = b.parent < 0 ? Pose{} : poses[b.parent];
    Pose pose{parent.rotation * rpy(b.rpy), parent.origin + parent.rotation * b.xyz};
    const Eigen::Vector3d u = b.axis.normalized();
    if (b.type == "revolute") pose.rotation = pose.rotation * test::axis_rotation(u, q[next++]);
    if (b.type == "prismatic") pose.origin += pose.rotation * u * q[next++];
    poses[j] = pose;
  }
  return poses;
}

test::WorldInertia raw_world_inertia(const RawBody& b, const Pose& pose) {
  const auto& t = b.tensor_com;
  Eigen::Matrix3d about_com;
  about_com << t[0], t[3], t[4], t[3], t[1], t[5], t[4], t[5], t[2];
  test::WorldInertia w;
  w.add(b.mass, pose.origin + pose.rotation * b.com, pose.rotation * about_com * pose.rotation.transpose());
  return w;
}

std::vector<RawBody> mixed_mechanism() {
  return {
      {"arm", -1, "revolute", {0, 0, -1}, {0.1, 0.2, 0.3}, {0.3, -0.2, 0.5}, 2.0, {0.1, -0.05, 0.2},
       {0.05, 0.04, 0.03, 0.002, -0.001, 0.0015}, {{"elbow", {0.4, 0.1, -0.2}}}},
      {"slider", 0, "prismatic", {0.48, 0.6, 0.64}, {0.3, 0, 0.1}, {-0.4, 0.1, 0.7}, 1.2, {0.02, 0.03, -0.01},
       {0.01, 0.012, 0.008, -0.001, 0.0005, 0.0002}, {{"tip", {0.1, -0.2, 0.05}}}},
      {"bracket", 1, "fixed", {0, 0, 1}, {0.05, -0.1, 0.2}, {0.2, 0.3, -0.1}, 0.7, {0.01, 0.0, 0.04},
       {0.004, 0.005, 0.003, 0.0003, 0.0, -0.0004}, {{"mount", {0.02, 0.03, 0.04}}}},
      {"wrist", 2, "revolute", {0, -1, 0}, {0.1, 0.1, 0}, {0, 0, 0}, 0.5, {0.0, 0.05, 0.02},
       {0.002, 0.001, 0.0025, 0.0, 0.0001, 0.0}, {{"grip", {0.0, 0.15, 0.0}}}},
      {"side", 0, "revolute", {0.0, 0.6, -0.8}, {-0.2, 0.1, 0.0}, {0, 0.4, 0}, 0.9, {0.03, 0.0, 0.0},
       {0.003, 0.004, 0.005, 0.0, 0.0, 0.0}, {{"end", {0.2, 0.0, 0.1}}}},
  };
}

TEST(Loader, FixedMergeAndAxisAlignmentKeepThePhysics) {
  const std::vector<RawBody> raw = mixed_mechanism();
  const Model model = load_model_from_string(to_yaml(raw), "mixed.yaml");
  // the fixed bracket is merged into the slider: base, arm, slider, wrist, side
  ASSERT_EQ(model.body_count(), 5);
  ASSERT_EQ(model.dof(), 4);
  EXPECT_EQ(model.coordinates, (std::vector<std::string>{"arm", "slider", "wrist", "side"}));
  for (int j = 1; j < model.body_count(); ++j) {
    const Joint& joint = model.bodies[j].joint;
    EXPECT_TRUE(joint.type == JointType::revolute || joint.type == JointType::prismatic);
    Eigen::Matrix3d gamma;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) gamma(r, c) = joint.gamma[r][c];
    EXPECT_NEAR((gamma * gamma.transpose() - Eigen::Matrix3d::Identity()).norm(), 0, 1e-12);
    EXPECT_NEAR(gamma.determinant(), 1, 1e-12);
  }
  EXPECT_EQ(model.bodies[1].joint.axis, 2);  // -z became +z
  EXPECT_EQ(model.bodies[3].joint.axis, 1);  // -y became +y

  for (const std::vector<double>& q : {std::vector<double>{0, 0, 0, 0}, std::vector<double>{0.7, -0.25, 1.3, -0.9}}) {
    const std::vector<Pose> expected = raw_poses(raw, q);
    const std::vector<Pose> actual = test::model_poses(model, q);
    std::map<std::string, int> raw_index;
    for (std::size_t j = 0; j < raw.size(); ++j) raw_index[raw[j].name] = static_cast<int>(j);
    // every named point at the same world position
    ASSERT_EQ(model.points.size(), 5u);
    for (const NamedPoint& point : model.points) {
      const auto dot = point.name.find('.');
      const RawBody& b = raw[raw_index.at(point.name.substr(0, dot))];
      Eigen::Vector3d local = Eigen::Vector3d::Zero();
      for (const auto& [name, p] : b.points)
        if (name == point.name.substr(dot + 1)) local = p;
      const Pose& e = expected[raw_index.at(b.name)];
      const Eigen::Vector3d world_expected = e.origin + e.rotation * local;
      const Eigen::Vector3d world_actual = actual[point.body].origin + actual[point.body].rotation * vec(point.position);
      EXPECT_NEAR((world_expected - world_actual).norm(), 0, 1e-12) << point.name;
    }
    // each model body's world inertia = that of the file bodies it stands for
    const std::map<int, std::vector<std::string>> groups = {
        {1, {"arm"}}, {2, {"slider", "bracket"}}, {3, {"wrist"}}, {4, {"side"}}};
    for (const auto& [j, names] : groups) {
      test::WorldInertia want;
      for (const std::string& name : names) {
        const test::WorldInertia part = raw_world_inertia(raw[raw_index.at(name)], expected[raw_index.at(name)]);
        want.mass += part.mass;
        want.first_moment += part.first_moment;
        want.about_origin += part.about_origin;
      }
      const test::WorldInertia got = test::body_world_inertia(model, actual, j);
      EXPECT_NEAR(got.mass, want.mass, 1e-12);
      EXPECT_NEAR((got.first_moment - want.first_moment).norm(), 0, 1e-12) << model.bodies[j].name;
      EXPECT_NEAR((got.about_origin - want.about_origin).norm(), 0, 1e-12) << model.bodies[j].name;
    }
  }
}

TEST(Loader, NegativeAxisEqualsPositiveAxisWithNegatedCoordinate) {
  std::vector<RawBody> minus = mixed_mechanism();
  minus.resize(2);
  std::vector<RawBody> plus = minus;
  plus[0].axis = {0, 0, 1};
  const Model a = load_model_from_string(to_yaml(minus), "minus.yaml");
  const Model b = load_model_from_string(to_yaml(plus), "plus.yaml");
  for (const double angle : {0.0, 0.6, -2.1}) {
    const std::vector<Pose> pa = test::model_poses(a, {angle, 0.3});
    const std::vector<Pose> pb = test::model_poses(b, {-angle, 0.3});
    for (int j = 1; j < 3; ++j) {
      const test::WorldInertia ia = test::body_world_inertia(a, pa, j), ib = test::body_world_inertia(b, pb, j);
      EXPECT_NEAR((ia.first_moment - ib.first_moment).norm(), 0, 1e-12);
      EXPECT_NEAR((ia.about_origin - ib.about_origin).norm(), 0, 1e-12);
    }
    for (std::size_t p = 0; p < a.points.size(); ++p) {
      const auto world = [](const Model& m, const std::vector<Pose>& poses, std::size_t i) {
        const NamedPoint& point = m.points[i];
        return Eigen::Vector3d(poses[point.body].origin + poses[point.body].rotation * vec(point.position));
      };
      EXPECT_NEAR((world(a, pa, p) - world(b, pb, p)).norm(), 0, 1e-12) << a.points[p].name;
    }
  }
}

constexpr const char* composite_model = R"(
name: composite
base: {name: base, motion: fixed}
bodies:
  - name: ball
    parent: base
    joint: {type: spherical, spring: [1, 2, 3], frame: {xyz: [0, 0, 0.5]}}
    inertia: {mass: 1, tensor: {xx: 0.1, yy: 0.1, zz: 0.1}}
    points: {tip: [0, 0, 1]}
  - name: rover
    parent: base
    joint: {type: free}
    inertia: {mass: 2, tensor: {xx: 0.2, yy: 0.2, zz: 0.2}}
  - name: sleeve
    parent: ball
    joint: {type: cylindrical, axis: -x, damper: 4}
    inertia: {mass: 0.5, tensor: {xx: 0.01, yy: 0.02, zz: 0.02}}
  - name: cardan
    parent: sleeve
    joint: {type: universal, axes: [y, z]}
    inertia: {mass: 0.2, tensor: {xx: 0.01, yy: 0.01, zz: 0.01}}
)";

TEST(Loader, CompositeJointsExpandIntoMasslessBodies) {
  const Model model = load_model_from_string(composite_model, "composite.yaml");
  std::vector<std::string> names;
  for (const Body& body : model.bodies) names.push_back(body.name);
  EXPECT_EQ(names, (std::vector<std::string>{"base", "ball__0", "ball__1", "ball", "rover__0", "rover__1", "rover__2",
                                             "rover__3", "rover__4", "rover", "sleeve__0", "sleeve", "cardan__0",
                                             "cardan"}));
  EXPECT_EQ(model.coordinates,
            (std::vector<std::string>{"ball.0", "ball.1", "ball.2", "rover.0", "rover.1", "rover.2", "rover.3",
                                      "rover.4", "rover.5", "sleeve.0", "sleeve.1", "cardan.0", "cardan.1"}));
  EXPECT_TRUE(model.bodies[1].massless);
  EXPECT_EQ(model.bodies[1].inertia.mass.value, 0.0);
  EXPECT_FALSE(model.bodies[3].massless);
  EXPECT_EQ(model.bodies[3].inertia.mass.value, 1.0);
  EXPECT_EQ(model.bodies[2].joint.spring.value, 2.0);
  EXPECT_EQ(model.bodies[11].joint.damper.value, 4.0);
  EXPECT_EQ(model.bodies[10].joint.type, JointType::prismatic);
  EXPECT_EQ(model.bodies[11].joint.type, JointType::revolute);
  EXPECT_EQ(model.bodies[3].parent, 2);
  EXPECT_EQ(model.bodies[10].parent, 3);
  EXPECT_EQ(model.tree_depth(), 7);
  EXPECT_TRUE(model.bodies[3].external_wrench);  // default: bodies with points
  EXPECT_FALSE(model.bodies[9].external_wrench);

  // spherical = Rx(a) Ry(b) Rz(c) of the joint frame; the point follows
  const double a = 0.3, b = -0.7, c = 1.1;
  std::vector<double> q(model.dof(), 0.0);
  q[0] = a, q[1] = b, q[2] = c;
  const std::vector<Pose> poses = test::model_poses(model, q);
  const Eigen::Matrix3d expected = test::axis_rotation(Eigen::Vector3d::UnitX(), a) *
                                   test::axis_rotation(Eigen::Vector3d::UnitY(), b) *
                                   test::axis_rotation(Eigen::Vector3d::UnitZ(), c);
  EXPECT_NEAR((poses[3].rotation - expected).norm(), 0, 1e-12);
  const Eigen::Vector3d tip = poses[3].origin + poses[3].rotation * vec(model.points[0].position);
  EXPECT_NEAR((tip - (Eigen::Vector3d(0, 0, 0.5) + expected.col(2))).norm(), 0, 1e-12);
  // the cylindrical sleeve along -x: its prismatic coordinate moves it along -x of the ball
  q.assign(model.dof(), 0.0);
  q[9] = 0.25;
  const std::vector<Pose> slid = test::model_poses(model, q);
  EXPECT_NEAR((slid[11].origin - Eigen::Vector3d(-0.25, 0, 0.5)).norm(), 0, 1e-12);
}

constexpr const char* expression_model = R"(
name: expressions
gravity: [0, 0, "-g"]
base: {name: base, motion: moving}
parameters:
  g: 9.81
  L: 0.5
  m: "2*L + 0.1"
  half_pi: Pi/2
bodies:
  - name: rod
    parent: base
    joint: {type: revolute, axis: -z, frame: {xyz: [L, 0, 0], rpy: [0, 0, half_pi]}, spring: "100*m"}
    inertia: {mass: m, com: [0, L, "L/2"], about: com, tensor: {xx: "m*L^2/12", yy: "m*L^2/12", zz: 0.01}}
  - name: rod_origin
    parent: base
    joint: {type: revolute, axis: z}
    inertia: {mass: 1.1, com: [0, 0.5, 0.25], about: origin, tensor: {xx: 0.3666666666666667, yy: 0.0916666666666667, zz: 0.285, yz: -0.1375}}
)";

TEST(Loader, ExpressionsKeepParameterSourcesConsistentWithValues) {
  const Model model = load_model_from_string(expression_model, "expressions.yaml");
  ASSERT_EQ(model.parameters.size(), 4u);
  EXPECT_EQ(model.parameters[2].name, "m");
  EXPECT_DOUBLE_EQ(model.parameters[2].value, 1.1);
  EXPECT_FALSE(model.parameters[2].source.empty());
  EXPECT_TRUE(model.parameters[0].source.empty());
  EXPECT_DOUBLE_EQ(model.gravity[2].value, -9.81);
  EXPECT_EQ(model.gravity[2].source, "-g");
  const Body& rod = model.bodies[1];
  EXPECT_EQ(rod.inertia.mass.source, "m");
  EXPECT_DOUBLE_EQ(rod.joint.spring.value, 110.0);
  EXPECT_DOUBLE_EQ(rod.joint.rho[0].value, 0.5);
  // axis -z turned into +z by a half turn about x: body y, z flip sign
  EXPECT_EQ(rod.joint.axis, 2);
  EXPECT_DOUBLE_EQ(rod.inertia.com[1].value, -0.5);
  EXPECT_EQ(rod.inertia.com[1].source, "-L");
  EXPECT_DOUBLE_EQ(rod.inertia.com[2].value, -0.25);
  // about com -> origin: I_O = I_C + m (|c|^2 E - c c^T)
  EXPECT_NEAR(rod.inertia.tensor_origin[0].value, 1.1 * 0.25 / 12 + 1.1 * (0.25 + 0.0625), 1e-15);
  EXPECT_NEAR(rod.inertia.tensor_origin[5].value, -1.1 * (-0.5) * (-0.25), 1e-15);
  // gamma = R^T with R = Rz(half_pi): entries keep their source over the parameter
  EXPECT_EQ(rod.joint.gamma_source[0][0], "cos(half_pi)");
  EXPECT_NEAR(rod.joint.gamma[0][0], 0.0, 1e-15);
  EXPECT_TRUE(rod.joint.gamma_source[2][2].empty());
  // the same body given about its origin (no rotation) has the un-rotated origin tensor
  const Body& plain = model.bodies[2];
  EXPECT_NEAR(plain.inertia.tensor_origin[0].value, rod.inertia.tensor_origin[0].value, 1e-12);
  // a half turn about x keeps the yz product (both y and z change sign)
  EXPECT_NEAR(plain.inertia.tensor_origin[5].value, rod.inertia.tensor_origin[5].value, 1e-12);

  // every source re-evaluates to its value
  GiNaC::symtab symbols;
  GiNaC::exmap values;
  for (const Parameter& p : model.parameters) {
    const GiNaC::symbol s(p.name);
    symbols[p.name] = s;
    values[s] = p.value;
  }
  GiNaC::parser reader(symbols);
  int checked = 0;
  const auto check = [&](const Quantity& quantity) {
    if (quantity.source.empty()) return;
    const GiNaC::ex value = GiNaC::evalf(reader(quantity.source).subs(values));
    EXPECT_NEAR(GiNaC::ex_to<GiNaC::numeric>(value).to_double(), quantity.value, 1e-12) << quantity.source;
    ++checked;
  };
  for (const Body& body : model.bodies) {
    check(body.inertia.mass);
    for (const Quantity& q : body.inertia.com) check(q);
    for (const Quantity& q : body.inertia.tensor_origin) check(q);
    for (const Quantity& q : body.joint.rho) check(q);
    check(body.joint.spring);
  }
  EXPECT_GE(checked, 8);
}

// Values that cancel to within rounding of what they are computed from are exact zeros: a zero
// centre-of-mass offset written as "a3 - 0.0203" and cos(half_pi) must not leave 1e-17 residues
// that turn zero products of inertia and rotation entries into nonzero constants in every kernel.
TEST(Loader, ParameterValuesReplaceTheFilesAndEnterTheHash) {
  const Model model = load_model_from_string(expression_model, "expressions.yaml");
  const Model heavier = load_model_from_string(expression_model, "expressions.yaml", {{"L", 0.75}});
  // m = 2 L + 0.1 and the spring 100 m follow the new L
  EXPECT_DOUBLE_EQ(heavier.bodies[1].inertia.mass.value, 1.6);
  EXPECT_DOUBLE_EQ(heavier.bodies[1].joint.spring.value, 160.0);
  EXPECT_NE(heavier.source_hash, model.source_hash);
  EXPECT_EQ(load_model_from_string(expression_model, "expressions.yaml", {{"L", 0.5}}).bodies[1].inertia.mass.value,
            model.bodies[1].inertia.mass.value);
  try {
    load_model_from_string(expression_model, "expressions.yaml", {{"length", 1.0}});
    FAIL() << "an unknown parameter was accepted";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("parameters.length"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no such parameter"), std::string::npos) << e.what();
  }
}

TEST(Loader, CancellingExpressionsEvaluateToExactZeros) {
  const Model model = load_model_from_string(R"(
name: cancellation
base: {name: base, motion: fixed}
parameters:
  a3: 0.0203
  d3: 0.15005
  half_pi: Pi/2
bodies:
  - name: link
    parent: base
    joint: {type: revolute, axis: z, frame: {xyz: [a3, 0, d3], rpy: [half_pi, 0, 0]}}
    inertia: {mass: 4.8, com: ["a3 - 0.0203", 0.070, "d3 + 0.0141"], tensor: {xx: 0.066, yy: 0.020, zz: 0.086}}
)", "cancellation.yaml");
  const Body& link = model.bodies[1];
  EXPECT_EQ(link.inertia.com[0].value, 0.0);
  EXPECT_EQ(link.inertia.tensor_origin[3].value, 0.0);  // xy = -m c_x c_y
  EXPECT_EQ(link.inertia.tensor_origin[4].value, 0.0);  // xz = -m c_x c_z
  EXPECT_NEAR(link.inertia.tensor_origin[5].value, -4.8 * 0.070 * (0.15005 + 0.0141), 1e-15);
  for (const auto& row : link.joint.gamma)
    for (const double g : row) EXPECT_TRUE(g == 0.0 || std::abs(std::abs(g) - 1.0) < 1e-15) << g;
}

TEST(Loader, LoopsMarkDependentCoordinatesAndMoveCutData) {
  const Model model = load_model_from_string(R"(
name: looped
base: {name: base, motion: moving}
bodies:
  - {name: ring, parent: base, joint: {type: prismatic, axis: z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: leg_lo, parent: base, joint: {type: universal, frame: {xyz: [0.3, 0, 0]}}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: leg_up, parent: leg_lo, joint: {type: prismatic, axis: -z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
loops:
  - name: leg
    root: base
    dependent: [leg_lo, leg_up]
    closes_on: ring
    cut: {type: spherical, terminal_point: [0, 0.1, 0.4], closing_point: [0.3, 0, 0]}
    closure: newton
outputs: {points: []}
)",
                                             "looped.yaml");
  ASSERT_EQ(model.loops.size(), 1u);
  const Loop& loop = model.loops[0];
  EXPECT_EQ(loop.root, 0);
  EXPECT_EQ(loop.closes_on, 1);
  EXPECT_EQ(loop.dependent, (std::vector<int>{2, 3, 4}));
  EXPECT_FALSE(loop.analytic_closure);
  EXPECT_EQ(model.independent, (std::vector<bool>{true, false, false, false}));
  // leg_up's -z axis became +z by a half turn about x: its terminal point flips y and z
  EXPECT_DOUBLE_EQ(loop.terminal_point[1].value, -0.1);
  EXPECT_DOUBLE_EQ(loop.terminal_point[2].value, -0.4);
  EXPECT_DOUBLE_EQ(loop.closing_point[0].value, 0.3);
}

TEST(Loader, SourceHashIsFnv1a64OfTheBytes) {
  EXPECT_EQ(fnv1a64_hex(""), "cbf29ce484222325");
  EXPECT_EQ(fnv1a64_hex("a"), "af63dc4c8601ec8c");
  const Model model = load_model_from_string(composite_model, "composite.yaml");
  EXPECT_EQ(model.source_hash, fnv1a64_hex(composite_model));
  EXPECT_EQ(model.source_path, "composite.yaml");
}

}  // namespace
}  // namespace dyngen
