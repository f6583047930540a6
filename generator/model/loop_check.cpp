// Validation of declared kinematic loops (thesis ch. I: each loop = independent branch from a
// root + a fully dependent simple chain whose terminal body closes on the independent branch).
#include <map>

#include "model/file_model.hpp"
#include "model/topology.hpp"

namespace dyngen::model_detail {
namespace {

// entry index of each body name (first definition), -1 for the base
std::map<std::string, int> entries_by_name(const FileModel& file) {
  std::map<std::string, int> index = {{file.base_name, -1}};
  for (int e = 0; e < static_cast<int>(file.bodies.size()); ++e) index.emplace(file.bodies[e].name, e);
  return index;
}

std::string path_to_base(const FileModel& file, const TreeAnalysis& tree, int entry) {
  std::string text;
  for (int e = entry; e >= 0; e = tree.parent[e]) text += file.bodies[e].name + " -> ";
  return text + file.base_name;
}

}  // namespace

void check_loops(const FileModel& file, const TreeAnalysis& tree, Diagnostics& diagnostics) {
  const auto index = entries_by_name(file);
  std::map<int, std::string> dependent_in;  // entry -> loop that lists it as dependent
  std::map<std::string, int> loop_names;
  for (std::size_t l = 0; l < file.loops.size(); ++l) {
    const FileLoop& loop = file.loops[l];
    if (!loop.name.empty() && !loop_names.emplace(loop.name, static_cast<int>(l)).second)
      diagnostics.error(loop.where, "duplicate loop name '" + loop.name + "'");
    const auto root = index.find(loop.root);
    const auto closing = index.find(loop.closes_on);
    bool usable = true;
    if (!loop.root.empty() && root == index.end()) {
      diagnostics.error(loop.root_at, "unknown body '" + loop.root + "'; root must be the base or a body");
      usable = false;
    }
    if (!loop.closes_on.empty() && closing == index.end()) {
      diagnostics.error(loop.closes_on_at, "unknown body '" + loop.closes_on + "'; closes_on must be the base or a body");
      usable = false;
    }
    std::vector<int> chain;
    for (std::size_t i = 0; i < loop.dependent.size(); ++i) {
      const auto found = index.find(loop.dependent[i]);
      if (found == index.end() || found->second < 0) {
        diagnostics.error(loop.dependent_at[i], "'" + loop.dependent[i] + "' is not a body of the mechanism" +
                                                    (found != index.end() ? " (the base cannot be dependent)" : ""));
        usable = false;
        continue;
      }
      if (const auto other = dependent_in.find(found->second); other != dependent_in.end()) {
        diagnostics.error(loop.dependent_at[i], "body '" + loop.dependent[i] + "' is already dependent in loop '" +
                                                    other->second + "'; dependent branches must not overlap");
        usable = false;
      }
      dependent_in[found->second] = loop.name;
      chain.push_back(found->second);
    }
    if (!usable || chain.size() != loop.dependent.size() || chain.empty() || root == index.end() ||
        closing == index.end())
      continue;
    // simple chain hanging from root: parent(dependent[0]) = root, parent(dependent[i]) = dependent[i-1]
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const int expected = i == 0 ? root->second : chain[i - 1];
      const std::string expected_name = i == 0 ? loop.root : loop.dependent[i - 1];
      if (tree.parent[chain[i]] != expected) {
        diagnostics.error(loop.dependent_at[i],
                          "dependent branch is not a simple chain hanging from root '" + loop.root + "': '" +
                              loop.dependent[i] + "' hangs from '" + file.bodies[chain[i]].parent +
                              "', expected '" + expected_name + "' (list the chain first to terminal)");
        usable = false;
        break;
      }
      if (i + 1 == chain.size()) break;
      for (int e = 0; e < static_cast<int>(file.bodies.size()); ++e)
        if (tree.parent[e] == chain[i] && e != chain[i + 1]) {
          diagnostics.error(loop.dependent_at[i],
                            "dependent branch is not a simple chain: '" + loop.dependent[i] +
                                "' has a second child '" + file.bodies[e].name + "' besides '" +
                                loop.dependent[i + 1] + "'");
          usable = false;
        }
    }
    if (!usable) continue;
    // the independent branch root -> closes_on must start at root and avoid the dependent chain
    bool meets_at_root = root->second < 0;
    for (int e = closing->second; e >= 0 && !meets_at_root; e = tree.parent[e]) meets_at_root = e == root->second;
    for (int e = closing->second; e >= 0; e = tree.parent[e])
      if (dependent_in.count(e) && dependent_in[e] == loop.name) meets_at_root = false;
    if (!meets_at_root)
      diagnostics.error(loop.closes_on_at,
                        "loop branches do not meet at root '" + loop.root + "': closing body '" + loop.closes_on +
                            "' has the path " + (closing->second < 0 ? file.base_name : path_to_base(file, tree, closing->second)) +
                            ", which must pass through the root and not through the dependent branch");
  }
}

void check_references(const FileModel& file, const TreeAnalysis&, Diagnostics& diagnostics) {
  const auto index = entries_by_name(file);
  if (file.external_wrench_bodies)
    for (const NameRef& ref : *file.external_wrench_bodies) {
      const auto found = index.find(ref.name);
      if (found == index.end() || found->second < 0)
        diagnostics.error(ref.where, "'" + ref.name + "' is not a body of the mechanism (the base takes no "
                                                     "external wrench input)");
    }
  for (const NameRef& ref : file.output_points) {
    const auto dot = ref.name.find('.');
    bool found = false;
    if (dot != std::string::npos) {
      const std::string body = ref.name.substr(0, dot), point = ref.name.substr(dot + 1);
      const auto entry = index.find(body);
      if (entry != index.end()) {
        const auto& points = entry->second < 0 ? file.base_points : file.bodies[entry->second].points;
        for (const FilePoint& p : points) found = found || p.name == point;
      }
    }
    if (!found)
      diagnostics.error(ref.where, "unknown point '" + ref.name + "'; expected body.point naming a point listed "
                                                                  "under that body's points:");
  }
}

}  // namespace dyngen::model_detail
