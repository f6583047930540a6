// What the loader derives for each declared loop once the tree is assembled (thesis ch. I, 2.3-2.5;
// spec algorithms.md "Kinematic loops"): the chain type in the seed's notation, planarity, the
// number of constraint equations of the cut, the square-ness of the dependent part of the
// constraint Jacobian (as many dependent coordinates as constraints), the closed-form closure the
// chain admits, and the order in which nested loops are closed.
#include <Eigen/Dense>

#include <cmath>
#include <map>
#include <sstream>

#include "model/file_model.hpp"
#include "model/topology.hpp"

namespace dyngen::model_detail {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

Vector3d vec(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }
Vector3d vec(const Vec3Q& v) { return {v[0].value, v[1].value, v[2].value}; }

// p_parent = gamma^T p_joint; at q = 0 the body frame is the joint frame.
Matrix3d parent_from_body(const Body& body) {
  Matrix3d g;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) g(r, c) = body.joint.gamma[r][c];
  return g.transpose();
}

// Poses relative to the loop's root at q = 0 for the bodies below it (rotation, origin).
struct RootPoses {
  std::map<int, Matrix3d> R;
  std::map<int, Vector3d> p;

  RootPoses(const Model& model, int root) {
    R[root] = Matrix3d::Identity();
    p[root] = Vector3d::Zero();
    for (int j = root + 1; j < model.body_count(); ++j) {
      const int parent = model.bodies[j].parent;
      if (!R.count(parent)) continue;
      p[j] = p[parent] + R[parent] * vec(model.bodies[j].joint.rho);
      R[j] = R[parent] * parent_from_body(model.bodies[j]);
    }
  }
  // The joint axis of body j, root axes.
  Vector3d axis(const Model& model, int j) const {
    return R.at(model.bodies[j].parent) * parent_from_body(model.bodies[j]).col(model.bodies[j].joint.axis);
  }
};

bool parallel(const Vector3d& a, const Vector3d& b) { return a.cross(b).norm() <= 1e-9 * a.norm() * b.norm(); }
bool normal(const Vector3d& a, const Vector3d& b) { return std::abs(a.dot(b)) <= 1e-9 * a.norm() * b.norm(); }

const char* cut_letters(CutType cut) {
  switch (cut) {
    case CutType::spherical: return "R3";
    case CutType::universal: return "R2";
    case CutType::revolute: return "R1";
    case CutType::prismatic: return "P1";
  }
  return "";
}

const char* cut_name(CutType cut) {
  switch (cut) {
    case CutType::spherical: return "spherical";
    case CutType::universal: return "universal";
    case CutType::revolute: return "revolute";
    case CutType::prismatic: return "prismatic";
  }
  return "";
}

// The seed's notation of the file's joints root -> terminal, then the cut: "R2P1R3".
std::string chain_notation(const FileModel& file, const FileLoop& loop) {
  static const std::map<std::string, std::string> letters = {
      {"revolute", "R1"}, {"prismatic", "P1"}, {"universal", "R2"}, {"spherical", "R3"},
      {"cylindrical", "C2"}, {"free", "P3R3"}, {"fixed", ""}};
  std::string chain;
  for (const std::string& name : loop.dependent)
    for (const FileBody& body : file.bodies)
      if (body.name == name) chain += letters.at(body.joint.type);
  return chain + cut_letters(loop.cut);
}

// The closing path: closing body and its ancestors below the root, closing body first.
std::vector<int> closing_path(const Model& model, const Loop& loop) {
  return loop.closes_on == loop.root ? std::vector<int>{} : path_up_to(model, loop.closes_on, loop.root);
}

// Planar: every revolute joint of the loop (dependent branch, closing path, a revolute cut) turns
// about one direction n and every prismatic one slides normal to it; then the loop moves in
// planes normal to n and the cut keeps only its in-plane constraints. Fills loop.plane_normal.
bool detect_planar(const Model& model, const RootPoses& poses, Loop& loop) {
  std::vector<int> joints = loop.dependent;
  for (int b : closing_path(model, loop)) joints.push_back(b);
  std::vector<Vector3d> turning, sliding;
  for (int j : joints)
    (model.bodies[j].joint.type == JointType::revolute ? turning : sliding).push_back(poses.axis(model, j));
  const int terminal = loop.dependent.back();
  if (loop.cut == CutType::revolute) {
    turning.push_back(poses.R.at(terminal) * vec(*loop.terminal_axis));
    turning.push_back(poses.R.at(loop.closes_on) * vec(*loop.closing_axis));
  }
  if (loop.cut == CutType::prismatic) sliding.push_back(poses.R.at(loop.closes_on) * vec(*loop.closing_axis));
  if (loop.cut == CutType::universal || turning.size() < 2) return false;
  const Vector3d n = turning.front().normalized();
  for (const Vector3d& a : turning)
    if (!parallel(a, n)) return false;
  for (const Vector3d& s : sliding)
    if (!normal(s, n)) return false;
  for (int k = 0; k < 3; ++k) loop.plane_normal[k] = n[k];
  return true;
}

int constraint_count(const Loop& loop) {
  if (loop.planar) return 2;
  switch (loop.cut) {
    case CutType::spherical: return 3;
    case CutType::universal: return 4;
    case CutType::revolute:
    case CutType::prismatic: return 5;
  }
  return 0;
}

// v lies on axis k for every value of the parameters: its other components are constant zeros.
bool on_axis(const Vec3Q& v, int k) {
  for (int i = 0; i < 3; ++i)
    if (i != k && (v[i].value != 0.0 || !v[i].source.empty())) return false;
  return true;
}

