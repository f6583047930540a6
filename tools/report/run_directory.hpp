// A run directory as `dyngen simulate` writes it (README.md, "Run directory"): history.csv and
// summary.json are required; events.csv and diagram.json are optional (the report says when one
// is absent). Every file present is read and checked in full before anything is written, so a
// bad run directory gives one RunFileError naming the file and line, and no report.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "report/diagram.hpp"
#include "report/events.hpp"
#include "report/history.hpp"
#include "report/summary.hpp"

namespace dyngen::report {

struct Run {
  std::filesystem::path directory;
  History history;
  Summary summary;
  std::optional<Events> events;    // absent without events.csv
  std::optional<Diagram> diagram;  // absent without diagram.json
  std::vector<std::string> notes;  // facts about the files a reader should know (absent files, lines left out)
};

Run load_run(const std::filesystem::path& directory);

}  // namespace dyngen::report
