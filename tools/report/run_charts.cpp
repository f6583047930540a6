#include "report/run_charts.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace dyngen::report {
namespace {

// What a y axis in this unit shows, for its label: `force [N]`.
std::string quantity_of(const std::string& unit) {
  static const std::map<std::string, std::string> kQuantities = {
      {"m", "displacement"}, {"rad", "angle"},      {"deg", "angle"},  {"m/s", "velocity"}, {"rad/s", "angular rate"},
      {"N", "force"},        {"N m", "moment"},     {"J", "energy"},   {"W", "power"},      {"s", "time"},
      {"-", "value"},        {"m/s^2", "acceleration"}};
  const auto found = kQuantities.find(unit);
  return found == kQuantities.end() ? "value" : found->second;
}

std::string axis_label(const std::string& quantity, const std::string& unit) {
  return unit.empty() ? quantity : quantity + " [" + unit + "]";
}

Chart time_chart(const History& history, std::string title, std::string y_label) {
  return {std::move(title), history.columns.front().header, std::move(y_label), history.time(), {}, false, true};
}

void add_series(Chart& chart, const HistoryColumn& column, std::string label) {
  chart.series.push_back({std::move(label), column.values, "", false});
}

bool ever_nonzero(const HistoryColumn& column) {
  return std::any_of(column.values.begin(), column.values.end(), [](double v) { return std::isfinite(v) && v != 0; });
}

// Columns of `group`, in file order, split by unit in order of first appearance.
std::vector<std::pair<std::string, std::vector<const HistoryColumn*>>> by_unit(
    const History& history, const std::function<bool(const HistoryColumn&)>& selected) {
  std::vector<std::pair<std::string, std::vector<const HistoryColumn*>>> units;
  for (std::size_t c = 1; c < history.columns.size(); ++c) {
    const HistoryColumn& column = history.columns[c];
    if (!selected(column)) continue;
    auto unit = std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.first == column.name.unit; });
    if (unit == units.end()) unit = units.insert(units.end(), {column.name.unit, {}});
    unit->second.push_back(&column);
  }
  return units;
}

// One chart per unit of the selected columns, titled by `title(unit)`, series named by item.
void add_unit_charts(ChartSection& section, const History& history,
                     const std::function<bool(const HistoryColumn&)>& selected,
                     const std::function<std::string(const std::string&)>& title, bool steps = false) {
  for (const auto& [unit, columns] : by_unit(history, selected)) {
    Chart chart = time_chart(history, title(unit), axis_label(steps ? "state" : quantity_of(unit), unit));
    chart.steps = steps;
    for (const HistoryColumn* column : columns)
      add_series(chart, *column, column->name.item.empty() ? column->name.quantity : column->name.item);
    section.charts.push_back(std::move(chart));
  }
}

std::function<bool(const HistoryColumn&)> in_group(std::string group) {
  return [group = std::move(group)](const HistoryColumn& column) { return column.name.group == group; };
}

// `head_sphere-cone_1.normal` -> pair `head_sphere-cone_1`, quantity `normal`; an item without a
// dot is a pair with one unnamed quantity.
std::pair<std::string, std::string> pair_and_quantity(const std::string& item) {
  const std::size_t dot = item.rfind('.');
  if (dot == std::string::npos) return {item, ""};
  return {item.substr(0, dot), item.substr(dot + 1)};
}

