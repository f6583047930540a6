// The search over ways to build a kernel (codegen/rewrites.hpp): which rewrite choices are tried,
// that the cheapest build is kept (the earlier on ties), that factoring is tried once more on the
// best choice only when it is off, and what the summary says about a split choice.
#include "codegen/rewrites.hpp"

#include <gtest/gtest.h>

#include <map>

#include "generator/model/loader.hpp"

namespace dyngen::codegen {
namespace {

TEST(Rewrites, CrbaRouteAddsTheSplitOnlyWhenTheHalvesDiffer) {
  EXPECT_EQ(rewrite_choices(3).size(), 3u);
  EXPECT_EQ(crba_route_choices(3, 1, 1).size(), 3u);
  const std::vector<RewriteChoice> split = crba_route_choices(3, 2, 1);
  ASSERT_EQ(split.size(), 4u);
  EXPECT_EQ(split.back().inertia, 2u);
  EXPECT_EQ(split.back().forces, 1u);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(split[k].inertia, split[k].forces);
}

TEST(Rewrites, CheapestBuildKeepsTheEarlierOnTiesAndTriesFactoringOnTheBestChoice) {
  const std::vector<RewriteChoice> choices = rewrite_choices(4);
  const std::map<std::size_t, std::uint64_t> plain{{0, 50}, {1, 40}, {2, 40}, {3, 60}};
  std::vector<BuildVariant> calls;
  const auto cost_with_factoring = [&](std::uint64_t factored) {
    calls.clear();
    return cheapest_build(choices, false, [&](const BuildVariant& v) {
      calls.push_back(v);
      return v.factoring ? factored : plain.at(v.choice.inertia);
    });
  };
  CheapestBuild best = cost_with_factoring(45);
  ASSERT_EQ(calls.size(), 5u);
  EXPECT_TRUE(calls.back().factoring);
  EXPECT_EQ(calls.back().choice.inertia, 1u);  // the first of the two cheapest
  EXPECT_EQ(best.call, 1u);
  EXPECT_FALSE(best.variant.factoring);
  best = cost_with_factoring(39);
  EXPECT_EQ(best.call, 4u);
  EXPECT_TRUE(best.variant.factoring);
  EXPECT_EQ(best.variant.choice.inertia, 1u);
  // factoring on already: no extra build
  calls.clear();
  best = cheapest_build(choices, true, [&](const BuildVariant& v) {
    calls.push_back(v);
    return plain.at(v.choice.inertia);
  });
  EXPECT_EQ(calls.size(), 4u);
  EXPECT_EQ(best.call, 1u);
}

TEST(Rewrites, NoteNamesEachHalfOfASplitChoice) {
  const Model model = load_model(std::string(DYNGEN_SOURCE_DIR) + "/models/puma560.yaml");
  const std::vector<Rewrite> candidates = rewrites(model, GenerateOptions{});
  ASSERT_GE(candidates.size(), 2u);
  EXPECT_EQ(note(candidates, {0, 0}), "");
  EXPECT_EQ(note(candidates, {1, 1}), candidates[1].note());
  EXPECT_EQ(note(candidates, {0, 1}),
            "mass matrix: mechanism as given; generalized forces: " + candidates[1].note());
}

}  // namespace
}  // namespace dyngen::codegen
