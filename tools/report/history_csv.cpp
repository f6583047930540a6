// Reader of history.csv (see history.hpp).
#include <cmath>
#include <unordered_map>

#include "report/csv_text.hpp"
#include "report/history.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

std::vector<HistoryColumn> parse_header(const TextLine& line, const std::string& source) {
  std::vector<HistoryColumn> columns;
  std::unordered_map<std::string, int> seen;  // quantity -> column where it was named
  for (const CsvField& field : split_csv_line(line, source)) {
    const std::optional<ColumnName> name = parse_column_name(field.text);
    if (!name)
      throw RunFileError(source, line.number, field.column,
                         "column name '" + field.text + "' is not of the form group.item [unit]");
    if (columns.empty() && field.text != "time [s]")
      throw RunFileError(source, line.number, field.column,
                         "the first column must be 'time [s]', found '" + field.text + "'");
    const auto [previous, inserted] = seen.emplace(name->quantity, field.column);
    if (!inserted)
      throw RunFileError(source, line.number, field.column,
                         "column '" + name->quantity + "' repeats the one at column " + std::to_string(previous->second));
    columns.push_back({*name, field.text, {}});
  }
  return columns;
}

}  // namespace

History read_history_csv(const std::filesystem::path& path) {
  return parse_history_csv(read_run_file(path), path.string());
}

History parse_history_csv(std::string_view text, const std::string& source) {
  const CompleteLines lines = complete_lines(text);
  if (lines.lines.empty() || lines.lines.front().text.empty())
    throw RunFileError(source, 1, 0, "no header: the first line must name the columns, starting with 'time [s]'");
  History history{source, parse_header(lines.lines.front(), source), lines.incomplete_line};
  int previous_line = 0;
  for (std::size_t i = 1; i < lines.lines.size(); ++i) {
    const TextLine& line = lines.lines[i];
    if (line.text.empty()) continue;
    const std::vector<CsvField> fields = split_csv_line(line, source);
    if (fields.size() != history.columns.size())
      throw RunFileError(source, line.number, fields.size() > history.columns.size() ? fields[history.columns.size()].column : 0,
                         "expected " + std::to_string(history.columns.size()) + " fields as in the header, found " +
                             std::to_string(fields.size()));
    for (std::size_t c = 0; c < fields.size(); ++c) {
      const std::optional<double> value = parse_number(fields[c].text);
      if (!value)
        throw RunFileError(source, line.number, fields[c].column,
                           history.columns[c].header + ": '" + fields[c].text + "' is not a number");
      history.columns[c].values.push_back(*value);
    }
    const std::vector<double>& time = history.time();
    if (!std::isfinite(time.back()))
      throw RunFileError(source, line.number, 1, "time [s]: '" + fields[0].text + "' is not finite");
    if (time.size() > 1 && time.back() < time[time.size() - 2])
      throw RunFileError(source, line.number, 1,
                         "time [s]: " + fields[0].text + " is earlier than line " + std::to_string(previous_line) +
                             "'s; rows must be in time order");
    previous_line = line.number;
  }
  if (history.rows() == 0)
    throw RunFileError(source, lines.lines.size() > 1 ? lines.lines.back().number : 1, 0,
                       "no complete data row after the header");
  return history;
}

}  // namespace dyngen::report
