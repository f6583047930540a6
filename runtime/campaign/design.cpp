#include "campaign/design.hpp"

#include "campaign/campaign_error.hpp"
#include "campaign/philox.hpp"

#include <string>

namespace dyngen::campaign {

std::string_view design_name(Design design) {
  switch (design) {
    case Design::random:
      return "random";
    case Design::latin_hypercube:
      return "latin_hypercube";
    case Design::sobol:
      return "sobol";
  }
  return "unknown";
}

Design parse_design(std::string_view name) {
  if (name == "random") return Design::random;
  if (name == "latin_hypercube" || name == "lhs") return Design::latin_hypercube;
  if (name == "sobol") return Design::sobol;
  throw CampaignError("unknown design \"" + std::string(name) + "\": expected random, latin_hypercube (lhs) or sobol");
}

DesignPoints::DesignPoints(Design design, std::uint64_t seed, std::uint64_t case_count, std::size_t dimensions)
    : design_(design), seed_(seed) {
  if (design == Design::latin_hypercube) latin_hypercube_.emplace(seed, case_count, dimensions);
  if (design == Design::sobol && dimensions > 0) {
    if (dimensions > SobolSequence::kMaxDimensions)
      throw CampaignError("the sobol design supports at most " + std::to_string(SobolSequence::kMaxDimensions) +
                          " varied inputs, this campaign has " + std::to_string(dimensions) +
                          "; use latin_hypercube or random");
    sobol_.emplace(dimensions);
    for (std::size_t d = 0; d < dimensions; ++d)
      sobol_shifts_.push_back(
          static_cast<std::uint32_t>(random_bits(seed, 0, static_cast<std::uint32_t>(d), RandomPurpose::sobol_shift) >> 32));
  }
}

double DesignPoints::coordinate(std::uint64_t index, std::size_t dimension) const {
  switch (design_) {
    case Design::random:
      return random_unit(seed_, index, static_cast<std::uint32_t>(dimension), RandomPurpose::random_design);
    case Design::latin_hypercube:
      return latin_hypercube_->coordinate(index, dimension);
    case Design::sobol:
      break;
  }
  const std::uint32_t shifted = sobol_->coordinate(index, dimension) ^ sobol_shifts_[dimension];
  return (static_cast<double>(shifted) + 0.5) * 0x1p-32;
}

}  // namespace dyngen::campaign
