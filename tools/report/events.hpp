// events.csv of a run directory (README.md, "Run directory"): the header `time,event,detail`,
// then one event per line: time in s, an event name, a free-text detail (CSV-quoted when it holds
// commas or quotes; may be empty). A last line without its line break is left out and reported;
// any other fault is a RunFileError naming file:line:column, and nothing is returned.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dyngen::report {

struct Event {
  double time;  // s
  std::string name;
  std::string detail;
};

struct Events {
  std::vector<Event> events;  // in time order (stable: events at one time keep the file's order)
  int incomplete_line = 0;    // line left out because the run stopped while writing it; 0 if none
};

Events read_events_csv(const std::filesystem::path& path);

// Same from text; `source` names it in messages.
Events parse_events_csv(std::string_view text, const std::string& source);

}  // namespace dyngen::report
