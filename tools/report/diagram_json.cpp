// Reader of diagram.json (see diagram.hpp): a schema check that names the first faulty value.
#include <algorithm>
#include <cmath>
#include <set>

#include "report/diagram.hpp"
#include "report/json_file.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

using nlohmann::ordered_json;

// Rotations come printed with about nine significant digits; anything farther from orthonormal
// is not a rotation (a scaled, sheared or garbled matrix).
constexpr double kRotationTolerance = 1e-6;

class DiagramChecker {
 public:
  DiagramChecker(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  Diagram check(const ordered_json& document) {
    const JsonPath root;
    object(document, root);
    const ordered_json& version = member(document, root, "version");
    if (!version.is_number_integer() || version.get<int>() != kDiagramVersion)
      fail({"version"}, "this dyngen reads version " + std::to_string(kDiagramVersion) + ", found " + version.dump());
    if (document.contains("title") && !document["title"].is_string())
      fail({"title"}, "expected a string, found " + document["title"].dump());
    const ordered_json& passive = array(member(document, root, "passive"), {"passive"});
    for (std::size_t i = 0; i < passive.size(); ++i) shape(passive[i], {"passive", i});
    const ordered_json& bodies = array(member(document, root, "bodies"), {"bodies"});
    for (std::size_t i = 0; i < bodies.size(); ++i) body(bodies[i], {"bodies", i});
    const ordered_json& frames = array(member(document, root, "frames"), {"frames"});
    if (frames.empty()) fail({"frames"}, "no frames: the diagram needs at least one");
    for (std::size_t i = 0; i < frames.size(); ++i) frame(frames[i], {"frames", i});
    return {document, frames.size(), frames.front()["time"].get<double>(), frames.back()["time"].get<double>()};
  }

 private:
  [[noreturn]] void fail(const JsonPath& path, const std::string& message) const {
    throw_json_value_error(text_, source_, path, message);
  }
  static JsonPath child(JsonPath path, std::variant<std::string, std::size_t> step) {
    path.push_back(std::move(step));
    return path;
  }

  void object(const ordered_json& value, const JsonPath& path) const {
    if (!value.is_object()) fail(path, "expected an object, found " + value.dump());
  }
  const ordered_json& array(const ordered_json& value, const JsonPath& path) const {
    if (!value.is_array()) fail(path, "expected an array, found " + value.dump());
    return value;
  }
  const ordered_json& member(const ordered_json& object, const JsonPath& path, const std::string& key) const {
    const auto found = object.find(key);
    if (found == object.end()) fail(path, "the key '" + key + "' is missing");
    return *found;
  }
  double number(const ordered_json& value, const JsonPath& path) const {
    if (!value.is_number() || !std::isfinite(value.get<double>()))
      fail(path, "expected a finite number, found " + value.dump());
    return value.get<double>();
  }
  double positive(const ordered_json& value, const JsonPath& path) const {
    const double x = number(value, path);
    if (!(x > 0)) fail(path, "expected a positive number, found " + value.dump());
    return x;
  }
  std::string name(const ordered_json& value, const JsonPath& path) const {
    if (!value.is_string() || value.get<std::string>().empty())
      fail(path, "expected a non-empty string, found " + value.dump());
    return value.get<std::string>();
  }
  std::vector<double> numbers(const ordered_json& value, const JsonPath& path, std::size_t size) const {
    if (!value.is_array() || value.size() != size)
      fail(path, "expected an array of " + std::to_string(size) + " numbers, found " + value.dump());
    std::vector<double> result;
    for (std::size_t i = 0; i < size; ++i) result.push_back(number(value[i], child(path, i)));
    return result;
  }
  void points(const ordered_json& value, const JsonPath& path, std::size_t dimension, const char* what) const {
    if (!value.is_array() || value.size() < 2)
      fail(path, std::string("expected an array of at least two ") + what + ", found " + value.dump());
    for (std::size_t i = 0; i < value.size(); ++i) numbers(value[i], child(path, i), dimension);
  }

  void shape(const ordered_json& value, const JsonPath& path) const {
    object(value, path);
    if (value.contains("name")) name(value["name"], child(path, "name"));
    const ordered_json& type = member(value, path, "type");
    const std::string kind = type.is_string() ? type.get<std::string>() : "";
    if (kind == "revolution") {
      points(member(value, path, "profile"), child(path, "profile"), 2, "[x, r] points");
      for (std::size_t i = 0; i < value["profile"].size(); ++i)
        if (value["profile"][i][1].get<double>() < 0)
          fail(child(child(path, "profile"), i), "a radius r must not be negative");
    } else if (kind == "circle") {
      numbers(member(value, path, "center"), child(path, "center"), 3);
      const std::vector<double> axis = numbers(member(value, path, "axis"), child(path, "axis"), 3);
      if (std::hypot(axis[0], axis[1], axis[2]) == 0) fail(child(path, "axis"), "the axis must not be zero");
      positive(member(value, path, "radius"), child(path, "radius"));
    } else if (kind == "sphere") {
      numbers(member(value, path, "center"), child(path, "center"), 3);
      positive(member(value, path, "radius"), child(path, "radius"));
    } else if (kind == "polyline") {
      points(member(value, path, "points"), child(path, "points"), 3, "[x, y, z] points");
      if (value.contains("closed") && !value["closed"].is_boolean())
        fail(child(path, "closed"), "expected true or false, found " + value["closed"].dump());
    } else {
      fail(child(path, "type"), "expected \"revolution\", \"circle\", \"sphere\" or \"polyline\", found " + type.dump());
    }
  }

  void body(const ordered_json& value, const JsonPath& path) {
    object(value, path);
    const std::string body_name = name(member(value, path, "name"), child(path, "name"));
    if (!body_names_.insert(body_name).second) fail(child(path, "name"), "a second body named '" + body_name + "'");
    const ordered_json& shapes = array(member(value, path, "shapes"), child(path, "shapes"));
    for (std::size_t i = 0; i < shapes.size(); ++i) shape(shapes[i], child(child(path, "shapes"), i));
  }

  void pose(const ordered_json& value, const JsonPath& path) const {
    object(value, path);
    numbers(member(value, path, "position"), child(path, "position"), 3);
    const JsonPath rotation_path = child(path, "rotation");
    const ordered_json& rotation = member(value, path, "rotation");
    if (!rotation.is_array() || rotation.size() != 3)
      fail(rotation_path, "expected three rows of three numbers, found " + rotation.dump());
    double R[3][3];
    for (std::size_t i = 0; i < 3; ++i) {
      const std::vector<double> row = numbers(rotation[i], child(rotation_path, i), 3);
      for (std::size_t j = 0; j < 3; ++j) R[i][j] = row[j];
    }
    double worst = 0;  // largest entry of R R^T - I
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        worst = std::max(worst, std::abs(R[i][0] * R[j][0] + R[i][1] * R[j][1] + R[i][2] * R[j][2] - (i == j)));
    const double determinant = R[0][0] * (R[1][1] * R[2][2] - R[1][2] * R[2][1]) -
                               R[0][1] * (R[1][0] * R[2][2] - R[1][2] * R[2][0]) +
                               R[0][2] * (R[1][0] * R[2][1] - R[1][1] * R[2][0]);
    if (worst > kRotationTolerance || determinant < 0)
      fail(rotation_path, "not a rotation matrix (R R^T differs from I by " + std::to_string(worst) +
                              ", det R = " + std::to_string(determinant) + ")");
  }

  void frame(const ordered_json& value, const JsonPath& path) {
    object(value, path);
    const double time = number(member(value, path, "time"), child(path, "time"));
    if (time < previous_time_)
      fail(child(path, "time"), "earlier than the frame before (" + std::to_string(previous_time_) +
                                    " s); frames must be in time order");
    previous_time_ = time;
    const JsonPath poses_path = child(path, "poses");
    const ordered_json& poses = member(value, path, "poses");
    object(poses, poses_path);
    for (const auto& [body_name, body_pose] : poses.items()) {
      if (!body_names_.count(body_name)) fail(child(poses_path, body_name), "no body of that name in 'bodies'");
      pose(body_pose, child(poses_path, body_name));
    }
    for (const std::string& body_name : body_names_)
      if (!poses.contains(body_name)) fail(poses_path, "no pose of the body '" + body_name + "'");
    if (value.contains("contacts")) {
      const JsonPath contacts_path = child(path, "contacts");
      const ordered_json& contacts = array(value["contacts"], contacts_path);
      for (std::size_t i = 0; i < contacts.size(); ++i) {
        const JsonPath contact = child(contacts_path, i);
        object(contacts[i], contact);
        name(member(contacts[i], contact, "pair"), child(contact, "pair"));
        numbers(member(contacts[i], contact, "point"), child(contact, "point"), 3);
        numbers(member(contacts[i], contact, "force"), child(contact, "force"), 3);
      }
    }
    if (value.contains("latches")) {
      const JsonPath latches_path = child(path, "latches");
      object(value["latches"], latches_path);
      for (const auto& [latch, state] : value["latches"].items()) {
        const bool flag = state.is_boolean() || (state.is_number() && (state == 0 || state == 1));
        if (!flag) fail(child(latches_path, latch), "expected true/false or 1/0, found " + state.dump());
      }
    }
  }

  std::string_view text_;
  const std::string& source_;
  std::set<std::string> body_names_;
  double previous_time_ = -INFINITY;
};

}  // namespace

Diagram read_diagram_json(const std::filesystem::path& path) {
  return parse_diagram_json(read_run_file(path), path.string());
}

Diagram parse_diagram_json(std::string_view text, const std::string& source) {
  return DiagramChecker(text, source).check(parse_json_text(text, source));
}

}  // namespace dyngen::report
