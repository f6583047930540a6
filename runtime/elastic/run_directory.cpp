#include "elastic/run_directory.hpp"

#include <stdexcept>

#include "files/nine_digits.hpp"

namespace dyngen::elastic {

namespace {

constexpr std::chrono::milliseconds flush_period{200};

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::ofstream opened(const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return out;
}

void require_written(const std::ofstream& out, const std::filesystem::path& path) {
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

RunDirectory::RunDirectory(std::filesystem::path directory, const std::vector<std::string>& columns,
                           const nlohmann::ordered_json& initial_summary)
    : directory_(std::move(directory)) {
  std::filesystem::create_directories(directory_);
  history_ = opened(directory_ / "history.csv");
  events_ = opened(directory_ / "events.csv");
  for (std::size_t c = 0; c < columns.size(); ++c) history_ << (c ? "," : "") << columns[c];
  history_ << "\n";
  events_ << "time,event,detail\n";
  write_summary(initial_summary);
}

void RunDirectory::add_row(const std::vector<double>& values) {
  std::string line;
  for (std::size_t c = 0; c < values.size(); ++c) line += (c ? "," : "") + files::nine_digits(values[c]);
  history_ << line << "\n";
  flush_if_due();
}

void RunDirectory::add_event(const RunEvent& event) {
  // a detail is one line of text
  std::string detail = event.detail;
  for (char& c : detail) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  events_ << files::nine_digits(event.time) << "," << csv_field(event.event) << "," << csv_field(detail) << "\n";
  flush_if_due();
}

void RunDirectory::flush_if_due() {
  if (std::chrono::steady_clock::now() - last_flush_ >= flush_period) flush();
}

void RunDirectory::flush() {
  history_.flush();
  events_.flush();
  require_written(history_, directory_ / "history.csv");
  require_written(events_, directory_ / "events.csv");
  last_flush_ = std::chrono::steady_clock::now();
}

void RunDirectory::write_summary(const nlohmann::ordered_json& summary) {
  flush();
  const std::filesystem::path target = directory_ / "summary.json";
  const std::filesystem::path temporary = directory_ / "summary.json.tmp";
  {
    std::ofstream out = opened(temporary);
    out << summary.dump(2) << "\n";
    out.flush();
    require_written(out, temporary);
  }
  std::filesystem::rename(temporary, target);
}

}  // namespace dyngen::elastic
