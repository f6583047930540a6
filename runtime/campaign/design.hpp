// The design of a campaign: how the N cases' unit coordinates in (0, 1)^D are chosen, D being the
// number of inputs that vary. Every coordinate is a pure function of (seed, case index) -- and of N
// for the Latin hypercube -- so cases can be drawn alone, in any order, on any thread or rank.
#pragma once

#include "campaign/latin_hypercube.hpp"
#include "campaign/sobol_sequence.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace dyngen::campaign {

enum class Design {
  random,           // independent uniform coordinates (Philox4x32-10 of seed, case, dimension)
  latin_hypercube,  // one case per stratum 1/N in each dimension
  sobol,            // Sobol points with a random digital shift from the seed
};

// "random", "latin_hypercube", "sobol".
std::string_view design_name(Design design);
// The names above, and "lhs" for latin_hypercube; throws CampaignError listing the names.
Design parse_design(std::string_view name);

class DesignPoints {
 public:
  // Throws CampaignError when the design cannot give that many dimensions (Sobol: 64).
  DesignPoints(Design design, std::uint64_t seed, std::uint64_t case_count, std::size_t dimensions);

  // Coordinate `dimension` of case `index`, in the open interval (0, 1).
  //   random:          u = Philox uniform of (seed, index, dimension)
  //   latin_hypercube: u = (pi_d(index) + v) / N                       (latin_hypercube.hpp)
  //   sobol:           u = ((x_d(index) XOR s_d) + 1/2) 2^-32,  s_d 32 random bits of (seed, d)
  // The digital shift s_d (Owen, "Monte Carlo variance of scrambled net quadrature", SIAM J. Numer.
  // Anal. 34 (1997), sec. 2 -- the simplest randomization of a net) keeps every stratification
  // property of the points, moves the origin off the first case, and makes the seed mean something;
  // the half step keeps u off 0 and 1.
  double coordinate(std::uint64_t index, std::size_t dimension) const;

 private:
  Design design_;
  std::uint64_t seed_;
  std::optional<LatinHypercube> latin_hypercube_;
  std::optional<SobolSequence> sobol_;
  std::vector<std::uint32_t> sobol_shifts_;
};

}  // namespace dyngen::campaign
