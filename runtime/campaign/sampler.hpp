// The inputs of case i of a campaign: the design's unit point of case i mapped through each varied
// input's quantile function. A pure function of (definition, i): the same on any thread or rank,
// alone or in a full run.
#pragma once

#include "campaign/campaign_spec.hpp"
#include "campaign/case_inputs.hpp"
#include "campaign/design.hpp"

#include <cstdint>
#include <vector>

namespace dyngen::campaign {

class Sampler {
 public:
  // Validates the definition (throws CampaignError). The Latin hypercube's permutations are drawn
  // here: N x D 32-bit integers.
  explicit Sampler(const CampaignSpec& spec);

  // Inputs of case `index` (< N): input k that varies takes design dimension d(k), its position
  // among the inputs that vary; x_k = F_k^-1(u_d(k)). Fixed inputs take their value and no dimension,
  // so fixing or freeing one input moves the dimensions of the inputs after it only.
  CaseInputs inputs(std::uint64_t index) const;

  // The design's unit coordinate `dimension` of case `index`, in (0, 1).
  double unit_coordinate(std::uint64_t index, std::size_t dimension) const {
    return points_.coordinate(index, dimension);
  }

 private:
  std::vector<VariedInput> inputs_;
  std::uint64_t case_count_;
  DesignPoints points_;
};

}  // namespace dyngen::campaign
