// Reading the YAML document of a mechanism file against the schema of mechanism-format.md.
#include <cmath>
#include <map>
#include <regex>
#include <set>

#include "engine/identifier.hpp"
#include "model/file_model.hpp"
#include "model/validation.hpp"

namespace dyngen::model_detail {

void Diagnostics::error(const Location& where, const std::string& message) {
  list_.push_back({file_, where.line, where.column, where.field, message});
}

void Diagnostics::error(const YAML::Mark& mark, const std::string& field, const std::string& message) {
  list_.push_back({file_, mark.line + 1, mark.column + 1, field, message});
}

Location Diagnostics::at(const YAML::Node& node, const std::string& field) const {
  const YAML::Mark mark = node.Mark();
  return {mark.line + 1, mark.column + 1, field};
}

namespace {

const char* kind_name(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null: return "an empty value";
    case YAML::NodeType::Scalar: return "a scalar";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    default: return "nothing";
  }
}

bool is_identifier(const std::string& name) {
  static const std::regex pattern("[A-Za-z_][A-Za-z0-9_]*");
  return std::regex_match(name, pattern) && name.find("__") == std::string::npos;
}

bool is_model_name(const std::string& name) {
  static const std::regex pattern("[a-z][a-z0-9_]*");
  return std::regex_match(name, pattern) && !engine::is_cpp_keyword(name);
}

Matrix3 numeric(const ExMat& m, const ParameterTable& table) {
  Matrix3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = table.evaluate(m[i][j]).value_or(0.0);
  return r;
}

// Schema reader: each method checks one kind of node, reports what is wrong with its location and
// field path, and returns nullopt when the node is unusable.
class Reader {
 public:
  Reader(Diagnostics& diagnostics, ParameterTable& parameters)
      : diagnostics_(diagnostics), parameters_(parameters) {}

  // Checks that `node` is a mapping whose keys are among `allowed` and that it has `required`.
  bool mapping(const YAML::Node& node, const std::string& field, const std::set<std::string>& allowed,
               const std::set<std::string>& required) {
    if (!node.IsMap()) {
      diagnostics_.error(node.Mark(), field, std::string("expected a mapping with keys ") +
                                                 list(allowed) + ", got " + kind_name(node));
      return false;
    }
    for (const auto& entry : node) {
      if (!entry.first.IsScalar()) {
        diagnostics_.error(entry.first.Mark(), field, std::string("expected a key name, got ") + kind_name(entry.first) +
                                                          "; valid keys here: " + list(allowed));
        continue;
      }
      const std::string key = entry.first.Scalar();
      if (!allowed.count(key))
        diagnostics_.error(entry.first.Mark(), join(field, key),
                           "unknown key '" + key + "'; valid keys here: " + list(allowed));
    }
    for (const std::string& key : required)
      if (!node[key])
        diagnostics_.error(node.Mark(), join(field, key),
                           "missing required key '" + key + "'");
    return true;
  }

  std::optional<std::string> string(const YAML::Node& node, const std::string& field) {
    if (!node.IsScalar()) {
      diagnostics_.error(node.Mark(), field, std::string("expected a string, got ") + kind_name(node));
      return std::nullopt;
    }
    return node.Scalar();
  }

  std::optional<std::string> identifier(const YAML::Node& node, const std::string& field) {
    const auto name = string(node, field);
    if (name && !is_identifier(*name)) {
      diagnostics_.error(node.Mark(), field,
                         "'" + *name + "' is not a valid name; use letters, digits and '_' "
                         "([A-Za-z_][A-Za-z0-9_]*), no '__' (reserved for generated bodies)");
      return std::nullopt;
    }
    return name;
  }

