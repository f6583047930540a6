// diagram.json of a run directory: the data of the dynamic diagram (README.md, "diagram.json"):
// the passive unit's guide surfaces in PU, the active unit's bodies as outlines in their own
// frames, and frames in time with each body's pose in PU, the contacts (point, force on the
// passive unit, pair name) and the latch states. The reader checks the whole document against
// the schema (shapes, sizes, finite numbers, rotations orthonormal, every body posed in every
// frame, times in order); every fault is a RunFileError naming file:line:column and the path of
// the faulty value, and nothing is returned.
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace dyngen::report {

inline constexpr int kDiagramVersion = 1;

struct Diagram {
  nlohmann::ordered_json document;  // as read, checked against the schema
  std::size_t frames = 0;
  double begin = 0, end = 0;        // times of the first and the last frame, s
};

Diagram read_diagram_json(const std::filesystem::path& path);

// Same from text; `source` names it in messages.
Diagram parse_diagram_json(std::string_view text, const std::string& source);

}  // namespace dyngen::report
