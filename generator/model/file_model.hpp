// The mechanism file as read (before topology analysis and expansion): one entry per body of the
// file, numeric fields as GiNaC expressions, each field's location kept for diagnostics.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "model/expression.hpp"
#include "model/frames.hpp"
#include "model/model_error.hpp"

namespace dyngen::model_detail {

struct Location {
  int line = 0;  // 1-based
  int column = 0;
  std::string field;
};

// Collects diagnostics of one file.
class Diagnostics {
 public:
  explicit Diagnostics(std::string file) : file_(std::move(file)) {}
  void error(const Location& where, const std::string& message);
  void error(const YAML::Mark& mark, const std::string& field, const std::string& message);
  bool empty() const { return list_.empty(); }
  const std::vector<Diagnostic>& list() const { return list_; }
  Location at(const YAML::Node& node, const std::string& field) const;

 private:
  std::string file_;
  std::vector<Diagnostic> list_;
};

// A composite or 1-DOF joint as written; `axes` has one unit direction per DOF.
struct FileJoint {
  std::string type = "fixed";
  std::vector<std::array<double, 3>> axes;
  std::vector<JointType> kinds;  // revolute/prismatic per DOF
  ExVec xyz = zero_vec();
  ExMat rotation = identity_mat();  // maps joint-frame vectors into the parent frame (gamma^T)
  std::vector<GiNaC::ex> q0, spring, damper;  // one per DOF
  bool actuated = false;
  std::optional<std::array<double, 2>> limits;
  Location where;
};

struct FilePoint {
  std::string name;
  ExVec position = zero_vec();
  Location where;
};

struct FileBody {
  std::string name;
  std::string parent;
  FileJoint joint;
  GiNaC::ex mass = 0;
  ExVec com = zero_vec();
  ExMat tensor_origin = zero_mat();  // about the body frame origin (parallel-axis applied)
  std::vector<FilePoint> points;
  Location where, name_at, parent_at;
};

struct FileLoop {
  std::string name;
  std::string root;
  std::vector<std::string> dependent;
  std::string closes_on;
  CutType cut = CutType::spherical;
  ExVec terminal_point = zero_vec(), closing_point = zero_vec();
  std::optional<std::array<double, 3>> terminal_axis, closing_axis;
  std::optional<std::array<double, 3>> terminal_reference, closing_reference;  // prismatic cut
  bool analytic_closure = true;
  Location where, root_at, closes_on_at;
  std::vector<Location> dependent_at;
};

struct NameRef {
  std::string name;
  Location where;
};

struct FileModel {
  std::string name;
  std::string description;
  ExVec gravity = zero_vec();
  bool moving_base = false;
  std::string base_name = "base";
  std::vector<FilePoint> base_points;
  ParameterTable parameters;
  std::vector<FileBody> bodies;
  std::vector<FileLoop> loops;
  std::optional<std::vector<NameRef>> external_wrench_bodies;
  std::vector<NameRef> output_points;
  Location base_at;
};

// Reads the YAML document into `file`, reporting schema errors (unknown keys, missing fields,
// wrong types, bad names, bad expressions, invalid inertia/rotation/axis) to `diagnostics`.
void read_schema(const YAML::Node& root, FileModel& file, Diagnostics& diagnostics);

}  // namespace dyngen::model_detail

namespace dyngen::model_detail {

struct TreeAnalysis;

// Checks every loop against the tree (root, simple dependent chain hanging from root, closing
// body descending from root, no body dependent in two loops) and the names used by outputs and
// external_wrench_bodies.
void check_loops(const FileModel& file, const TreeAnalysis& tree, Diagnostics& diagnostics);
void check_references(const FileModel& file, const TreeAnalysis& tree, Diagnostics& diagnostics);

// Builds the Model from a file without errors: composite joints expanded, fixed bodies merged
// into their parents, joint axes turned into +x/+y/+z (expansion.cpp).
Model assemble(const FileModel& file, const TreeAnalysis& tree);

// Derives each loop's chain type, planarity, constraint count, closed form and the closure order
// (loop_analysis.cpp), reporting a dependent branch whose coordinates are not as many as the cut's
// constraints, cut points of a planar loop that cannot meet, and cycles of nested loops.
void analyse_loops(const FileModel& file, Model& model, Diagnostics& diagnostics);

}  // namespace dyngen::model_detail
