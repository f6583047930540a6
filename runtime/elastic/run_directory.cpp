#include "elastic/run_directory.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <stdexcept>
#include <utility>

namespace dyngen::elastic {

namespace {

std::string numbered(const std::string& group, const std::string& item, int k, const std::string& unit) {
  return group + "." + item + std::to_string(k) + " [" + unit + "]";
}

std::string formatted(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

// writes `text` to directory/name through a temporary file
void write_file(const std::filesystem::path& directory, const std::string& name, const std::string& text) {
  const std::filesystem::path target = directory / name;
  const std::filesystem::path temporary = directory / (name + ".tmp");
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  std::filesystem::rename(temporary, target);
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// "angle.link1 [rad]" -> ("angle.link1", "rad")
std::pair<std::string, std::string> name_and_unit(const std::string& column) {
  const std::size_t bracket = column.find(" [");
  if (bracket == std::string::npos) return {column, ""};
  return {column.substr(0, bracket), column.substr(bracket + 2, column.size() - bracket - 3)};
}

double peak(const std::vector<double>& values) {
  double largest = 0.0;
  for (double v : values) largest = std::max(largest, std::abs(v));
  return largest;
}

}  // namespace

RunHistory::RunHistory(Manipulator manipulator, std::string method, std::string settings)
    : manipulator_(std::move(manipulator)), method_(std::move(method)), settings_(std::move(settings)) {
  const int links = manipulator_.links;
  columns_.push_back("time [s]");
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("torque", "joint", k, "-"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("angle", "link", k, "rad"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("angle", "joint", k, "rad"));
  if (links >= 2) columns_.push_back("angle.difference [rad]");
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("tip_deflection", "link", k, "-"));
  for (const char* name : {"energy.kinetic [-]", "energy.elastic [-]", "energy.gradient [-]", "energy.balance_error [-]",
                           "work.torques [-]"}) {
    columns_.push_back(name);
  }
}

double RunHistory::torque_power(const ManipulatorState& state) const {
  double power = 0.0;
  for (int k = 0; k < manipulator_.links; ++k) power += manipulator_.torque(k, state.time) * state.links[k].hinge_rate;
  return power;
}

void RunHistory::observe(const ManipulatorState& state, bool keep_row) {
  if (last_state_) {
    // dW = M-bar psi' dtau, tau = t / T
    const double dtau = (state.time - last_state_->time) / manipulator_.time_scale;
    work_ += 0.5 * dtau * (torque_power(*last_state_) + torque_power(state));
    if (manipulator_.links >= 2) {
      // the first two links in line: phi_1 - phi_2 crosses a multiple of 2 pi
      const double before = last_state_->links[0].angle - last_state_->links[1].angle;
      const double after = state.links[0].angle - state.links[1].angle;
      const double turn = 2.0 * std::numbers::pi;
      for (double k = std::ceil(std::min(before, after) / turn); k * turn <= std::max(before, after); ++k) {
        if (k * turn == before) continue;  // counted when reached
        const double time = last_state_->time + (k * turn - before) / (after - before) * (state.time - last_state_->time);
        add_event(time, "links_aligned", "phi_1 - phi_2 = " + formatted(k * turn) + " rad");
      }
    }
  }
  last_state_ = state;
  if (!keep_row) return;
  const int links = manipulator_.links;
  std::vector<double> row{state.time};
  for (int k = 0; k < links; ++k) row.push_back(manipulator_.torque(k, state.time));
  for (int k = 0; k < links; ++k) row.push_back(state.links[k].angle);
  for (int k = 0; k < links; ++k) row.push_back(state.links[k].hinge_angle);
  if (links >= 2) row.push_back(state.links[0].angle - state.links[1].angle);
  for (int k = 0; k < links; ++k) row.push_back(tip_deflection(state.links[k]));
  const double kinetic = kinetic_energy(state, manipulator_.tip_mass);
  const double elastic = elastic_energy(state);
  const double gradient = gradient_potential(state, manipulator_.gradient_load, manipulator_.tip_mass);
  if (!initial_gradient_potential_) initial_gradient_potential_ = gradient;
  row.push_back(kinetic);
  row.push_back(elastic);
  row.push_back(gradient);
  // T + U + (V - V(0)) - W: zero for the undamped model, up to the numerical damping and the seed's neglects
  row.push_back(kinetic + elastic + gradient - *initial_gradient_potential_ - work_);
  row.push_back(work_);
  rows_.push_back(std::move(row));
}

void RunHistory::add_event(double time, std::string event, std::string detail) {
  events_.push_back({time, std::move(event), std::move(detail)});
}

std::vector<double> RunHistory::column(const std::string& name) const {
  const auto found = std::find(columns_.begin(), columns_.end(), name);
  if (found == columns_.end()) throw std::invalid_argument("run history has no column " + name);
  const auto index = static_cast<std::size_t>(found - columns_.begin());
  std::vector<double> values;
  for (const std::vector<double>& row : rows_) values.push_back(row[index]);
  return values;
}

std::vector<ColumnDifference> max_differences(const RunHistory& a, const RunHistory& b) {
  std::vector<ColumnDifference> out;
  for (std::size_t c = 1; c < a.columns().size(); ++c) {
    const auto found = std::find(b.columns().begin(), b.columns().end(), a.columns()[c]);
    if (found == b.columns().end()) continue;
    const auto cb = static_cast<std::size_t>(found - b.columns().begin());
    double largest = 0.0;
    std::size_t j = 0;
    for (const std::vector<double>& row : a.rows()) {
      while (j < b.rows().size() && b.rows()[j][0] < row[0] - 1e-9) ++j;
      if (j < b.rows().size() && std::abs(b.rows()[j][0] - row[0]) <= 1e-9) {
        largest = std::max(largest, std::abs(row[c] - b.rows()[j][cb]));
      }
    }
    out.push_back({a.columns()[c], largest});
  }
  return out;
}

void write_run_directory(const std::filesystem::path& directory, const RunHistory& history,
                         const RunHistory* cross_check) {
  std::filesystem::create_directories(directory);

  std::string csv;
  for (std::size_t c = 0; c < history.columns().size(); ++c) csv += (c ? "," : "") + history.columns()[c];
  csv += "\n";
  for (const std::vector<double>& row : history.rows()) {
    for (std::size_t c = 0; c < row.size(); ++c) csv += (c ? "," : "") + formatted(row[c]);
    csv += "\n";
  }
  write_file(directory, "history.csv", csv);

  std::string events = "time,event,detail\n";
  for (const RunEvent& e : history.events()) {
    events += formatted(e.time) + "," + csv_field(e.event) + "," + csv_field(e.detail) + "\n";
  }
  write_file(directory, "events.csv", events);

  // the keys every run directory's summary has (tools/report/README.md); no capture here
  nlohmann::ordered_json summary;
  nlohmann::ordered_json units;
  summary["status"] = history.status;
  summary["captured"] = false;
  summary["capture_time"] = nullptr;
  summary["steps"] = history.steps;
  summary["wall_time"] = history.wall_time;
  units["wall_time"] = "s";
  if (history.status.rfind("failed: ", 0) == 0) summary["message"] = history.status.substr(8);
  summary["method"] = history.method();
  summary["settings"] = history.settings();
  summary["end_time"] = history.rows().empty() ? 0.0 : history.rows().back()[0];
  units["end_time"] = "s";
  nlohmann::ordered_json peaks;
  for (const std::string& column : history.columns()) {
    const auto [name, unit] = name_and_unit(column);
    if (name.rfind("tip_deflection.", 0) != 0 && name.rfind("angle.", 0) != 0) continue;
    peaks[name] = peak(history.column(column));
    units["peak." + name] = unit;
  }
  summary["peak"] = peaks;
  if (!history.rows().empty()) {
    summary["energy_balance"] = {{"max_error", peak(history.column("energy.balance_error [-]"))},
                                 {"max_work", peak(history.column("work.torques [-]"))}};
    units["energy_balance.max_error"] = units["energy_balance.max_work"] = "-";
  }
  nlohmann::json aligned = nlohmann::json::array();
  for (const RunEvent& e : history.events()) {
    if (e.event == "links_aligned") aligned.push_back(e.time);
  }
  summary["links_aligned"] = aligned;
  units["links_aligned"] = "s";
  if (cross_check) {
    nlohmann::ordered_json differences;
    for (const ColumnDifference& d : max_differences(history, *cross_check)) {
      const auto [name, unit] = name_and_unit(d.column);
      differences[name] = d.max_difference;
      units["cross_check.max_difference." + name] = unit;
    }
    summary["cross_check"] = {{"method", cross_check->method()},
                              {"settings", cross_check->settings()},
                              {"status", cross_check->status},
                              {"max_difference", differences}};
  }
  summary["units"] = units;
  write_file(directory, "summary.json", summary.dump(2) + "\n");
}

}  // namespace dyngen::elastic