  std::optional<bool> boolean(const YAML::Node& node, const std::string& field) {
    bool value = false;
    if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value)) {
      diagnostics_.error(node.Mark(), field, "expected true or false");
      return std::nullopt;
    }
    return value;
  }

  // A number or a GiNaC expression over the parameters.
  std::optional<GiNaC::ex> number(const YAML::Node& node, const std::string& field) {
    if (!node.IsScalar()) {
      diagnostics_.error(node.Mark(), field, std::string("expected a number or an expression string, got ") +
                                                 kind_name(node));
      return std::nullopt;
    }
    std::string message;
    auto e = parameters_.parse(node.Scalar(), message);
    if (!e) diagnostics_.error(node.Mark(), field, message);
    return e;
  }

  std::optional<double> value(const YAML::Node& node, const std::string& field) {
    const auto e = number(node, field);
    return e ? parameters_.evaluate(*e) : std::nullopt;
  }

  std::optional<ExVec> vec3(const YAML::Node& node, const std::string& field) {
    if (!node.IsSequence() || node.size() != 3) {
      diagnostics_.error(node.Mark(), field, std::string("expected a list of 3 numbers [x, y, z], got ") +
                                                 kind_name(node));
      return std::nullopt;
    }
    ExVec v = zero_vec();
    bool ok = true;
    for (std::size_t i = 0; i < 3; ++i) {
      const auto e = number(node[i], field + "[" + std::to_string(i) + "]");
      if (e) v[i] = *e; else ok = false;
    }
    return ok ? std::optional<ExVec>(v) : std::nullopt;
  }

  // x | y | z | -x | -y | -z or a non-zero vector; returns the unit direction.
  std::optional<std::array<double, 3>> axis(const YAML::Node& node, const std::string& field) {
    static const std::map<std::string, std::array<double, 3>> named = {
        {"x", {1, 0, 0}}, {"y", {0, 1, 0}}, {"z", {0, 0, 1}},
        {"-x", {-1, 0, 0}}, {"-y", {0, -1, 0}}, {"-z", {0, 0, -1}}};
    if (node.IsScalar()) {
      const auto found = named.find(node.Scalar());
      if (found != named.end()) return found->second;
      diagnostics_.error(node.Mark(), field, "invalid axis '" + node.Scalar() +
                                                 "'; expected x, y, z, -x, -y, -z or a unit vector [ax, ay, az]");
      return std::nullopt;
    }
    const auto v = vec3(node, field);
    if (!v) return std::nullopt;
    std::array<double, 3> u{};
    for (int i = 0; i < 3; ++i) u[i] = parameters_.evaluate((*v)[i]).value_or(0.0);
    const double norm = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    if (norm < 1e-12) {
      diagnostics_.error(node.Mark(), field, "axis has zero length; give x, y, z, -x, -y, -z or a unit vector");
      return std::nullopt;
    }
    for (double& c : u) c /= norm;
    return u;
  }

  std::optional<std::vector<GiNaC::ex>> per_dof(const YAML::Node& node, const std::string& field,
                                                std::size_t dof) {
    if (node.IsSequence()) {
      if (node.size() != dof) {
        diagnostics_.error(node.Mark(), field, "expected one value for the joint (applied to each of its " +
                                                   std::to_string(dof) + " DOF) or a list of " +
                                                   std::to_string(dof));
        return std::nullopt;
      }
      std::vector<GiNaC::ex> values;
      for (std::size_t i = 0; i < dof; ++i) {
        const auto e = number(node[i], field + "[" + std::to_string(i) + "]");
        if (!e) return std::nullopt;
        values.push_back(*e);
      }
      return values;
    }
    const auto e = number(node, field);
    if (!e) return std::nullopt;
    return std::vector<GiNaC::ex>(dof, *e);
  }

  std::vector<FilePoint> points(const YAML::Node& node, const std::string& field) {
    std::vector<FilePoint> result;
    if (!node.IsMap()) {
      diagnostics_.error(node.Mark(), field, std::string("expected a mapping name: [x, y, z], got ") + kind_name(node));
      return result;
    }
    std::set<std::string> seen;
    for (const auto& entry : node) {
      const std::string path = join(field, entry.first.Scalar());
      const auto name = identifier(entry.first, path);
      const auto position = vec3(entry.second, path);
      if (!name || !position) continue;
      if (!seen.insert(*name).second) {
        diagnostics_.error(entry.first.Mark(), path, "duplicate point name '" + *name + "'");
        continue;
      }
      result.push_back({*name, *position, diagnostics_.at(entry.first, path)});
    }
    return result;
  }

  static std::string join(const std::string& field, const std::string& key) {
    return field.empty() ? key : field + "." + key;
  }

  static std::string list(const std::set<std::string>& keys) {
    std::string text;
    for (const std::string& key : keys) text += (text.empty() ? "" : ", ") + key;
    return text;
  }

  Diagnostics& diagnostics() { return diagnostics_; }
  ParameterTable& parameters() { return parameters_; }

 private:
  Diagnostics& diagnostics_;
  ParameterTable& parameters_;
};

