#include "simulation/run_writer.hpp"

#include <fstream>
#include <stdexcept>

#include "files/nine_digits.hpp"

namespace dyngen::simulation {

namespace {

std::FILE* open_for_writing(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) throw std::runtime_error("cannot write " + path.string());
  return f;
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '\n' || c == '\r') c = ' ';
    quoted += c;
    if (c == '"') quoted += '"';
  }
  return quoted + "\"";
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  std::filesystem::rename(temporary, path);
}

RunWriter::RunWriter(const std::filesystem::path& directory, const std::vector<std::string>& columns)
    : directory_(directory), columns_(columns.size()) {
  if (columns.empty() || columns.front() != "time [s]") throw std::invalid_argument("history columns must start with time [s]");
  std::filesystem::create_directories(directory);
  history_ = open_for_writing(directory / "history.csv");
  events_ = open_for_writing(directory / "events.csv");
  for (std::size_t k = 0; k < columns.size(); ++k) std::fprintf(history_, "%s%s", k ? "," : "", columns[k].c_str());
  std::fputc('\n', history_);
  std::fputs("time,event,detail\n", events_);
  std::fflush(history_);
  std::fflush(events_);
}

RunWriter::~RunWriter() {
  if (history_ != nullptr) std::fclose(history_);
  if (events_ != nullptr) std::fclose(events_);
}

void RunWriter::row(std::span<const double> values) {
  if (values.size() != columns_) throw std::invalid_argument("history row with a wrong number of values");
  line_.resize(values.size() * (files::nine_digits_size + 1));
  char* end = line_.data();
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k > 0) *end++ = ',';
    end = files::write_nine_digits(end, values[k]);
  }
  *end++ = '\n';
  std::fwrite(line_.data(), 1, static_cast<std::size_t>(end - line_.data()), history_);
  const auto now = std::chrono::steady_clock::now();
  if (now - last_flush_ >= std::chrono::milliseconds(100)) {
    std::fflush(history_);
    last_flush_ = now;
  }
}

void RunWriter::event(double time, std::string_view name, std::string_view detail) {
  std::fprintf(events_, "%.9g,%s,%s\n", time, csv_field(name).c_str(), csv_field(detail).c_str());
  std::fflush(events_);
  std::fflush(history_);  // the rows up to an event with it
}

void RunWriter::summary(const nlohmann::ordered_json& summary) const {
  write_file_atomically(directory_ / "summary.json", summary.dump(2) + "\n");
}

void RunWriter::diagram(const nlohmann::json& diagram) const {
  write_file_atomically(directory_ / "diagram.json", diagram.dump() + "\n");
}

}  // namespace dyngen::simulation
