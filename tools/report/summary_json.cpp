// Reader of summary.json (see summary.hpp).
#include <algorithm>
#include <cmath>
#include <map>

#include "report/json_file.hpp"
#include "report/run_file.hpp"
#include "report/summary.hpp"

namespace dyngen::report {
namespace {

using nlohmann::ordered_json;

// Units of the contract's own keys.
const std::map<std::string, std::string> kContractUnits = {
    {"capture_time", "s"}, {"steps", "-"}, {"wall_time", "s"}};

void flatten(const ordered_json& object, const std::string& prefix, std::vector<SummaryEntry>& entries) {
  for (const auto& [key, value] : object.items()) {
    if (prefix.empty() && key == "units") continue;
    if (value.is_object()) {
      flatten(value, prefix + key + ".", entries);
    } else {
      const auto unit = kContractUnits.find(prefix + key);
      entries.push_back({prefix + key, value, unit == kContractUnits.end() ? "" : unit->second});
    }
  }
}

}  // namespace

Summary read_summary_json(const std::filesystem::path& path) {
  return parse_summary_json(read_run_file(path), path.string());
}

Summary parse_summary_json(std::string_view text, const std::string& source) {
  const ordered_json document = parse_json_text(text, source);
  const auto fail = [&](const JsonPath& path, const std::string& message) {
    throw_json_value_error(text, source, path, message);
  };
  if (!document.is_object()) fail({}, "summary.json must hold an object");
  const auto required = [&](const char* key, const char* expected, auto accepted) -> const ordered_json& {
    const auto found = document.find(key);
    if (found == document.end()) fail({}, std::string("the key '") + key + "' (" + expected + ") is missing");
    if (!accepted(*found)) fail({key}, std::string("expected ") + expected + ", found " + found->dump());
    return *found;
  };
  const auto non_negative = [](const ordered_json& value) { return value.is_number() && value.get<double>() >= 0; };

  Summary summary;
  summary.source = source;
  summary.status = required("status", "a string", [](const ordered_json& v) { return v.is_string(); }).get<std::string>();
  summary.captured = required("captured", "true or false", [](const ordered_json& v) { return v.is_boolean(); }).get<bool>();
  const ordered_json& capture_time = required(
      "capture_time", "a number of seconds or null", [](const ordered_json& v) { return v.is_number() || v.is_null(); });
  if (summary.captured && capture_time.is_null()) fail({"capture_time"}, "null, but 'captured' is true");
  if (!summary.captured && !capture_time.is_null())
    fail({"capture_time"}, "expected null since 'captured' is false, found " + capture_time.dump());
  if (capture_time.is_number()) summary.capture_time = capture_time.get<double>();
  summary.steps = required("steps", "an integer >= 0", [&](const ordered_json& v) {
    return non_negative(v) && std::floor(v.get<double>()) == v.get<double>();
  }).get<double>();
  summary.wall_time = required("wall_time", "a number of seconds >= 0", non_negative).get<double>();
  if (const auto message = document.find("message"); message != document.end()) {
    if (!message->is_string()) fail({"message"}, "expected a string, found " + message->dump());
    summary.message = message->get<std::string>();
  }

  flatten(document, "", summary.entries);
  if (const auto units = document.find("units"); units != document.end()) {
    if (!units->is_object()) fail({"units"}, "expected an object of key: unit, found " + units->dump());
    for (const auto& [key, unit] : units->items()) {
      if (!unit.is_string()) fail({"units", key}, "expected a unit as a string, found " + unit.dump());
      auto entry = std::find_if(summary.entries.begin(), summary.entries.end(),
                                [&name = key](const SummaryEntry& e) { return e.key == name; });
      if (entry == summary.entries.end()) fail({"units", key}, "names no key of the summary");
      entry->unit = unit.get<std::string>();
    }
  }
  return summary;
}

}  // namespace dyngen::report