void read_parameters(Reader& reader, const YAML::Node& node) {
  if (!node.IsMap()) {
    reader.diagnostics().error(node.Mark(), "parameters", std::string("expected a mapping name: value, got ") +
                                                              kind_name(node));
    return;
  }
  for (const auto& entry : node) {
    const std::string field = "parameters." + entry.first.Scalar();
    const auto name = reader.identifier(entry.first, field);
    if (!name) continue;
    if (reader.parameters().contains(*name)) {
      reader.diagnostics().error(entry.first.Mark(), field, "duplicate parameter '" + *name + "'");
      continue;
    }
    if (const auto e = reader.number(entry.second, field)) reader.parameters().define(*name, *e);
  }
}

void read_frame(Reader& reader, const YAML::Node& node, const std::string& field, FileJoint& joint) {
  if (!reader.mapping(node, field, {"xyz", "rpy", "R"}, {})) return;
  if (node["xyz"])
    if (const auto v = reader.vec3(node["xyz"], field + ".xyz")) joint.xyz = *v;
  if (node["rpy"] && node["R"]) {
    reader.diagnostics().error(node["R"].Mark(), field + ".R", "give either rpy or R, not both");
    return;
  }
  if (node["rpy"]) {
    if (const auto v = reader.vec3(node["rpy"], field + ".rpy")) joint.rotation = rpy_matrix((*v)[0], (*v)[1], (*v)[2]);
  } else if (node["R"]) {
    const YAML::Node rows = node["R"];
    if (!rows.IsSequence() || rows.size() != 3) {
      reader.diagnostics().error(rows.Mark(), field + ".R", "expected a 3x3 matrix [[..], [..], [..]]");
      return;
    }
    ExMat r = identity_mat();
    for (std::size_t i = 0; i < 3; ++i) {
      const auto row = reader.vec3(rows[i], field + ".R[" + std::to_string(i) + "]");
      if (!row) return;
      r[i] = *row;
    }
    if (const auto problem = check_rotation(numeric(r, reader.parameters()))) {
      reader.diagnostics().error(rows.Mark(), field + ".R", *problem);
      return;
    }
    joint.rotation = r;
  }
}

