// A synthetic docking campaign store for the campaign report's tests: the definition `dyngen
// campaign` makes of the bundled probe-cone scenario (its varied inputs, result columns, stored
// scenario text and provenance), with cases from a scripted outcome instead of dockings: captured
// while the lateral miss stays inside a reach that shrinks with the misalignment and grows with the
// closing speed, failed (a penetration limit) when fast and far off, loads and times growing with
// miss, speed and misalignment. Plausible to the eye, not a solution of the equations of motion;
// written in milliseconds.
#pragma once

#include <cstdint>
#include <filesystem>

namespace dyngen::testing {

struct SyntheticCampaignOptions {
  std::uint64_t cases = 400;
  std::uint64_t stored = 400;  // fewer: a store of an unfinished campaign (the first `stored` cases)
};

void write_synthetic_campaign(const std::filesystem::path& store, const SyntheticCampaignOptions& options = {});

}  // namespace dyngen::testing