ChartSection contact_section(const History& history) {
  ChartSection section{"contact_forces", "Contact forces",
                       "Normal and friction force of each contact pair (active primitive - passive primitive); "
                       "the overview charts show every pair that touched, the charts below one pair each.",
                       {}, {}, {}};
  std::vector<std::string> pairs;  // in file order
  for (const HistoryColumn& column : history.columns) {
    if (column.name.group != "contact") continue;
    const std::string pair = pair_and_quantity(column.name.item).first;
    if (std::find(pairs.begin(), pairs.end(), pair) == pairs.end()) pairs.push_back(pair);
  }
  const auto pair_columns = [&history](const std::string& pair) {
    std::vector<const HistoryColumn*> columns;
    for (const HistoryColumn& column : history.columns)
      if (column.name.group == "contact" && pair_and_quantity(column.name.item).first == pair) columns.push_back(&column);
    return columns;
  };
  std::vector<std::string> touched, untouched;
  for (const std::string& pair : pairs) {
    const auto columns = pair_columns(pair);
    (std::any_of(columns.begin(), columns.end(), [](const HistoryColumn* c) { return ever_nonzero(*c); }) ? touched
                                                                                                        : untouched)
        .push_back(pair);
  }
  for (const char* quantity : {"normal", "friction"}) {
    Chart overview = time_chart(history, std::string(quantity == std::string("normal") ? "Normal" : "Friction") +
                                             " force of each pair",
                                axis_label(std::string(quantity) + " force", "N"));
    for (const std::string& pair : touched)
      for (const HistoryColumn* column : pair_columns(pair))
        if (pair_and_quantity(column->name.item).second == quantity) {
          overview.y_label = axis_label(std::string(quantity) + " force", column->name.unit);
          add_series(overview, *column, pair);
        }
    if (!overview.series.empty()) {
      section.figure_panels.push_back(section.charts.size());
      section.charts.push_back(std::move(overview));
    }
  }
  for (const std::string& pair : touched) {
    const std::size_t first_new = section.charts.size();
    add_unit_charts(
        section, history,
        [&pair](const HistoryColumn& c) { return c.name.group == "contact" && pair_and_quantity(c.name.item).first == pair; },
        [&pair](const std::string& unit) { return unit == "N" || unit.empty() ? pair : pair + " [" + unit + "]"; });
    // series of a pair's chart are its quantities, not the whole item
    for (std::size_t c = first_new; c < section.charts.size(); ++c)
      for (Series& series : section.charts[c].series)
        if (const std::string quantity = pair_and_quantity(series.label).second; !quantity.empty()) series.label = quantity;
  }
  if (!untouched.empty()) {
    std::string note = "Never in contact (all values zero): ";
    for (std::size_t i = 0; i < untouched.size(); ++i) note += (i ? ", " : "") + untouched[i];
    section.notes.push_back(note + ".");
  }
  return section;
}

ChartSection mechanism_section(const History& history) {
  ChartSection section{"mechanism", "Mechanism",
                       "Damper strokes, mechanism coordinates and latch states.", {}, {}, {}};
  add_unit_charts(section, history, in_group("stroke"),
                  [](const std::string& unit) { return "Damper strokes" + (unit.empty() ? "" : " [" + unit + "]"); });
  add_unit_charts(section, history, in_group("q"), [](const std::string& unit) {
    return "Mechanism coordinates" + (unit.empty() ? "" : " [" + unit + "]");
  });
  for (std::size_t i = 0; i < section.charts.size() && i < 3; ++i) section.figure_panels.push_back(i);
  add_unit_charts(section, history, in_group("latch"), [](const std::string&) { return "Latches (1 = triggered)"; },
                  true);
  return section;
}

ChartSection manipulator_section(const History& history) {
  ChartSection section{"manipulator", "Manipulator",
                       "The payload's pose error (its berthing ring's frame in the port's frame: zero when berthed), "
                       "the joint angles, rates and torques of the arm carrying it.",
                       {}, {}, {}};
  add_unit_charts(section, history, in_group("pose_error"), [](const std::string& unit) {
    return "Payload pose error" + (unit.empty() ? "" : " [" + unit + "]");
  });
  const std::pair<const char*, const char*> kJoints[] = {
      {"joint_angle", "Joint angles"}, {"joint_rate", "Joint rates"}, {"joint_torque", "Joint torques"}};
  for (const auto& [group, title] : kJoints)
    add_unit_charts(section, history, in_group(group), [title = std::string(title)](const std::string& unit) {
      return title + (unit.empty() ? "" : " [" + unit + "]");
    });
  // the figure: pose error, angles and torques (the rates are on the page only)
  for (std::size_t i = 0; i < section.charts.size(); ++i)
    if (section.charts[i].title.rfind("Joint rates", 0) != 0) section.figure_panels.push_back(i);
  return section;
}