void read_joint(Reader& reader, const YAML::Node& node, const std::string& field, FileJoint& joint) {
  joint.where = reader.diagnostics().at(node, field);
  if (!reader.mapping(node, field,
                      {"type", "axis", "axes", "frame", "q0", "spring", "damper", "actuated", "limits"},
                      {"type"}))
    return;
  if (!node["type"]) return;
  const auto type = reader.string(node["type"], field + ".type");
  if (!type) return;
  joint.type = *type;
  using K = JointType;
  const std::array<double, 3> ex_ = {1, 0, 0}, ey = {0, 1, 0}, ez = {0, 0, 1};
  const bool single_axis = *type == "revolute" || *type == "prismatic" || *type == "cylindrical";
  const bool multi_axis = *type == "universal" || *type == "spherical";
  if (single_axis) {
    if (!node["axis"]) {
      reader.diagnostics().error(node.Mark(), field + ".axis", "missing required key 'axis' for a " + *type + " joint");
    } else if (const auto a = reader.axis(node["axis"], field + ".axis")) {
      if (*type == "cylindrical") {
        joint.axes = {*a, *a};
        joint.kinds = {K::prismatic, K::revolute};
      } else {
        joint.axes = {*a};
        joint.kinds = {*type == "revolute" ? K::revolute : K::prismatic};
      }
    }
  } else if (multi_axis) {
    const std::size_t dof = *type == "universal" ? 2 : 3;
    joint.axes = dof == 2 ? std::vector{ex_, ey} : std::vector{ex_, ey, ez};
    if (node["axes"]) {
      const YAML::Node axes = node["axes"];
      if (!axes.IsSequence() || axes.size() != dof) {
        reader.diagnostics().error(axes.Mark(), field + ".axes", "expected a list of " + std::to_string(dof) +
                                                                     " axes for a " + *type + " joint");
      } else {
        for (std::size_t i = 0; i < dof; ++i)
          if (const auto a = reader.axis(axes[i], field + ".axes[" + std::to_string(i) + "]")) joint.axes[i] = *a;
      }
    }
    joint.kinds = std::vector<K>(dof, K::revolute);
  } else if (*type == "free") {
    joint.axes = {ex_, ey, ez, ex_, ey, ez};
    joint.kinds = {K::prismatic, K::prismatic, K::prismatic, K::revolute, K::revolute, K::revolute};
  } else if (*type != "fixed") {
    reader.diagnostics().error(node["type"].Mark(), field + ".type",
                               "unknown joint type '" + *type +
                                   "'; expected revolute, prismatic, fixed, universal, spherical, cylindrical or free");
    return;
  }
  if (node["axis"] && !single_axis)
    reader.diagnostics().error(node["axis"].Mark(), field + ".axis",
                               "'axis' applies to revolute, prismatic and cylindrical joints" +
                                   std::string(multi_axis ? "; use 'axes' for a " + *type + " joint" : ""));
  if (node["axes"] && !multi_axis)
    reader.diagnostics().error(node["axes"].Mark(), field + ".axes",
                               "'axes' applies to universal and spherical joints only");
  if (node["frame"]) read_frame(reader, node["frame"], field + ".frame", joint);
  const std::size_t dof = joint.kinds.size();
  joint.q0 = joint.spring = joint.damper = std::vector<GiNaC::ex>(dof, GiNaC::ex(0));
  const std::pair<const char*, std::vector<GiNaC::ex>*> scalars[] = {
      {"q0", &joint.q0}, {"spring", &joint.spring}, {"damper", &joint.damper}};
  for (const auto& [key, target] : scalars) {
    if (!node[key]) continue;
    if (dof == 0) {
      reader.diagnostics().error(node[key].Mark(), field + "." + key, std::string("a fixed joint has no ") + key);
      continue;
    }
    if (const auto values = reader.per_dof(node[key], field + "." + key, dof)) *target = *values;
  }
  for (const auto& [key, target] : scalars) {
    if (std::string(key) == "q0") continue;
    bool negative = false;
    for (const GiNaC::ex& value : *target) negative = negative || reader.parameters().evaluate(value).value_or(0.0) < 0;
    if (negative)
      reader.diagnostics().error(node[key].Mark(), field + "." + key,
                                 std::string(key) + " must be >= 0 (a passive spring or damper)");
  }
  if (node["actuated"])
    if (const auto value = reader.boolean(node["actuated"], field + ".actuated")) joint.actuated = *value;
  if (node["limits"]) {
    const YAML::Node limits = node["limits"];
    if (!limits.IsSequence() || limits.size() != 2) {
      reader.diagnostics().error(limits.Mark(), field + ".limits", "expected [lower, upper]");
    } else {
      const auto lower = reader.value(limits[0], field + ".limits[0]");
      const auto upper = reader.value(limits[1], field + ".limits[1]");
      if (lower && upper && *lower > *upper)
        reader.diagnostics().error(limits.Mark(), field + ".limits", "lower limit exceeds upper limit");
      else if (lower && upper)
        joint.limits = std::array<double, 2>{*lower, *upper};
    }
  }
}

