// Sampling is reproducible and order-independent: case i drawn alone equals case i of a full run,
// in any order and from several threads at once; random and Sobol cases do not depend on N, Latin
// hypercube cases do; fixed inputs take no design dimension; Sobol cases keep the sequence's
// stratification through the digital shift; bad definitions are refused with their names.
#include "campaign/sampler.hpp"

#include "campaign/campaign_error.hpp"
#include "toy_docking.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <thread>
#include <vector>

namespace dyngen::campaign {
namespace {

using testing::toy_campaign;

std::string refusal(const CampaignSpec& spec) {
  try {
    validate(spec);
  } catch (const CampaignError& error) {
    return error.what();
  }
  return "accepted";
}

class EveryDesign : public ::testing::TestWithParam<Design> {};

TEST_P(EveryDesign, CaseAloneEqualsCaseOfFullRunInAnyOrderAndThread) {
  const CampaignSpec spec = toy_campaign(GetParam(), 300);
  std::vector<CaseInputs> forward;
  {
    const Sampler sampler(spec);
    for (std::uint64_t i = 0; i < spec.case_count; ++i) forward.push_back(sampler.inputs(i));
  }
  for (const std::uint64_t i : {0u, 1u, 17u, 150u, 299u}) {
    const Sampler alone(spec);
    EXPECT_EQ(alone.inputs(i).values, forward[i].values) << "case " << i;
  }
  const Sampler shared(spec);
  std::vector<CaseInputs> backward(spec.case_count), threaded(spec.case_count);
  for (std::uint64_t i = spec.case_count; i-- > 0;) backward[i] = shared.inputs(i);
  {
    std::vector<std::jthread> threads;
    for (unsigned t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (std::uint64_t i = t; i < spec.case_count; i += 4) threaded[i] = shared.inputs(i);
      });
  }
  for (std::uint64_t i = 0; i < spec.case_count; ++i) {
    EXPECT_EQ(backward[i].values, forward[i].values);
    EXPECT_EQ(threaded[i].values, forward[i].values);
    EXPECT_EQ(forward[i].case_index, i);
  }
}

TEST_P(EveryDesign, SeedChangesTheCases) {
  const Sampler a(toy_campaign(GetParam(), 64, 1)), b(toy_campaign(GetParam(), 64, 2));
  int equal = 0;
  for (std::uint64_t i = 0; i < 64; ++i) equal += a.inputs(i).at("initial.lateral_rate") == b.inputs(i).at("initial.lateral_rate");
  EXPECT_EQ(equal, 0);
}

TEST_P(EveryDesign, FixedInputsTakeTheirValueAndNoDimension) {
  CampaignSpec with_fixed = toy_campaign(GetParam(), 64);
  CampaignSpec without = with_fixed;
  without.inputs.erase(without.inputs.begin() + 2);  // mechanism.frequency = fixed(2)
  const Sampler a(with_fixed), b(without);
  for (std::uint64_t i = 0; i < 64; ++i) {
    EXPECT_EQ(a.inputs(i).at("mechanism.frequency"), 2.0);
    EXPECT_EQ(a.inputs(i).at("mechanism.damping_ratio"), b.inputs(i).at("mechanism.damping_ratio"));
  }
}

INSTANTIATE_TEST_SUITE_P(Designs, EveryDesign,
                         ::testing::Values(Design::random, Design::latin_hypercube, Design::sobol),
                         [](const auto& info) { return std::string(design_name(info.param)); });

TEST(Sampler, RandomAndSobolCasesDoNotDependOnTheNumberOfCasesLatinHypercubeDoes) {
  for (const Design design : {Design::random, Design::sobol}) {
    const Sampler small(toy_campaign(design, 10)), large(toy_campaign(design, 1000));
    for (std::uint64_t i = 0; i < 10; ++i) EXPECT_EQ(small.inputs(i).values, large.inputs(i).values);
  }
  const Sampler small(toy_campaign(Design::latin_hypercube, 10)), large(toy_campaign(Design::latin_hypercube, 1000));
  EXPECT_NE(small.inputs(3).values, large.inputs(3).values);
}

TEST(Sampler, ShiftedSobolCoordinatesStayStratified) {
  const Sampler sampler(toy_campaign(Design::sobol, 256));
  for (std::size_t d = 0; d < 3; ++d) {
    std::set<int> intervals;
    for (std::uint64_t i = 0; i < 256; ++i) {
      const double u = sampler.unit_coordinate(i, d);
      ASSERT_GT(u, 0.0);
      ASSERT_LT(u, 1.0);
      intervals.insert(static_cast<int>(std::floor(u * 256)));
    }
    EXPECT_EQ(intervals.size(), 256u) << "dimension " << d;
  }
  // The shift moves case 0 off the origin.
  EXPECT_GT(sampler.unit_coordinate(0, 0), 1e-6);
}

TEST(Sampler, CaseInputsNameWhatIsMissing) {
  const Sampler sampler(toy_campaign(Design::random, 5));
  try {
    sampler.inputs(2).at("initial.closing_velocity");
    FAIL() << "no throw";
  } catch (const CampaignError& error) {
    EXPECT_NE(std::string(error.what()).find("initial.closing_velocity"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("initial.lateral_miss"), std::string::npos);
  }
  EXPECT_THROW(sampler.inputs(5), CampaignError);
}

TEST(Sampler, BadDefinitionsAreRefusedByName) {
  CampaignSpec spec = toy_campaign(Design::random, 10);
  EXPECT_EQ(refusal(spec), "accepted");
  auto changed = spec;
  changed.seed = std::uint64_t{1} << 63;
  EXPECT_NE(refusal(changed).find("seed"), std::string::npos);
  changed = spec;
  changed.case_count = 0;
  EXPECT_NE(refusal(changed).find("number of cases"), std::string::npos);
  changed = spec;
  changed.inputs.push_back({"Initial.Lateral_Miss", Distribution::fixed(0)});
  EXPECT_NE(refusal(changed).find("\"Initial.Lateral_Miss\" repeats"), std::string::npos);
  changed = spec;
  changed.result_columns.push_back({"Status", ColumnType::text});
  EXPECT_NE(refusal(changed).find("\"Status\" repeats"), std::string::npos);
  changed = spec;
  changed.inputs.push_back({"initial..miss", Distribution::fixed(0)});
  EXPECT_NE(refusal(changed).find("\"initial..miss\" is not a dotted path"), std::string::npos);
  changed = spec;
  changed.design = Design::sobol;
  for (int k = 0; k < 61; ++k) changed.inputs.push_back({"extra.x" + std::to_string(k), Distribution::uniform(0, 1)});
  EXPECT_EQ(refusal(changed), "accepted");  // 3 + 61 = 64 varied
  changed.inputs.push_back({"extra.one_too_many", Distribution::uniform(0, 1)});
  EXPECT_NE(refusal(changed).find("at most 64 varied inputs"), std::string::npos);
  EXPECT_THROW(parse_varied_input("initial.miss normal(0, 1)"), CampaignError);
  EXPECT_THROW(parse_varied_input("3d.miss = normal(0, 1)"), CampaignError);
}

}  // namespace
}  // namespace dyngen::campaign
