#include "campaign/campaign_spec.hpp"

#include "campaign/campaign_error.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace dyngen::campaign {

namespace {

std::string_view trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

bool is_identifier_segment(std::string_view segment) {
  if (segment.empty() || std::isdigit(static_cast<unsigned char>(segment.front()))) return false;
  return std::all_of(segment.begin(), segment.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool is_dotted_path(std::string_view path) {
  while (true) {
    const auto dot = path.find('.');
    if (!is_identifier_segment(path.substr(0, dot))) return false;
    if (dot == std::string_view::npos) return true;
    path.remove_prefix(dot + 1);
  }
}

std::string lowercase(std::string_view s) {
  std::string lower(s);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto end = text.find('\n');
    if (const auto line = trimmed(text.substr(0, end)); !line.empty()) lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

}  // namespace

VariedInput parse_varied_input(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos)
    throw CampaignError("varied input \"" + std::string(text) + "\": expected path = distribution");
  VariedInput input{std::string(trimmed(text.substr(0, equals))), Distribution::parse(text.substr(equals + 1))};
  if (!is_dotted_path(input.path))
    throw CampaignError("varied input \"" + std::string(text) + "\": \"" + input.path +
                        "\" is not a dotted path (letters, digits, underscores; segments joined by dots)");
  return input;
}

void validate(const CampaignSpec& spec) {
  if (spec.seed >> 63) throw CampaignError("the seed must be below 2^63, got " + std::to_string(spec.seed));
  if (spec.case_count == 0 || spec.case_count > (std::uint64_t{1} << 32))
    throw CampaignError("the number of cases must be 1 to 2^32, got " + std::to_string(spec.case_count));
  std::set<std::string> used{std::string(kCaseIndexColumn), std::string(kStatusColumn),
                             std::string(kDiagnosticColumn), std::string(kWallTimeColumn)};
  const auto claim = [&](const std::string& name, const char* what) {
    if (!is_dotted_path(name))
      throw CampaignError(std::string(what) + " \"" + name +
                          "\" is not a dotted path (letters, digits, underscores; segments joined by dots)");
    if (!used.insert(lowercase(name)).second)
      throw CampaignError(std::string(what) + " \"" + name +
                          "\" repeats a column name (inputs, result columns and case_index, status, diagnostic, "
                          "wall_time_s must differ, ignoring case)");
  };
  for (const auto& input : spec.inputs) claim(input.path, "input");
  for (const auto& column : spec.result_columns) claim(column.name, "result column");
  std::set<std::string> provenance_names;
  for (const auto& [name, value] : spec.provenance)
    if (name.empty() || !provenance_names.insert(name).second)
      throw CampaignError("provenance name \"" + name + "\" is empty or repeated");
  if (spec.design == Design::sobol && varied_dimension_count(spec) > SobolSequence::kMaxDimensions)
    throw CampaignError("the sobol design supports at most " + std::to_string(SobolSequence::kMaxDimensions) +
                        " varied inputs, this campaign has " + std::to_string(varied_dimension_count(spec)) +
                        "; use latin_hypercube or random");
}

std::size_t varied_dimension_count(const CampaignSpec& spec) {
  return static_cast<std::size_t>(std::count_if(spec.inputs.begin(), spec.inputs.end(),
                                                [](const VariedInput& input) { return input.distribution.varies(); }));
}

std::string inputs_text(const std::vector<VariedInput>& inputs) {
  std::string text;
  for (const auto& input : inputs) text += input.path + " = " + input.distribution.text() + "\n";
  return text;
}

std::vector<VariedInput> parse_inputs_text(std::string_view text) {
  std::vector<VariedInput> inputs;
  for (const auto line : lines_of(text)) inputs.push_back(parse_varied_input(line));
  return inputs;
}

std::string result_columns_text(const std::vector<Column>& columns) {
  std::string text;
  for (const auto& column : columns) text += column.name + " " + std::string(column_type_name(column.type)) + "\n";
  return text;
}

std::vector<Column> parse_result_columns_text(std::string_view text) {
  std::vector<Column> columns;
  for (const auto line : lines_of(text)) {
    const auto space = line.rfind(' ');
    if (space == std::string_view::npos)
      throw CampaignError("result column \"" + std::string(line) + "\": expected name TYPE");
    columns.push_back({std::string(trimmed(line.substr(0, space))), parse_column_type(line.substr(space + 1))});
  }
  return columns;
}

}  // namespace dyngen::campaign