void read_inertia(Reader& reader, const YAML::Node& node, const std::string& field, FileBody& body) {
  if (!reader.mapping(node, field, {"mass", "com", "about", "tensor"}, {"mass", "tensor"})) return;
  bool valid = true;
  if (node["mass"]) {
    if (const auto mass = reader.number(node["mass"], field + ".mass")) {
      body.mass = *mass;
      if (reader.parameters().evaluate(*mass).value_or(0.0) <= 0) {
        reader.diagnostics().error(node["mass"].Mark(), field + ".mass",
                                   "mass must be positive; only bodies generated by expanding composite "
                                   "joints are massless");
        valid = false;
      }
    } else {
      valid = false;
    }
  }
  if (node["com"]) {
    if (const auto com = reader.vec3(node["com"], field + ".com")) body.com = *com; else valid = false;
  }
  bool about_com = true;
  if (node["about"]) {
    const auto about = reader.string(node["about"], field + ".about");
    if (about && *about != "com" && *about != "origin") {
      reader.diagnostics().error(node["about"].Mark(), field + ".about", "expected com or origin, got '" + *about + "'");
      valid = false;
    }
    about_com = !about || *about == "com";
  }
  if (!node["tensor"]) return;
  const YAML::Node tensor = node["tensor"];
  const std::string tensor_field = field + ".tensor";
  ExMat given = zero_mat();
  if (tensor.IsMap()) {
    if (!reader.mapping(tensor, tensor_field, {"xx", "yy", "zz", "xy", "xz", "yz"}, {"xx", "yy", "zz"})) return;
    std::array<GiNaC::ex, 6> entries = {0, 0, 0, 0, 0, 0};
    const char* keys[] = {"xx", "yy", "zz", "xy", "xz", "yz"};
    for (int i = 0; i < 6; ++i) {
      if (!tensor[keys[i]]) continue;
      if (const auto e = reader.number(tensor[keys[i]], tensor_field + "." + keys[i])) entries[i] = *e; else valid = false;
    }
    given = tensor_from_entries(entries);
  } else if (tensor.IsSequence() && tensor.size() == 3) {
    for (std::size_t i = 0; i < 3; ++i) {
      if (const auto row = reader.vec3(tensor[i], tensor_field + "[" + std::to_string(i) + "]")) given[i] = *row;
      else valid = false;
    }
  } else {
    reader.diagnostics().error(tensor.Mark(), tensor_field,
                               "expected {xx, yy, zz, xy, xz, yz} (tensor entries) or a symmetric 3x3 matrix");
    return;
  }
  if (!valid) return;
  // I_O = I_C + m (|c|^2 E - c c^T)
  const ExMat shift = parallel_axis_shift(body.mass, body.com);
  const ExMat about_centre = about_com ? given : add(given, scale(-1, shift));
  body.tensor_origin = about_com ? add(given, shift) : given;
  if (const auto problem = check_inertia_tensor(numeric(about_centre, reader.parameters())))
    reader.diagnostics().error(tensor.Mark(), tensor_field, *problem);
}

void read_body(Reader& reader, const YAML::Node& node, const std::string& field, FileBody& body) {
  body.where = reader.diagnostics().at(node, field);
  if (!reader.mapping(node, field, {"name", "parent", "joint", "inertia", "points"},
                      {"name", "parent", "joint", "inertia"}))
    return;
  if (node["name"]) {
    body.name_at = reader.diagnostics().at(node["name"], field + ".name");
    body.name = reader.identifier(node["name"], field + ".name").value_or("");
  }
  if (node["parent"]) {
    body.parent_at = reader.diagnostics().at(node["parent"], field + ".parent");
    body.parent = reader.string(node["parent"], field + ".parent").value_or("");
  }
  if (node["joint"]) read_joint(reader, node["joint"], field + ".joint", body.joint);
  if (node["inertia"]) read_inertia(reader, node["inertia"], field + ".inertia", body);
  if (node["points"]) body.points = reader.points(node["points"], field + ".points");
}

