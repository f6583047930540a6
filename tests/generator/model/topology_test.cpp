// Topology: numbering parents before children stable in file order, depth, RB(i, j) against a
// brute-force ancestor set, and the issue kinds of analyse_tree.
#include "model/topology.hpp"

#include <gtest/gtest.h>

#include "lsan_suppressions.hpp"

#include <set>

#include "model/loader.hpp"

namespace dyngen {
namespace {

using model_detail::analyse_tree;
using model_detail::TopologyIssue;

TEST(Topology, NumbersParentsBeforeChildrenStableInFileOrder) {
  // children listed before their parents; siblings keep file order
  const auto tree = analyse_tree("base", {"d", "b", "a", "c", "e"}, {"b", "a", "base", "a", "base"});
  ASSERT_TRUE(tree.issues.empty());
  EXPECT_EQ(tree.order, (std::vector<int>{2, 1, 0, 3, 4}));  // a, b, d, c, e
  EXPECT_EQ(tree.parent, (std::vector<int>{1, 2, -1, 2, -1}));
  EXPECT_EQ(tree.depth, (std::vector<int>{3, 2, 1, 2, 1}));
}

TEST(Topology, ReportsEachIssueKind) {
  const auto tree = analyse_tree("base", {"a", "b", "c", "d", "a", "e", "e"},
                                 {"b", "a", "c", "zz", "b", "base", "c"});
  std::multiset<TopologyIssue::Kind> kinds;
  for (const auto& issue : tree.issues) kinds.insert(issue.kind);
  EXPECT_EQ(kinds.count(TopologyIssue::Kind::parent_cycle), 3u);   // a, b and c (self)
  EXPECT_EQ(kinds.count(TopologyIssue::Kind::unknown_parent), 1u);  // d
  EXPECT_EQ(kinds.count(TopologyIssue::Kind::duplicate_name), 1u);  // second a, same parent b
  EXPECT_EQ(kinds.count(TopologyIssue::Kind::undeclared_loop), 1u); // second e, other parent
  EXPECT_EQ(tree.order, (std::vector<int>{5}));
}

TEST(Topology, SupportsMatchesBruteForceAncestorSets) {
  const Model model = load_model_from_string(R"(
name: tree
base: {name: base}
bodies:
  - {name: a, parent: base, joint: {type: revolute, axis: z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: b, parent: a, joint: {type: universal}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: c, parent: a, joint: {type: prismatic, axis: x}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: d, parent: c, joint: {type: revolute, axis: y}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: e, parent: base, joint: {type: revolute, axis: y}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
)",
                                             "tree.yaml");
  // base, a, b__0, b, c, d, e
  ASSERT_EQ(model.body_count(), 7);
  EXPECT_EQ(model.tree_depth(), 3);
  for (int i = 0; i < model.body_count(); ++i) {
    std::set<int> ancestors = {i};
    for (int j = model.bodies[i].parent; j >= 0; j = model.bodies[j].parent) ancestors.insert(j);
    for (int j = 0; j < model.body_count(); ++j) EXPECT_EQ(supports(model, i, j), ancestors.count(j) > 0) << i << "," << j;
    EXPECT_LT(model.bodies[i].parent, i);
  }
  EXPECT_EQ(path_up_to(model, 5, 1), (std::vector<int>{5, 4}));
  EXPECT_EQ(model.bodies[3].depth, 3);
}

}  // namespace
}  // namespace dyngen
