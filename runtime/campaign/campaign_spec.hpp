// The definition of a campaign: the scenario it varies, the seed, the number of cases, the design,
// the varied inputs with their distributions and the result columns the case function fills. Two
// runs with equal definitions make equal stores; a store remembers its definition and refuses
// another.
#pragma once

#include "campaign/case_result.hpp"
#include "campaign/design.hpp"
#include "campaign/distribution.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dyngen::campaign {

// One input of the campaign: a dotted path into the scenario ("initial.lateral_miss": segments of
// letters, digits and underscores, not starting with a digit) and its distribution.
struct VariedInput {
  std::string path;
  Distribution distribution;
  bool operator==(const VariedInput&) const = default;
};

// "path = distribution", e.g. "initial.lateral_miss = normal(0, 0.05, -0.1, 0.1)" (spaces
// optional); throws CampaignError naming the text.
VariedInput parse_varied_input(std::string_view text);

struct CampaignSpec {
  std::string scenario;          // the scenario text; stored and hashed, never read by the engine
  std::uint64_t seed = 0;        // below 2^63 (stored as an SQLite integer)
  std::uint64_t case_count = 0;  // N, 1 .. 2^32
  Design design = Design::random;
  std::vector<VariedInput> inputs;     // design dimension = position among the inputs that vary
  std::vector<Column> result_columns;  // what the case function may set, besides status and diagnostic
  // How the campaign was started (name, value: e.g. the command line, the working directory), for
  // reports: stored when the store is created; not part of the definition, so never compared (a
  // resumed store keeps the first run's).
  std::vector<std::pair<std::string, std::string>> provenance;
};

// Columns every cases table has besides inputs and results.
inline constexpr std::string_view kCaseIndexColumn = "case_index";
inline constexpr std::string_view kStatusColumn = "status";
inline constexpr std::string_view kDiagnosticColumn = "diagnostic";
inline constexpr std::string_view kWallTimeColumn = "wall_time_s";

// Throws CampaignError on the first problem: a seed or N out of range, a malformed path or column
// name, a name used twice (compared without case, as SQLite compares identifiers) or equal to one
// of the four columns above, more varied inputs than the design supports, an empty or repeated
// provenance name.
void validate(const CampaignSpec& spec);

// The number of inputs that vary (the design's dimension).
std::size_t varied_dimension_count(const CampaignSpec& spec);

// Canonical text forms kept in the store, one entry per line: "path = distribution" and
// "name TYPE"; and their parsers.
std::string inputs_text(const std::vector<VariedInput>& inputs);
std::vector<VariedInput> parse_inputs_text(std::string_view text);
std::string result_columns_text(const std::vector<Column>& columns);
std::vector<Column> parse_result_columns_text(std::string_view text);

}  // namespace dyngen::campaign