void read_loop(Reader& reader, const YAML::Node& node, const std::string& field, FileLoop& loop) {
  loop.where = reader.diagnostics().at(node, field);
  if (!reader.mapping(node, field, {"name", "root", "dependent", "closes_on", "cut", "closure"},
                      {"name", "root", "dependent", "closes_on", "cut"}))
    return;
  if (node["name"]) loop.name = reader.identifier(node["name"], field + ".name").value_or("");
  if (node["root"]) {
    loop.root_at = reader.diagnostics().at(node["root"], field + ".root");
    loop.root = reader.string(node["root"], field + ".root").value_or("");
  }
  if (node["closes_on"]) {
    loop.closes_on_at = reader.diagnostics().at(node["closes_on"], field + ".closes_on");
    loop.closes_on = reader.string(node["closes_on"], field + ".closes_on").value_or("");
  }
  if (node["dependent"]) {
    const YAML::Node dependent = node["dependent"];
    if (!dependent.IsSequence() || dependent.size() == 0) {
      reader.diagnostics().error(dependent.Mark(), field + ".dependent",
                                 "expected a non-empty list of body names, first to terminal");
    } else {
      for (std::size_t i = 0; i < dependent.size(); ++i) {
        const std::string path = field + ".dependent[" + std::to_string(i) + "]";
        if (const auto name = reader.string(dependent[i], path)) {
          loop.dependent.push_back(*name);
          loop.dependent_at.push_back(reader.diagnostics().at(dependent[i], path));
        }
      }
    }
  }
  if (node["closure"]) {
    const auto closure = reader.string(node["closure"], field + ".closure");
    if (closure && *closure != "analytic" && *closure != "newton")
      reader.diagnostics().error(node["closure"].Mark(), field + ".closure",
                                 "expected analytic or newton, got '" + *closure + "'");
    loop.analytic_closure = !closure || *closure == "analytic";
  }
  if (!node["cut"]) return;
  const YAML::Node cut = node["cut"];
  const std::string cut_field = field + ".cut";
  if (!reader.mapping(cut, cut_field,
                      {"type", "terminal_point", "closing_point", "terminal_axis", "closing_axis", "terminal_reference",
                       "closing_reference"},
                      {"type", "terminal_point", "closing_point"}))
    return;
  if (cut["type"]) {
    static const std::map<std::string, CutType> types = {{"spherical", CutType::spherical},
                                                         {"universal", CutType::universal},
                                                         {"revolute", CutType::revolute},
                                                         {"prismatic", CutType::prismatic}};
    const auto type = reader.string(cut["type"], cut_field + ".type");
    if (type && types.count(*type)) {
      loop.cut = types.at(*type);
    } else if (type) {
      reader.diagnostics().error(cut["type"].Mark(), cut_field + ".type",
                                 "unknown cut joint type '" + *type + "'; expected spherical, universal, revolute or prismatic");
    }
    const bool needs_axes = type && (*type == "universal" || *type == "revolute" || *type == "prismatic");
    for (const char* key : {"terminal_axis", "closing_axis"}) {
      const std::string path = cut_field + "." + key;
      auto& target = std::string(key) == "terminal_axis" ? loop.terminal_axis : loop.closing_axis;
      if (cut[key]) {
        if (!needs_axes)
          reader.diagnostics().error(cut[key].Mark(), path, "a spherical cut joint takes no axis");
        else
          target = reader.axis(cut[key], path);
      } else if (needs_axes) {
        reader.diagnostics().error(cut.Mark(), path, "missing required key '" + std::string(key) +
                                                         "' for a " + *type + " cut joint");
      }
    }
    // A prismatic cut also locks the rotation about its axis: a direction normal to the axis in
    // each body, the two coinciding when the loop is assembled.
    const bool needs_references = type && *type == "prismatic";
    for (const char* key : {"terminal_reference", "closing_reference"}) {
      const std::string path = cut_field + "." + key;
      auto& target = std::string(key) == "terminal_reference" ? loop.terminal_reference : loop.closing_reference;
      if (cut[key]) {
        if (!needs_references)
          reader.diagnostics().error(cut[key].Mark(), path, "only a prismatic cut joint takes reference directions");
        else
          target = reader.axis(cut[key], path);
      } else if (needs_references) {
        reader.diagnostics().error(cut.Mark(), path, "missing required key '" + std::string(key) +
                                                         "' for a prismatic cut joint (a direction normal to the "
                                                         "cut axis, locking the rotation about it)");
      }
    }
  }
  if (cut["terminal_point"])
    if (const auto v = reader.vec3(cut["terminal_point"], cut_field + ".terminal_point")) loop.terminal_point = *v;
  if (cut["closing_point"])
    if (const auto v = reader.vec3(cut["closing_point"], cut_field + ".closing_point")) loop.closing_point = *v;
}

