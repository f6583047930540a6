// Reader of events.csv (see events.hpp).
#include <algorithm>
#include <cmath>

#include "report/csv_text.hpp"
#include "report/events.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {

Events read_events_csv(const std::filesystem::path& path) { return parse_events_csv(read_run_file(path), path.string()); }

Events parse_events_csv(std::string_view text, const std::string& source) {
  const CompleteLines lines = complete_lines(text);
  Events result{{}, lines.incomplete_line};
  if (lines.lines.empty() || lines.lines.front().text.empty())
    throw RunFileError(source, 1, 0, "no header: the first line must be 'time,event,detail'");
  const TextLine& header = lines.lines.front();
  std::vector<std::string> names;
  for (const CsvField& field : split_csv_line(header, source)) names.push_back(field.text);
  if (names != std::vector<std::string>{"time", "event", "detail"})
    throw RunFileError(source, header.number, 1, "the header must be 'time,event,detail', found '" + header.text + "'");
  for (std::size_t i = 1; i < lines.lines.size(); ++i) {
    const TextLine& line = lines.lines[i];
    if (line.text.empty()) continue;
    const std::vector<CsvField> fields = split_csv_line(line, source);
    if (fields.size() != 3)
      throw RunFileError(source, line.number, fields.size() > 3 ? fields[3].column : 0,
                         "expected 3 fields (time,event,detail), found " + std::to_string(fields.size()) +
                             (fields.size() > 3 ? "; quote a detail that holds commas" : ""));
    const std::optional<double> time = parse_number(fields[0].text);
    if (!time || !std::isfinite(*time))
      throw RunFileError(source, line.number, fields[0].column, "time: '" + fields[0].text + "' is not a finite number");
    if (fields[1].text.empty()) throw RunFileError(source, line.number, fields[1].column, "event: empty name");
    result.events.push_back({*time, fields[1].text, fields[2].text});
  }
  std::stable_sort(result.events.begin(), result.events.end(),
                   [](const Event& a, const Event& b) { return a.time < b.time; });
  return result;
}

}  // namespace dyngen::report
