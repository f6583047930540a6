// Latin hypercube: in every dimension each of the N strata holds exactly one case (unit
// coordinates, and values of uniform inputs); the permutations are reproducible from (seed, N,
// dimension) and differ between dimensions and seeds.
#include "campaign/latin_hypercube.hpp"

#include "campaign/sampler.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace dyngen::campaign {
namespace {

TEST(LatinHypercube, EachStratumHitOncePerDimension) {
  for (const std::uint64_t n : {1u, 2u, 7u, 1000u, 4096u}) {
    const LatinHypercube design(99, n, 6);
    for (std::size_t d = 0; d < 6; ++d) {
      std::vector<int> hits(n, 0);
      for (std::uint64_t i = 0; i < n; ++i) {
        const double u = design.coordinate(i, d);
        ASSERT_GT(u, 0.0);
        ASSERT_LT(u, 1.0);
        const auto stratum = static_cast<std::size_t>(std::floor(u * static_cast<double>(n)));
        EXPECT_EQ(stratum, design.stratum(i, d));
        ++hits[stratum];
      }
      EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; })) << "N " << n << " d " << d;
    }
  }
}

TEST(LatinHypercube, UniformInputValuesAreStratified) {
  CampaignSpec spec;
  spec.case_count = 500;
  spec.design = Design::latin_hypercube;
  spec.inputs = {parse_varied_input("a = uniform(-2, 3)"), parse_varied_input("b = uniform(0, 0.01)")};
  const Sampler sampler(spec);
  for (const auto& [name, low, high] : {std::tuple{"a", -2.0, 3.0}, std::tuple{"b", 0.0, 0.01}}) {
    std::vector<int> hits(spec.case_count, 0);
    for (std::uint64_t i = 0; i < spec.case_count; ++i) {
      const double x = sampler.inputs(i).at(name);
      ++hits[static_cast<std::size_t>(std::floor((x - low) / (high - low) * static_cast<double>(spec.case_count)))];
    }
    EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), static_cast<long>(spec.case_count)) << name;
  }
}

TEST(LatinHypercube, PermutationsAreReproducibleAndIndependent) {
  const auto p = latin_hypercube_permutation(5, 300, 0);
  std::vector<std::uint32_t> sorted = p;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint32_t> identity(300);
  std::iota(identity.begin(), identity.end(), 0u);
  EXPECT_EQ(sorted, identity);
  EXPECT_EQ(latin_hypercube_permutation(5, 300, 0), p);
  EXPECT_NE(latin_hypercube_permutation(5, 300, 1), p);
  EXPECT_NE(latin_hypercube_permutation(6, 300, 0), p);
  EXPECT_NE(p, identity);
  // Rank correlation between two dimensions' strata of a random permutation pair is small:
  // Spearman's rho has standard deviation 1/sqrt(N - 1) = 0.058 under independence.
  const auto q = latin_hypercube_permutation(5, 300, 1);
  double sum = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) sum += (p[i] - 149.5) * (q[i] - 149.5);
  const double rho = sum / (300.0 * (300.0 * 300.0 - 1) / 12.0);
  EXPECT_LT(std::abs(rho), 4 * 0.058);
}

}  // namespace
}  // namespace dyngen::campaign
