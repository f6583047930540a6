// Reading the fields of a YAML mapping with messages that name file:line:column, the object, the
// field, what would be valid and what was found; unknown keys are errors. Shared by the runtime's
// file readers (contact geometry, scenarios, elastic-manipulator scenarios), each throwing its own
// error type. A value put in by a command-line override (--set) has no position in the file and is
// reported as such.
#pragma once

#include <yaml-cpp/yaml.h>

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace dyngen::files {

// "file:line:column" of a node, or "file (--set)" for a node made by an override.
inline std::string position(const std::string& source, const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  if (m.line < 0) return source + " (--set)";
  return source + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1);
}

template <class Error>
class YamlFields {
 public:
  YamlFields(const YAML::Node& node, const std::string& source, std::string where, std::set<std::string> allowed)
      : node_(node), source_(source), where_(std::move(where)) {
    if (!node.IsMap()) fail(node, "", "a mapping");
    for (const auto& kv : node) {
      // a key that is a list or a mapping (`{[a, b]: 1}`) names no field: refused as one unknown
      const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
      if (!allowed.count(key)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        fail(kv.first, key, "one of the keys: " + list);
      }
    }
  }

  [[noreturn]] void fail(const YAML::Node& at, const std::string& field, const std::string& expected) const {
    std::ostringstream s;
    s << position(source_, at) << ": " << where_;
    if (!field.empty()) s << ", field '" << field << "'";
    s << ": expected " << expected;
    if (at.IsScalar()) s << ", got '" << at.Scalar() << "'";
    throw Error(s.str());
  }
  [[noreturn]] void fail(const std::string& field, const std::string& expected) const {
    fail(node_[field] ? node_[field] : node_, field, expected);
  }

  bool has(const std::string& key) const { return static_cast<bool>(node_[key]); }
  YAML::Node at(const std::string& key) const {
    if (!node_[key]) fail(node_, key, "this field (missing)");
    return node_[key];
  }

  double number(const YAML::Node& n, const std::string& key) const {
    double v = 0.0;
    if (!n.IsScalar() || !YAML::convert<double>::decode(n, v) || !std::isfinite(v)) fail(n, key, "a finite number");
    return v;
  }
  double number(const std::string& key) const { return number(at(key), key); }
  double number(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }
  double positive(const std::string& key) const {
    const double v = number(key);
    if (!(v > 0.0)) fail(at(key), key, "a positive number");
    return v;
  }
  double positive(const std::string& key, double fallback) const { return has(key) ? positive(key) : fallback; }
  double non_negative(const std::string& key) const {
    const double v = number(key);
    if (v < 0.0) fail(at(key), key, "a non-negative number");
    return v;
  }
  double non_negative(const std::string& key, double fallback) const { return has(key) ? non_negative(key) : fallback; }
  int integer(const std::string& key, int lo, int hi) const {
    const YAML::Node n = at(key);
    int v = 0;
    if (!n.IsScalar() || !YAML::convert<int>::decode(n, v) || v < lo || v > hi)
      fail(n, key, "an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }
  bool boolean(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    bool v = false;
    if (!node_[key].IsScalar() || !YAML::convert<bool>::decode(node_[key], v)) fail(node_[key], key, "true or false");
    return v;
  }
  std::string text(const std::string& key) const {
    const YAML::Node n = at(key);
    if (!n.IsScalar() || n.Scalar().empty()) fail(n, key, "a non-empty name");
    return n.Scalar();
  }
  std::string text(const std::string& key, const std::string& fallback) const { return has(key) ? text(key) : fallback; }
  // One of `choices`, or `fallback` when absent.
  std::string choice(const std::string& key, const std::vector<std::string>& choices, const std::string& fallback) const {
    if (!has(key)) return fallback;
    const std::string v = text(key);
    std::string list;
    for (const std::string& c : choices) {
      if (c == v) return v;
      list += (list.empty() ? "" : ", ") + c;
    }
    fail(at(key), key, "one of " + list);
  }
  std::vector<double> numbers(const YAML::Node& n, const std::string& key, std::size_t count) const {
    if (!n.IsSequence() || n.size() != count) fail(n, key, "a list of " + std::to_string(count) + " numbers");
    std::vector<double> v(count);
    for (std::size_t i = 0; i < count; ++i) v[i] = number(n[i], key);
    return v;
  }
  Eigen::Vector3d vec3(const YAML::Node& n, const std::string& key) const {
    const auto v = numbers(n, key, 3);
    return {v[0], v[1], v[2]};
  }
  Eigen::Vector3d vec3(const std::string& key) const { return vec3(at(key), key); }
  Eigen::Vector3d vec3(const std::string& key, const Eigen::Vector3d& fallback) const {
    return has(key) ? vec3(key) : fallback;
  }
  Eigen::Vector3d unit(const std::string& key) const {
    const Eigen::Vector3d v = vec3(key);
    if (!(v.norm() > 1e-12)) fail(at(key), key, "a non-zero direction [x, y, z]");
    return v.normalized();
  }
  std::pair<double, double> pair(const std::string& key) const {
    const auto v = numbers(at(key), key, 2);
    return {v[0], v[1]};
  }
  std::array<Eigen::Vector3d, 2> two_points(const std::string& key) const {
    const YAML::Node n = at(key);
    if (!n.IsSequence() || n.size() != 2) fail(n, key, "two points [[x, y, z], [x, y, z]]");
    return {vec3(n[0], key), vec3(n[1], key)};
  }
  // A mapping name -> number under `key` (empty when absent); `what` says what the names are.
  std::map<std::string, double> number_map(const std::string& key, const std::string& what) const {
    std::map<std::string, double> values;
    if (!has(key)) return values;
    const YAML::Node n = node_[key];
    if (!n.IsMap()) fail(n, key, "a mapping " + what);
    for (const auto& kv : n) {
      if (!kv.first.IsScalar()) fail(kv.first, key, "a name as each key of the mapping " + what);
      const std::string name = kv.first.Scalar();
      values[name] = number(kv.second, key + "." + name);
    }
    return values;
  }
  // A list under `key` (empty when absent).
  YAML::Node list(const std::string& key) const {
    if (!has(key)) return YAML::Node(YAML::NodeType::Sequence);
    if (!node_[key].IsSequence()) fail(node_[key], key, "a list");
    return node_[key];
  }
  const YAML::Node& node() const { return node_; }
  const std::string& source() const { return source_; }

 private:
  YAML::Node node_;
  const std::string& source_;
  std::string where_;
};

}  // namespace dyngen::files
