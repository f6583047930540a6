#include "generator/mjcf/mjcf_export.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>

#include <Eigen/Dense>

#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/loop_closure.hpp"

namespace dyngen {
namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

std::string numbers(std::initializer_list<double> values) {
  std::string text;
  for (double value : values) text += (text.empty() ? "" : " ") + number(value);
  return text;
}

std::string xml_escaped(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&apos;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

// Keeps [A-Za-z0-9_.-], replaces anything else by '_', and appends _2, _3, ... until the name is
// not yet taken in its MuJoCo namespace.
std::string unique_name(const std::string& wanted, std::set<std::string>& taken) {
  std::string safe = wanted.empty() ? "unnamed" : wanted;
  for (char& c : safe) {
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                         c == '_' || c == '.' || c == '-';
    if (!allowed) c = '_';
  }
  std::string name = safe;
  for (int suffix = 2; taken.count(name) != 0; ++suffix) name = safe + "_" + std::to_string(suffix);
  taken.insert(name);
  return name;
}

// MJCF quaternion "w x y z" of a rotation matrix, with w >= 0.
std::string quaternion(const Eigen::Matrix3d& rotation) {
  Eigen::Quaterniond quat(rotation);
  quat.normalize();
  if (quat.w() < 0) quat.coeffs() = -quat.coeffs();
  return numbers({quat.w(), quat.x(), quat.y(), quat.z()});
}

Eigen::Vector3d vector_of(const Vec3Q& v) { return {v[0].value, v[1].value, v[2].value}; }

// Rigid-body inertia about the centre of mass c from the one about the body origin O, in matrix
// form (parallel axis theorem): I_c = I_O - m (|c|^2 E - c c^T).
Eigen::Matrix3d inertia_about_com(const Inertia& inertia) {
  const auto& t = inertia.tensor_origin;
  Eigen::Matrix3d about_origin;
  about_origin << t[0].value, t[3].value, t[4].value,
                  t[3].value, t[1].value, t[5].value,
                  t[4].value, t[5].value, t[2].value;
  const Eigen::Vector3d c = vector_of(inertia.com);
  const double m = inertia.mass.value;
  return about_origin - m * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
}

// The coordinates the bodies are written at: zero for a tree, the closed reference configuration
// (every coordinate at its q0, the loops closed) for a looped model, so that MuJoCo's qpos0 closes
// the loops and its connect constraints take their anchors there.
std::vector<double> reference_configuration(const Model& model) {
  std::vector<double> q(static_cast<std::size_t>(model.dof()), 0.0);
  if (model.loops.empty()) return q;
  const auto mech = algorithms::make_numeric_mechanism(model);
  algorithms::State<double> state(mech);
  for (int i = 0; i < mech.dof; ++i) state.q[static_cast<std::size_t>(i)] = mech.q0[static_cast<std::size_t>(i)];
  const algorithms::ClosureReport report = algorithms::close_positions(mech, state);
  if (report.status != algorithms::ClosureStatus::closed)
    throw std::invalid_argument(
        "MJCF export: the reference configuration (every coordinate at its q0) does not close" +
        (report.loop >= 0 ? " at loop '" + model.loops[static_cast<std::size_t>(report.loop)].name + "'" : std::string()) +
        ": " + report.message);
  // MuJoCo's equality constraints hold a point of one body on a point of another (connect) or the
  // whole pose (weld): a spherical cut is a connect, and so is a planar loop's cut whose points
  // coincide (its third row redundant); the other cuts have no equality of their own
  algorithms::KinematicsData<double> kin(mech);
  algorithms::kinematics(mech, state, kin);
  for (std::size_t l = 0; l < model.loops.size(); ++l) {
    const Loop& loop = model.loops[l];
    const auto point = [&](int body, const Vec3Q& r) {
      const auto u = static_cast<std::size_t>(body);
      return kin.p[u] + kin.R[u] * algorithms::Vec3<double>(r[0].value, r[1].value, r[2].value);
    };
    const algorithms::Vec3<double> gap = point(loop.dependent.back(), loop.terminal_point) - point(loop.closes_on, loop.closing_point);
    const bool coincide = std::sqrt(spatial::dot(gap, gap)) <= 1e-9;
    if (loop.planar ? !coincide : loop.cut != CutType::spherical)
      throw std::invalid_argument("MJCF export: loop '" + loop.name + "' (chain " + loop.chain +
                                  (loop.planar ? ", planar, its cut points apart" : "") +
                                  "): MuJoCo's equality constraints (connect: two points held together, weld: the "
                                  "whole pose) express spherical cuts and planar cuts at a common point only");
  }
  return state.q;
}

class Writer {
 public:
  Writer(const Model& model, const MjcfNames& names)
      : model_(model), names_(names), reference_(reference_configuration(model)) {
    children_.resize(model.bodies.size());
    for (int j = 1; j < model.body_count(); ++j) children_[model.bodies[j].parent].push_back(j);
  }

  std::string document() {
    const Eigen::Vector3d gravity = vector_of(model_.gravity);
    out_ << "<mujoco model=\"" << xml_escaped(model_.name) << "\">\n"
         << "  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
         << "  <option gravity=\"" << numbers({gravity.x(), gravity.y(), gravity.z()}) << "\">\n"
         << "    <flag contact=\"disable\"/>\n"
         << "  </option>\n"
         << "  <worldbody>\n";
    if (model_.moving_base) {
      out_ << "    <body name=\"" << names_.bodies[0] << "\">\n"
           << "      <freejoint name=\"" << names_.base_joint << "\"/>\n";
      write_inertial(model_.bodies[0], true, "      ");
      write_sites(0, "      ");
      for (int child : children_[0]) write_body(child, "      ");
      out_ << "    </body>\n";
    } else {
      for (int child : children_[0]) write_body(child, "    ");
    }
    out_ << "  </worldbody>\n";
    if (!model_.loops.empty()) {
      out_ << "  <equality>\n";
      for (std::size_t l = 0; l < model_.loops.size(); ++l) {
        const Loop& loop = model_.loops[l];
        const Eigen::Vector3d anchor = vector_of(loop.terminal_point);
        out_ << "    <connect name=\"" << names_.loops[l] << "\" body1=\"" << names_.bodies[loop.dependent.back()]
             << "\" body2=\"" << names_.bodies[loop.closes_on] << "\" anchor=\""
             << numbers({anchor.x(), anchor.y(), anchor.z()}) << "\"/>\n";
      }
      out_ << "  </equality>\n";
    }
    out_ << "</mujoco>\n";
    return out_.str();
  }

 private:
  // The body at its joint's reference value q_ref (reference_configuration): turned by q_ref about
  // a hinge's axis or moved by q_ref along a slide's, with MuJoCo's ref = q_ref, so qpos is the
  // model's q.
  void write_body(int j, const std::string& indent) {
    const Body& body = model_.bodies[j];
    const Joint& joint = body.joint;
    const bool has_joint = joint.type != JointType::fixed;
    const double reference = has_joint ? reference_[static_cast<std::size_t>(body.coordinate)] : 0.0;
    // p_parent = gamma^T p_joint: the body's orientation in its parent is gamma^T a(q)^T.
    Eigen::Matrix3d orientation;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) orientation(r, c) = joint.gamma[c][r];
    Eigen::Vector3d position = vector_of(joint.rho);
    if (joint.type == JointType::revolute)
      orientation = orientation * Eigen::AngleAxisd(reference, Eigen::Vector3d::Unit(joint.axis)).toRotationMatrix();
    if (joint.type == JointType::prismatic) position += reference * orientation.col(joint.axis);
    out_ << indent << "<body name=\"" << names_.bodies[j] << "\" pos=\""
         << numbers({position.x(), position.y(), position.z()}) << "\" quat=\""
         << quaternion(orientation) << "\">\n";
    if (has_joint) {
      Eigen::Vector3d axis = Eigen::Vector3d::Zero();
      axis[joint.axis] = 1.0;
      out_ << indent << "  <joint name=\"" << names_.joints[body.coordinate] << "\" type=\""
           << (joint.type == JointType::revolute ? "hinge" : "slide") << "\" axis=\""
           << numbers({axis.x(), axis.y(), axis.z()}) << "\"" << (reference != 0.0 ? " ref=\"" + number(reference) + "\"" : "")
           << " stiffness=\"" << number(joint.spring.value) << "\" springref=\"" << number(joint.q0.value)
           << "\" damping=\"" << number(joint.damper.value) << "\"/>\n";
    }
    write_inertial(body, has_joint, indent + "  ");
    write_sites(j, indent + "  ");
    for (int child : children_[j]) write_body(child, indent + "  ");
    out_ << indent << "</body>\n";
  }

  // The tensor goes out as principal moments and axes: MuJoCo's own eigen-decomposition of
  // fullinertia is only accurate to about 1e-7. MuJoCo rejects bodies with a joint whose mass or
  // principal moments are below mjMINVAL; those get kMjcfMinimalInertia (an error of that order).
  void write_inertial(const Body& body, bool moves, const std::string& indent) {
    double mass = body.inertia.mass.value;
    if (!moves && mass <= 0.0) return;
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> principal(inertia_about_com(body.inertia));
    Eigen::Vector3d moments = principal.eigenvalues();
    Eigen::Matrix3d axes = principal.eigenvectors();
    if (axes.determinant() < 0) axes.col(2) = -axes.col(2);
    // The loader admits A + B >= C within its tolerance (check_inertia_tensor); MuJoCo checks it
    // without one, so a body on the boundary (a flat one, PUMA's link 3) whose decomposition
    // rounded C above A + B gets C = A + B (moments ascending).
    moments.z() = std::min(moments.z(), moments.x() + moments.y());
    if (moves) {
      mass = std::max(mass, kMjcfMinimalInertia);
      if (moments.minCoeff() < kMjcfMinimalInertia) moments.array() += kMjcfMinimalInertia;
    }
    const Eigen::Vector3d com = vector_of(body.inertia.com);
    out_ << indent << "<inertial pos=\"" << numbers({com.x(), com.y(), com.z()}) << "\" quat=\""
         << quaternion(axes) << "\" mass=\"" << number(mass) << "\" diaginertia=\""
         << numbers({moments.x(), moments.y(), moments.z()}) << "\"/>\n";
  }

  void write_sites(int j, const std::string& indent) {
    for (std::size_t i = 0; i < model_.points.size(); ++i) {
      if (model_.points[i].body != j) continue;
      const Eigen::Vector3d position = vector_of(model_.points[i].position);
      out_ << indent << "<site name=\"" << names_.sites[i] << "\" pos=\""
           << numbers({position.x(), position.y(), position.z()}) << "\"/>\n";
    }
  }

  const Model& model_;
  const MjcfNames& names_;
  std::vector<double> reference_;
  std::vector<std::vector<int>> children_;
  std::ostringstream out_;
};

}  // namespace

MjcfNames mjcf_names(const Model& model) {
  MjcfNames names;
  std::set<std::string> body_names{"world"};
  std::set<std::string> joint_names;
  names.bodies.resize(model.bodies.size());
  names.joints.resize(model.coordinates.size());
  if (model.moving_base) names.bodies[0] = unique_name(model.bodies[0].name, body_names);
  for (int j = 1; j < model.body_count(); ++j) names.bodies[j] = unique_name(model.bodies[j].name, body_names);
  for (int i = 0; i < model.dof(); ++i) names.joints[i] = unique_name(model.coordinates[i], joint_names);
  if (model.moving_base) names.base_joint = unique_name(names.bodies[0] + "_free", joint_names);
  std::set<std::string> site_names;
  for (const NamedPoint& point : model.points) names.sites.push_back(unique_name(point.name, site_names));
  std::set<std::string> equality_names;
  for (const Loop& loop : model.loops) names.loops.push_back(unique_name(loop.name, equality_names));
  return names;
}

std::string export_mjcf(const Model& model) {
  const MjcfNames names = mjcf_names(model);
  return Writer(model, names).document();
}

}  // namespace dyngen