// The closed form the chain admits, or none with the reason.
void detect_closed_form(const Model& model, const RootPoses& poses, Loop& loop) {
  std::vector<JointType> types;
  for (int b : loop.dependent) types.push_back(model.bodies[b].joint.type);
  const auto is = [&](std::vector<JointType> expected) { return types == expected; };
  const bool point_cut = loop.cut == CutType::spherical || (loop.planar && loop.cut == CutType::revolute);
  if (!loop.planar && loop.cut == CutType::spherical &&
      is({JointType::revolute, JointType::revolute, JointType::prismatic})) {
    const int first = loop.dependent[0], second = loop.dependent[1];
    // the second joint's origin on the first one's axis: the axes meet there
    if (!on_axis(model.bodies[second].joint.rho, model.bodies[first].joint.axis)) {
      loop.no_closed_form = "the axes of the two revolute joints do not meet in a point";
      return;
    }
    if (parallel(poses.axis(model, first), poses.axis(model, second))) {
      loop.no_closed_form = "the two revolute axes are parallel";
      return;
    }
    loop.closed_form = ClosedForm::universal_prismatic;
    return;
  }
  if (loop.planar && point_cut && is({JointType::revolute, JointType::revolute})) {
    loop.closed_form = ClosedForm::planar_rr;
    return;
  }
  if (loop.planar && point_cut && is({JointType::revolute, JointType::prismatic})) {
    loop.closed_form = ClosedForm::planar_rp;
    return;
  }
  loop.no_closed_form = "no closed form for a " + std::string(loop.planar ? "planar " : "") + loop.chain + " loop";
}

// |n . (p_t - p_c)| is the same at every configuration of a planar loop: the cut points must lie
// in one plane.
void check_planar_cut_points(const Model& model, const RootPoses& poses, const Loop& loop, const FileLoop& source,
                             Diagnostics& diagnostics) {
  const int terminal = loop.dependent.back();
  const Vector3d t = poses.p.at(terminal) + poses.R.at(terminal) * vec(loop.terminal_point);
  const Vector3d c = poses.p.at(loop.closes_on) + poses.R.at(loop.closes_on) * vec(loop.closing_point);
  const double offset = vec(loop.plane_normal).dot(t - c);
  const double scale = std::max({1.0, t.norm(), c.norm()});
  if (std::abs(offset) > 1e-9 * scale) {
    std::ostringstream text;
    text << "loop '" << loop.name << "' is planar (all its axes along [" << loop.plane_normal[0] << ", "
         << loop.plane_normal[1] << ", " << loop.plane_normal[2] << "] of '" << model.bodies[loop.root].name
         << "'), but its cut points lie " << offset
         << " apart along that normal at every configuration, so they never meet; move terminal_point or "
            "closing_point into one plane";
    diagnostics.error(source.where, text.str());
  }
}

// Kahn's order over "loop k's closing path runs through loop l's dependent branch".
void order_loops(Model& model, const FileModel& file, Diagnostics& diagnostics) {
  const int count = static_cast<int>(model.loops.size());
  std::map<int, int> dependent_in;
  for (int l = 0; l < count; ++l)
    for (int b : model.loops[l].dependent) dependent_in[b] = l;
  std::vector<std::vector<int>> after(count);
  std::vector<int> waiting(count, 0);
  for (int k = 0; k < count; ++k)
    for (int b : closing_path(model, model.loops[k]))
      if (auto it = dependent_in.find(b); it != dependent_in.end() && it->second != k) {
        after[it->second].push_back(k);
        ++waiting[k];
      }
  std::vector<bool> done(count, false);
  for (bool progress = true; progress;) {
    progress = false;
    for (int k = 0; k < count; ++k)
      if (!done[k] && waiting[k] == 0) {
        done[k] = progress = true;
        model.loop_order.push_back(k);
        for (int m : after[k]) --waiting[m];
        break;
      }
  }
  for (int k = 0; k < count; ++k)
    if (!done[k])
      diagnostics.error(file.loops[k].where, "loop '" + model.loops[k].name +
                                                  "' is nested in a cycle of loops: its closing path runs through "
                                                  "the dependent branch of a loop that in turn depends on it");
}

}  // namespace

void analyse_loops(const FileModel& file, Model& model, Diagnostics& diagnostics) {
  for (std::size_t l = 0; l < model.loops.size(); ++l) {
    Loop& loop = model.loops[l];
    const FileLoop& source = file.loops[l];
    const RootPoses poses(model, loop.root);
    loop.chain = chain_notation(file, source);
    loop.planar = detect_planar(model, poses, loop);
    loop.constraints = constraint_count(loop);
    std::vector<std::string> dependent;
    for (int b : loop.dependent) dependent.push_back(model.coordinates[model.bodies[b].coordinate]);
    if (static_cast<int>(dependent.size()) != loop.constraints) {
      std::ostringstream text;
      text << "loop '" << loop.name << "': its dependent branch has " << dependent.size() << " coordinates (";
      for (std::size_t i = 0; i < dependent.size(); ++i) text << (i ? ", " : "") << dependent[i];
      text << ") but its " << (loop.planar ? "planar " : "") << cut_name(loop.cut) << " cut gives "
           << loop.constraints << " constraint equations; the dependent coordinates must be as many as the cut's "
           << "constraints (spherical 3, universal 4, revolute or prismatic 5, a planar loop 2)";
      diagnostics.error(source.where, text.str());
      continue;
    }
    if (loop.planar) check_planar_cut_points(model, poses, loop, source, diagnostics);
    detect_closed_form(model, poses, loop);
  }
  order_loops(model, file, diagnostics);
}

}  // namespace dyngen::model_detail
