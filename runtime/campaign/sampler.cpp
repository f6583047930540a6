#include "campaign/sampler.hpp"

#include "campaign/campaign_error.hpp"

#include <string>

namespace dyngen::campaign {

namespace {

const CampaignSpec& validated(const CampaignSpec& spec) {
  validate(spec);
  return spec;
}

}  // namespace

Sampler::Sampler(const CampaignSpec& spec)
    : inputs_(validated(spec).inputs),
      case_count_(spec.case_count),
      points_(spec.design, spec.seed, spec.case_count, varied_dimension_count(spec)) {}

CaseInputs Sampler::inputs(std::uint64_t index) const {
  if (index >= case_count_)
    throw CampaignError("case " + std::to_string(index) + " is beyond the campaign's " + std::to_string(case_count_) +
                        " cases");
  CaseInputs case_inputs{index, {}};
  std::size_t dimension = 0;
  for (const auto& input : inputs_) {
    // A fixed input's low() is its value.
    const double value = input.distribution.varies() ? input.distribution.quantile(points_.coordinate(index, dimension++))
                                                     : input.distribution.low();
    case_inputs.values.emplace_back(input.path, value);
  }
  return case_inputs;
}

}  // namespace dyngen::campaign