ChartSection relative_section(const History& history) {
  ChartSection section{"relative_motion", "Relative motion",
                       "Motion of the active unit relative to the passive unit (PU axes) and the closing velocity.",
                       {}, {}, {}};
  static const std::map<std::string, std::string> kTitles = {{"m", "Relative position"},
                                                             {"rad", "Relative attitude"},
                                                             {"deg", "Relative attitude"},
                                                             {"m/s", "Relative velocity"},
                                                             {"rad/s", "Relative angular rate"}};
  add_unit_charts(section, history, in_group("relative"), [](const std::string& unit) {
    const auto title = kTitles.find(unit);
    return (title == kTitles.end() ? std::string("Relative motion") : title->second) +
           (unit.empty() ? "" : " [" + unit + "]");
  });
  add_unit_charts(section, history, in_group("closing_velocity"),
                  [](const std::string& unit) { return "Closing velocity" + (unit.empty() ? "" : " [" + unit + "]"); });
  for (std::size_t i = 0; i < section.charts.size() && i < 4; ++i) section.figure_panels.push_back(i);
  return section;
}

ChartSection energy_section(const History& history) {
  ChartSection section{"energy", "Energy",
                       "Kinetic, potential and dissipated energy, and the balance error (their sum's drift from the "
                       "work done on the system), which tells how well the integration kept energy.",
                       {}, {}, {}};
  add_unit_charts(
      section, history, [](const HistoryColumn& c) { return c.name.group == "energy" && c.name.item != "balance_error"; },
      [](const std::string& unit) { return "Energy terms" + (unit.empty() ? "" : " [" + unit + "]"); });
  add_unit_charts(
      section, history, [](const HistoryColumn& c) { return c.name.group == "energy" && c.name.item == "balance_error"; },
      [](const std::string& unit) { return "Energy balance error" + (unit.empty() ? "" : " [" + unit + "]"); });
  for (std::size_t i = 0; i < section.charts.size() && i < 3; ++i) section.figure_panels.push_back(i);
  return section;
}

ChartSection base_wrench_section(const History& history) {
  ChartSection section{"base_wrench", "Base wrench",
                       "Force and moment the mechanism exerts on its spacecraft at the mechanism base.", {}, {}, {}};
  add_unit_charts(section, history, in_group("base_wrench"), [](const std::string& unit) {
    return (unit == "N" ? std::string("Base force") : unit == "N m" ? std::string("Base moment") : "Base wrench") +
           (unit.empty() ? "" : " [" + unit + "]");
  });
  for (std::size_t i = 0; i < section.charts.size() && i < 3; ++i) section.figure_panels.push_back(i);
  return section;
}

ChartSection other_section(const History& history, const std::vector<std::string>& known) {
  ChartSection section{"other_signals", "Other signals", "Columns of groups this report does not know, by group and unit.",
                       {}, {}, {}};
  std::vector<std::string> groups;
  for (std::size_t c = 1; c < history.columns.size(); ++c) {
    const std::string& group = history.columns[c].name.group;
    if (std::find(known.begin(), known.end(), group) == known.end() &&
        std::find(groups.begin(), groups.end(), group) == groups.end())
      groups.push_back(group);
  }
  for (const std::string& group : groups)
    add_unit_charts(section, history, in_group(group), [&group](const std::string& unit) {
      return group + (unit.empty() ? "" : " [" + unit + "]");
    });
  return section;
}

}  // namespace

std::vector<ChartSection> history_sections(const History& history) {
  static const std::vector<std::string> kKnownGroups = {
      "time",     "contact",          "pose_error", "joint_angle", "joint_rate", "joint_torque", "q",
      "stroke",   "latch",            "relative",   "closing_velocity", "energy", "base_wrench"};
  std::vector<ChartSection> sections = {contact_section(history), manipulator_section(history), mechanism_section(history),
                                        relative_section(history), energy_section(history),
                                        base_wrench_section(history), other_section(history, kKnownGroups)};
  std::erase_if(sections, [](const ChartSection& s) { return s.charts.empty() && s.notes.empty(); });
  return sections;
}

}  // namespace dyngen::report
