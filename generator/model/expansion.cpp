// From the file's bodies to the Model's: composite joints expanded into 1-DOF joints with
// massless bodies, fixed bodies merged into their parents, joint axes made +x/+y/+z by rotating
// joint frames. Every transformation is done on GiNaC expressions so that values and parameter
// sources stay consistent.
#include <map>

#include "model/file_model.hpp"
#include "model/topology.hpp"

namespace dyngen::model_detail {
namespace {

// A vector attached to a body frame: a named point, a loop's cut point, or a cut joint axis.
struct Attached {
  std::string key;  // "body.point" for named points, "loops[i].terminal_point" etc. for loops
  ExVec v;
  bool direction = false;  // directions rotate but do not translate
};

struct WorkBody {
  std::string name;
  int parent = -1;
  JointType type = JointType::fixed;
  std::array<double, 3> axis{0, 0, 1};
  ExVec rho = zero_vec();
  ExMat gamma = identity_mat();
  GiNaC::ex q0 = 0, spring = 0, damper = 0;
  bool actuated = false;
  std::optional<std::array<double, 2>> limits;
  GiNaC::ex mass = 0;
  ExVec com = zero_vec();
  ExMat inertia = zero_mat();  // about the body frame origin, body axes
  bool massless = false;
  std::vector<Attached> attached;
  std::string coordinate;
  bool removed = false;
};

ExVec from_doubles(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }

void attach_loop_data(const FileModel& file, std::vector<WorkBody>& work, const std::map<std::string, int>& body_of) {
  for (std::size_t l = 0; l < file.loops.size(); ++l) {
    const FileLoop& loop = file.loops[l];
    const std::string key = "loops[" + std::to_string(l) + "].";
    WorkBody& terminal = work[body_of.at(loop.dependent.back())];
    WorkBody& closing = work[body_of.at(loop.closes_on)];
    terminal.attached.push_back({key + "terminal_point", loop.terminal_point, false});
    closing.attached.push_back({key + "closing_point", loop.closing_point, false});
    if (loop.terminal_axis) terminal.attached.push_back({key + "terminal_axis", from_doubles(*loop.terminal_axis), true});
    if (loop.closing_axis) closing.attached.push_back({key + "closing_axis", from_doubles(*loop.closing_axis), true});
    if (loop.terminal_reference)
      terminal.attached.push_back({key + "terminal_reference", from_doubles(*loop.terminal_reference), true});
    if (loop.closing_reference)
      closing.attached.push_back({key + "closing_reference", from_doubles(*loop.closing_reference), true});
  }
}

// One work body per DOF of each file body (composite joints: massless "<body>__<k>" bodies
// before the real one), parents before children. body_of maps file names to the real bodies.
std::vector<WorkBody> expand(const FileModel& file, const TreeAnalysis& tree, std::map<std::string, int>& body_of) {
  std::vector<WorkBody> work(1);
  work[0].name = file.base_name;
  for (const FilePoint& point : file.base_points)
    work[0].attached.push_back({file.base_name + "." + point.name, point.position, false});
  body_of[file.base_name] = 0;
  for (const int e : tree.order) {
    const FileBody& body = file.bodies[e];
    const FileJoint& joint = body.joint;
    const std::size_t dof = joint.kinds.size();
    int parent = tree.parent[e] < 0 ? 0 : body_of.at(file.bodies[tree.parent[e]].name);
    for (std::size_t k = 0; k < std::max<std::size_t>(dof, 1); ++k) {
      WorkBody w;
      const bool last = k + 1 >= dof;
      w.name = last ? body.name : body.name + "__" + std::to_string(k);
      w.parent = parent;
      if (k == 0) {
        w.rho = joint.xyz;
        // gamma = R^T: R maps joint-frame vectors into the parent frame
        w.gamma = transpose(joint.rotation);
      }
      if (dof > 0) {
        w.type = joint.kinds[k];
        w.axis = joint.axes[k];
        w.q0 = joint.q0[k];
        w.spring = joint.spring[k];
        w.damper = joint.damper[k];
        w.actuated = joint.actuated;
        w.limits = joint.limits;
        w.coordinate = dof == 1 ? body.name : body.name + "." + std::to_string(k);
      }
      if (last) {
        w.mass = body.mass;
        w.com = body.com;
        w.inertia = body.tensor_origin;
        for (const FilePoint& point : body.points)
          w.attached.push_back({body.name + "." + point.name, point.position, false});
      } else {
        w.massless = true;
      }
      parent = static_cast<int>(work.size());
      work.push_back(std::move(w));
    }
    body_of[body.name] = parent;
  }
  return work;
}

// Merges each body on a fixed joint into its parent: with R = gamma^T, t = rho (p_parent = R p + t)
// the inertia about the parent origin is R (I_O - m(|c|^2E - cc^T)) R^T + m(|c'|^2E - c'c'^T),
// c' = R c + t; points move as R p + t; children's frames become rho' = R rho + t, gamma' = gamma gamma_f.
void merge_fixed(std::vector<WorkBody>& work, std::map<int, int>& merged_into) {
  for (std::size_t f = 1; f < work.size(); ++f) {
    if (work[f].type != JointType::fixed) continue;
    WorkBody& body = work[f];
    WorkBody& parent = work[body.parent];
    const ExMat r = transpose(body.gamma);
    const ExVec com_in_parent = add(multiply(r, body.com), body.rho);
    const ExMat about_com = add(body.inertia, scale(-1, parallel_axis_shift(body.mass, body.com)));
    const ExMat rotated = multiply(r, multiply(about_com, transpose(r)));
    parent.inertia = add(parent.inertia, add(rotated, parallel_axis_shift(body.mass, com_in_parent)));
    const GiNaC::ex total = parent.mass + body.mass;
    if (!total.is_zero())
      for (int i = 0; i < 3; ++i) parent.com[i] = (parent.mass * parent.com[i] + body.mass * com_in_parent[i]) / total;
    parent.mass = total;
    for (Attached& a : body.attached) {
      a.v = a.direction ? multiply(r, a.v) : add(multiply(r, a.v), body.rho);
      parent.attached.push_back(a);
    }
    for (std::size_t c = f + 1; c < work.size(); ++c) {
      if (work[c].parent != static_cast<int>(f)) continue;
      work[c].rho = add(multiply(r, work[c].rho), body.rho);
      work[c].gamma = multiply(work[c].gamma, body.gamma);
      work[c].parent = body.parent;
    }
    merged_into[static_cast<int>(f)] = body.parent;
    body.removed = true;
  }
}

bool is_identity(const ExMat& q) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (!(q[i][j] - (i == j ? 1 : 0)).is_zero()) return false;
  return true;
}

// Turns each joint axis u into +e_k: Q u = e_k, new joint frame gamma' = Q gamma; the body frame
// turns with it, so body-frame data v become Q v, the inertia Q I Q^T, and children's frames
// rho' = Q rho, gamma' = gamma Q^T. The coordinate keeps its meaning (same rotation/translation).
void align_axes(std::vector<WorkBody>& work) {
  for (std::size_t b = 1; b < work.size(); ++b) {
    WorkBody& body = work[b];
    ExMat q;
    const int k = axis_alignment(body.axis, q);
    body.axis = {0, 0, 0};
    body.axis[k] = 1;
    if (is_identity(q)) continue;
    body.gamma = multiply(q, body.gamma);
    body.com = multiply(q, body.com);
    body.inertia = multiply(q, multiply(body.inertia, transpose(q)));
    for (Attached& a : body.attached) a.v = multiply(q, a.v);
    for (std::size_t c = b + 1; c < work.size(); ++c) {
      if (work[c].parent != static_cast<int>(b)) continue;
      work[c].rho = multiply(q, work[c].rho);
      work[c].gamma = multiply(work[c].gamma, transpose(q));
    }
  }
}

Vec3Q quantities(const ExVec& v, const ParameterTable& table) {
  return {table.quantity(v[0]), table.quantity(v[1]), table.quantity(v[2])};
}

std::array<double, 3> values(const ExVec& v, const ParameterTable& table) {
  return {*table.evaluate(v[0]), *table.evaluate(v[1]), *table.evaluate(v[2])};
}

}  // namespace

