// The seed's example (seed_example.hpp) run by the seed's method and by the finite-element
// cross-check, each recorded at the seed's step as a run history (run_directory.hpp) with the same
// columns, so a report can overlay them. A `dyngen simulate` scenario calls these.
#pragma once

#include "elastic/finite_element_solver.hpp"
#include "elastic/run_directory.hpp"
#include "elastic/seed_example.hpp"

namespace dyngen::elastic {

struct SeedExampleSettings {
  SeedExample example;
  // converged on the example (README "Cross-check"): halving the step or doubling the elements moves
  // the angles by < 1e-6 rad and the tip deflections by < 1e-8
  FiniteElementSettings cross_check{8, 2.5e-4};
};

// The seed's method at the example's step and segments (transfer_matrix_houbolt.hpp); every step recorded.
RunHistory run_seed_method(const SeedExampleSettings& settings = {});
// Finite elements and Newmark (finite_element_solver.hpp), recorded at the example's step (which must
// be a whole number of the cross-check's steps, std::invalid_argument otherwise).
RunHistory run_cross_check(const SeedExampleSettings& settings = {});

// Both runs, written to two run directories; the seed method's summary carries the largest
// differences from the cross-check.
void write_seed_example_runs(const std::filesystem::path& seed_method_directory,
                             const std::filesystem::path& cross_check_directory, const SeedExampleSettings& settings = {});

}  // namespace dyngen::elastic
