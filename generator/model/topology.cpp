#include "model/topology.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/strong_components.hpp>

#include <map>
#include <queue>

namespace dyngen {

bool supports(const Model& model, int i, int j) {
  for (int body = i; body >= 0; body = model.bodies[body].parent)
    if (body == j) return true;
  return false;
}

std::vector<int> path_up_to(const Model& model, int i, int stop) {
  std::vector<int> path;
  for (int body = i; body != stop && body >= 0; body = model.bodies[body].parent) path.push_back(body);
  return path;
}

namespace model_detail {
namespace {

// Directed graph parent -> child; vertex 0 is the base, vertex v >= 1 the body first listed as
// entry first_entry[v].
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

std::string describe_cycle(const std::vector<int>& members, const std::vector<std::string>& names,
                           const std::vector<int>& first_entry, const std::vector<int>& parent_vertex) {
  // walk parents from the first member until returning to it: a -> parent(a) -> ... -> a
  const int start = members.front();
  std::string text = names[first_entry[start]];
  for (int v = parent_vertex[start];; v = parent_vertex[v]) {
    text += " -> " + names[first_entry[v]];
    if (v == start) break;
  }
  return text;
}

}  // namespace

TreeAnalysis analyse_tree(const std::string& base, const std::vector<std::string>& names,
                          const std::vector<std::string>& parents) {
  const int entries = static_cast<int>(names.size());
  TreeAnalysis result;
  result.parent.assign(entries, -2);
  result.depth.assign(entries, -1);

  std::map<std::string, int> vertex_of = {{base, 0}};
  std::vector<int> first_entry = {-1};
  for (int e = 0; e < entries; ++e) {
    if (names[e].empty() || vertex_of.count(names[e])) continue;
    vertex_of[names[e]] = static_cast<int>(first_entry.size());
    first_entry.push_back(e);
  }
  const int vertices = static_cast<int>(first_entry.size());
  Graph graph(vertices);
  std::vector<int> parent_vertex(vertices, -1);
  std::string known = "'" + base + "' (the base)";
  for (int v = 1; v < vertices; ++v) known += ", '" + names[first_entry[v]] + "'";

  for (int e = 0; e < entries; ++e) {
    if (names[e].empty()) continue;
    const int v = vertex_of[names[e]];
    if (first_entry[v] != e) {
      const int first = first_entry[v];
      if (names[e] == base || parents[e] == parents[first])
        result.issues.push_back({TopologyIssue::Kind::duplicate_name, e,
                                 "duplicate body name '" + names[e] + "' (" +
                                     (names[e] == base ? std::string("it names the base")
                                                       : "also bodies[" + std::to_string(first) + "]") +
                                     "); every body needs a unique name"});
      else
        result.issues.push_back({TopologyIssue::Kind::undeclared_loop, e,
                                 "undeclared closed loop: body '" + names[e] + "' already hangs from '" +
                                     parents[first] + "' (bodies[" + std::to_string(first) +
                                     "]); a second path to it from '" + parents[e] +
                                     "' closes a loop; give each body one parent and declare the loop under "
                                     "loops: (dependent chain, closes_on, cut joint)"});
      continue;
    }
    const auto parent = vertex_of.find(parents[e]);
    if (parents[e].empty()) continue;
    if (parent == vertex_of.end()) {
      result.issues.push_back({TopologyIssue::Kind::unknown_parent, e,
                               "unknown parent '" + parents[e] + "'; expected one of " + known});
      continue;
    }
    boost::add_edge(parent->second, v, graph);
    parent_vertex[v] = parent->second;
  }

  // parent cycles: strongly connected components with more than one vertex, or a self-loop
  std::vector<int> component(vertices);
  boost::strong_components(graph, boost::make_iterator_property_map(component.begin(),
                                                                     boost::get(boost::vertex_index, graph)));
  std::map<int, std::vector<int>> members;
  for (int v = 1; v < vertices; ++v) members[component[v]].push_back(v);
  std::vector<bool> in_cycle(vertices, false);
  std::vector<std::string> cycle_text(vertices);
  for (const auto& [id, group] : members) {
    const bool cyclic = group.size() > 1 || parent_vertex[group.front()] == group.front();
    if (!cyclic) continue;
    const std::string text = describe_cycle(group, names, first_entry, parent_vertex);
    for (int v : group) {
      in_cycle[v] = true;
      cycle_text[v] = text;
      result.issues.push_back({TopologyIssue::Kind::parent_cycle, first_entry[v],
                               "parent cycle " + text + ": none of these bodies hangs from the base; "
                               "make one of them a child of '" + base + "' or of a body attached to it"});
    }
  }

  // reachability from the base (breadth-first search over the tree edges)
  std::vector<boost::default_color_type> color(vertices, boost::white_color);
  boost::breadth_first_visit(graph, 0, boost::color_map(boost::make_iterator_property_map(
                                           color.begin(), boost::get(boost::vertex_index, graph))));
  for (int v = 1; v < vertices; ++v) {
    if (color[v] != boost::white_color || in_cycle[v]) continue;
    int ancestor = v;
    while (ancestor > 0 && parent_vertex[ancestor] >= 0 && !in_cycle[ancestor]) ancestor = parent_vertex[ancestor];
    if (ancestor > 0 && in_cycle[ancestor])
      result.issues.push_back({TopologyIssue::Kind::unreachable, first_entry[v],
                               "body '" + names[first_entry[v]] + "' is unreachable from the base '" + base +
                                   "': its parent chain ends in the parent cycle " + cycle_text[ancestor]});
  }

  // numbering: Kahn's algorithm over reachable vertices, smallest file index first
  std::vector<std::vector<int>> children(vertices);
  for (int v = 1; v < vertices; ++v)
    if (parent_vertex[v] >= 0 && color[v] != boost::white_color) children[parent_vertex[v]].push_back(v);
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;  // by vertex = file order
  std::vector<int> vertex_depth(vertices, 0);
  for (int child : children[0]) ready.push(child);
  while (!ready.empty()) {
    const int v = ready.top();
    ready.pop();
    vertex_depth[v] = vertex_depth[parent_vertex[v]] + 1;
    const int e = first_entry[v];
    result.order.push_back(e);
    result.depth[e] = vertex_depth[v];
    result.parent[e] = parent_vertex[v] == 0 ? -1 : first_entry[parent_vertex[v]];
    for (int child : children[v]) ready.push(child);
  }
  return result;
}

}  // namespace model_detail
}  // namespace dyngen