Model assemble(const FileModel& file, const TreeAnalysis& tree) {
  const ParameterTable& table = file.parameters;
  std::map<std::string, int> body_of;
  std::vector<WorkBody> expanded = expand(file, tree, body_of);
  attach_loop_data(file, expanded, body_of);
  std::map<int, int> merged_into;
  merge_fixed(expanded, merged_into);

  // renumber without the merged bodies (order stays parents before children)
  std::vector<int> new_index(expanded.size(), -1);
  std::vector<WorkBody> work;
  for (std::size_t b = 0; b < expanded.size(); ++b) {
    if (expanded[b].removed) continue;
    new_index[b] = static_cast<int>(work.size());
    work.push_back(std::move(expanded[b]));
    if (work.back().parent >= 0) work.back().parent = new_index[work.back().parent];
  }
  auto final_index = [&](int b) {
    while (merged_into.count(b)) b = merged_into.at(b);
    return new_index[b];
  };
  align_axes(work);

  Model model;
  model.name = file.name;
  model.description = file.description;
  model.gravity = quantities(file.gravity, table);
  model.moving_base = file.moving_base;
  model.parameters = table.parameters();
  std::map<std::string, std::pair<int, ExVec>> attached;  // key -> (body, vector)
  for (std::size_t b = 0; b < work.size(); ++b) {
    const WorkBody& w = work[b];
    Body body;
    body.name = w.name;
    body.parent = w.parent;
    body.depth = w.parent < 0 ? 0 : model.bodies[w.parent].depth + 1;
    body.massless = w.massless;
    Joint& joint = body.joint;
    joint.type = w.type;
    for (int k = 0; k < 3; ++k)
      if (w.axis[k] == 1) joint.axis = k;
    joint.rho = quantities(w.rho, table);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const Quantity entry = table.quantity(w.gamma[i][j]);
        joint.gamma[i][j] = entry.value;
        joint.gamma_source[i][j] = entry.source;
      }
    joint.q0 = table.quantity(w.q0);
    joint.spring = table.quantity(w.spring);
    joint.damper = table.quantity(w.damper);
    joint.actuated = w.actuated;
    joint.limits = w.limits;
    body.inertia.mass = table.quantity(w.mass);
    body.inertia.com = quantities(w.com, table);
    const auto entries = entries_from_tensor(w.inertia);
    for (int i = 0; i < 6; ++i) body.inertia.tensor_origin[i] = table.quantity(entries[i]);
    if (b > 0) {
      body.coordinate = model.dof();
      model.coordinates.push_back(w.coordinate);
    }
    for (const Attached& a : w.attached) {
      attached[a.key] = {static_cast<int>(b), a.v};
      if (a.key.rfind("loops[", 0) != 0) {
        model.points.push_back({a.key, static_cast<int>(b), quantities(a.v, table)});
        body.external_wrench = b > 0 && !file.external_wrench_bodies;
      }
    }
    model.bodies.push_back(std::move(body));
  }
  if (file.external_wrench_bodies)
    for (const NameRef& ref : *file.external_wrench_bodies) model.bodies[final_index(body_of.at(ref.name))].external_wrench = true;
  model.independent.assign(model.coordinates.size(), true);
  for (std::size_t l = 0; l < file.loops.size(); ++l) {
    const FileLoop& source = file.loops[l];
    const std::string key = "loops[" + std::to_string(l) + "].";
    Loop loop;
    loop.name = source.name;
    loop.root = final_index(body_of.at(source.root));
    loop.closes_on = final_index(body_of.at(source.closes_on));
    const int terminal = final_index(body_of.at(source.dependent.back()));
    loop.dependent = path_up_to(model, terminal, loop.root);
    std::reverse(loop.dependent.begin(), loop.dependent.end());
    for (int b : loop.dependent)
      if (model.bodies[b].coordinate >= 0) model.independent[model.bodies[b].coordinate] = false;
    loop.cut = source.cut;
    loop.terminal_point = quantities(attached.at(key + "terminal_point").second, table);
    loop.closing_point = quantities(attached.at(key + "closing_point").second, table);
    if (source.terminal_axis) loop.terminal_axis = values(attached.at(key + "terminal_axis").second, table);
    if (source.closing_axis) loop.closing_axis = values(attached.at(key + "closing_axis").second, table);
    if (source.terminal_reference)
      loop.terminal_reference = values(attached.at(key + "terminal_reference").second, table);
    if (source.closing_reference)
      loop.closing_reference = values(attached.at(key + "closing_reference").second, table);
    loop.analytic_closure = source.analytic_closure;
    model.loops.push_back(std::move(loop));
  }
  for (const NameRef& ref : file.output_points)
    for (std::size_t p = 0; p < model.points.size(); ++p)
      if (model.points[p].name == ref.name) model.output_points.push_back(static_cast<int>(p));
  return model;
}

}  // namespace dyngen::model_detail