std::vector<NameRef> name_list(Reader& reader, const YAML::Node& node, const std::string& field) {
  std::vector<NameRef> names;
  if (!node.IsSequence()) {
    reader.diagnostics().error(node.Mark(), field, std::string("expected a list of names, got ") + kind_name(node));
    return names;
  }
  for (std::size_t i = 0; i < node.size(); ++i) {
    const std::string path = field + "[" + std::to_string(i) + "]";
    if (const auto name = reader.string(node[i], path)) names.push_back({*name, reader.diagnostics().at(node[i], path)});
  }
  return names;
}

}  // namespace

void read_schema(const YAML::Node& root, FileModel& file, Diagnostics& diagnostics) {
  Reader reader(diagnostics, file.parameters);
  if (!reader.mapping(root, "", {"name", "description", "gravity", "base", "parameters", "bodies", "loops",
                                 "outputs", "external_wrench_bodies"},
                      {"name", "base", "bodies"}))
    return;
  if (root["parameters"]) read_parameters(reader, root["parameters"]);
  if (root["name"]) {
    const auto name = reader.string(root["name"], "name");
    if (name && !is_model_name(*name))
      diagnostics.error(root["name"].Mark(), "name",
                        "model name '" + *name + "' must match [a-z][a-z0-9_]* and not be a C++ keyword");
    file.name = name.value_or("");
  }
  if (root["description"]) file.description = reader.string(root["description"], "description").value_or("");
  if (root["gravity"])
    if (const auto g = reader.vec3(root["gravity"], "gravity")) file.gravity = *g;
  if (root["base"]) {
    const YAML::Node base = root["base"];
    file.base_at = diagnostics.at(base, "base");
    if (reader.mapping(base, "base", {"name", "motion", "points"}, {"name"})) {
      if (base["name"]) file.base_name = reader.identifier(base["name"], "base.name").value_or("base");
      if (base["motion"]) {
        const auto motion = reader.string(base["motion"], "base.motion");
        if (motion && *motion != "fixed" && *motion != "moving")
          diagnostics.error(base["motion"].Mark(), "base.motion", "expected fixed or moving, got '" + *motion + "'");
        file.moving_base = motion && *motion == "moving";
      }
      if (base["points"]) file.base_points = reader.points(base["points"], "base.points");
    }
  }
  if (root["bodies"]) {
    const YAML::Node bodies = root["bodies"];
    if (!bodies.IsSequence() || bodies.size() == 0) {
      diagnostics.error(bodies.Mark(), "bodies", "expected a non-empty list of bodies");
    } else {
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        FileBody body;
        read_body(reader, bodies[i], "bodies[" + std::to_string(i) + "]", body);
        file.bodies.push_back(std::move(body));
      }
    }
  }
  if (root["loops"]) {
    const YAML::Node loops = root["loops"];
    if (!loops.IsSequence()) {
      diagnostics.error(loops.Mark(), "loops", "expected a list of loops");
    } else {
      for (std::size_t i = 0; i < loops.size(); ++i) {
        FileLoop loop;
        read_loop(reader, loops[i], "loops[" + std::to_string(i) + "]", loop);
        file.loops.push_back(std::move(loop));
      }
    }
  }
  if (root["external_wrench_bodies"])
    file.external_wrench_bodies = name_list(reader, root["external_wrench_bodies"], "external_wrench_bodies");
  if (root["outputs"]) {
    const YAML::Node outputs = root["outputs"];
    if (reader.mapping(outputs, "outputs", {"points"}, {}) && outputs["points"])
      file.output_points = name_list(reader, outputs["points"], "outputs.points");
  }
}

}  // namespace dyngen::model_detail
