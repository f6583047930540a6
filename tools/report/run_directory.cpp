#include "report/run_directory.hpp"

#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

std::string incomplete_line_note(const std::filesystem::path& file, int line) {
  return file.filename().string() + ": line " + std::to_string(line) +
         " has no line break (the run stopped while writing it) and is left out";
}

}  // namespace

Run load_run(const std::filesystem::path& directory) {
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error))
    throw RunFileError(directory.string(), 0, 0, "not a run directory (no such directory)");
  const auto history_path = directory / "history.csv";
  const auto summary_path = directory / "summary.json";
  const auto events_path = directory / "events.csv";
  const auto diagram_path = directory / "diagram.json";
  Run run{directory, read_history_csv(history_path), read_summary_json(summary_path), std::nullopt, std::nullopt, {}};
  if (run.history.incomplete_line > 0) run.notes.push_back(incomplete_line_note(history_path, run.history.incomplete_line));
  if (std::filesystem::exists(events_path, error)) {
    run.events = read_events_csv(events_path);
    if (run.events->incomplete_line > 0)
      run.notes.push_back(incomplete_line_note(events_path, run.events->incomplete_line));
  } else {
    run.notes.push_back("events.csv: absent, no events shown");
  }
  if (std::filesystem::exists(diagram_path, error)) {
    run.diagram = read_diagram_json(diagram_path);
  } else {
    run.notes.push_back("diagram.json: absent, no dynamic diagram");
  }
  return run;
}

}  // namespace dyngen::report
