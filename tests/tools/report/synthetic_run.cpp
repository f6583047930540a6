// The scripted docking of synthetic_run.hpp. Units SI; PU axes (X_PU along the receiving cone's
// axis, the active unit approaching towards +X_PU).
#include "synthetic_run.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dyngen::testing {
namespace {

using Vec = std::array<double, 3>;
using Rotation = std::array<Vec, 3>;  // rows; x_PU = position + R x_B

Vec operator+(const Vec& a, const Vec& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec operator-(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec operator*(double s, const Vec& a) { return {s * a[0], s * a[1], s * a[2]}; }
Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double norm(const Vec& a) { return std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }
Vec unit(const Vec& a) { return (1.0 / norm(a)) * a; }

// The rotation taking X to `x` by the shortest turn (columns: the body axes in PU).
Rotation aligned_with(const Vec& x) {
  const Vec helper = std::abs(x[2]) < 0.9 ? Vec{0, 0, 1} : Vec{0, 1, 0};
  const Vec y = unit(cross(helper, x));
  const Vec z = cross(x, y);
  return {{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}}};
}

Rotation yaw_pitch(double yaw, double pitch) {
  const double cy = std::cos(yaw), sy = std::sin(yaw), cp = std::cos(pitch), sp = std::sin(pitch);
  return {{{cy * cp, -sy, cy * sp}, {sy * cp, cy, sy * sp}, {-sp, 0, cp}}};
}

// Representative unit (probe_cone.yaml) and scripted motion.
constexpr double kHeadRadius = 0.04;
constexpr double kGimbalOffset = 0.35;      // gimbal ahead of the active unit's origin along its X
constexpr double kProbeLength = 0.9;        // gimbal to head centre, rod extended
constexpr double kHeadStart = 0.10;         // head x at t = 0
constexpr double kBottomX = 0.47 - kHeadRadius - 0.0012;  // head centre on the socket bottom (1.2 mm penetration)
constexpr double kClosingSpeed = 0.25;      // m/s at t = 0
constexpr double kApproachDecay = 0.2;      // 1/s while the head slides
constexpr double kStrokeDecay = 4.0;        // 1/s while the probe strokes
constexpr double kMiss = 0.104;             // initial lateral miss, m
constexpr double kMissAzimuth = 0.29;       // rad, in the Y-Z plane from Y
constexpr double kLateralStiffness = 3000;  // N/m, the probe's lateral spring seen at the head
constexpr double kProbeStiffness = 8000, kProbeDamping = 3000;  // axial, N/m and N s/m
constexpr double kMass = 2000;              // kg, reduced mass of the two spacecraft
constexpr double kFriction = 0.15;

const std::array<const char*, 4> kLatches = {"latch_py", "latch_ny", "latch_pz", "latch_nz"};

// A contact pair: surface normal in the meridian half-plane (axial, radial), pointing into the
// passive unit's material.
struct Pair {
  const char* name;
  double normal_x, normal_r;
};
const std::array<Pair, 4> kPairs = {Pair{"head_sphere-cone_1", 1.2 / std::hypot(1.2, 1.0), 1.0 / std::hypot(1.2, 1.0)},
                                    Pair{"head_sphere-cone_2", 0.58 / std::hypot(0.58, 1.0), 1.0 / std::hypot(0.58, 1.0)},
                                    Pair{"head_sphere-socket", 0.0, 1.0}, Pair{"head_sphere-socket_bottom", 1.0, 0.0}};
// Pairs listed in the history that never touch in this approach.
const std::array<const char*, 2> kIdlePairs = {"pad_py-edge_entry", "roller_1-cone_1"};

// Largest lateral offset of the head centre at axial position x along the guide surfaces, and
// the pair that holds it there.
std::pair<double, int> allowed_offset(double x) {
  if (x < 0.25) return {0.3375 - 1.2 * x, 0};
  if (x < 0.35) return {0.0375 - 0.355 * (x - 0.25), 1};
  return {0.002, 2};
}

struct Contact {
  int pair;
  Vec point, force;  // force on the passive unit
  double normal, friction;
};

struct State {
  double time, speed, travel, stroke, stroke_rate;
  Vec head, gimbal, unit_origin;
  Rotation unit_rotation, rod_rotation;
  double roll, pitch, yaw;
  std::vector<Contact> contacts;
  std::array<bool, 4> latched{};
  double kinetic, potential;
};

class Script {
 public:
  Script() {
    // the head reaches the bottom where kHeadStart + travel(t) = kBottomX
    bottom_time_ = -std::log(1 - (kBottomX - kHeadStart) * kApproachDecay / kClosingSpeed) / kApproachDecay;
    bottom_speed_ = kClosingSpeed * std::exp(-kApproachDecay * bottom_time_);
    for (int pair = 0; pair < 3; ++pair) begin_[pair] = first_time([&](double t) { return touching(t, pair); });
    begin_[3] = bottom_time_;
    for (std::size_t i = 0; i < kLatches.size(); ++i) latch_time_[i] = bottom_time_ - 0.03 + 0.006 * i;
  }
  double begin(int pair) const { return begin_[pair]; }
  double end_of(int pair) const { return pair < 2 ? begin_[pair + 1] : 1e9; }
  double latch_time(std::size_t i) const { return latch_time_[i]; }
  double capture_time() const { return latch_time_.back(); }

  State at(double t) const {
    State s{};
    s.time = t;
    if (t < bottom_time_) {
      s.speed = kClosingSpeed * std::exp(-kApproachDecay * t);
      s.travel = kClosingSpeed / kApproachDecay * (1 - std::exp(-kApproachDecay * t));
    } else {
      const double after = t - bottom_time_;
      s.speed = bottom_speed_ * std::exp(-kStrokeDecay * after);
      s.travel = kBottomX - kHeadStart + bottom_speed_ / kStrokeDecay * (1 - std::exp(-kStrokeDecay * after));
      s.stroke = bottom_speed_ / kStrokeDecay * (1 - std::exp(-kStrokeDecay * after));
      s.stroke_rate = s.speed;
    }
    const double head_x = std::min(kBottomX, kHeadStart + s.travel);
    const double free_offset = free_lateral(t);
    const auto [allowed, pair] = allowed_offset(head_x);
    const double offset = std::min(free_offset, allowed);
    const Vec radial = {0, std::cos(kMissAzimuth), std::sin(kMissAzimuth)};
    s.head = Vec{head_x, 0, 0} + offset * radial;
    const double tilt = free_offset - offset;  // lateral deflection of the rod at the head
    const double axial = std::sqrt(std::pow(kProbeLength - s.stroke, 2) - tilt * tilt);
    s.unit_origin = Vec{head_x - axial - kGimbalOffset, 0, 0} + free_offset * radial;
    s.roll = 0.01 * std::sin(1.3 * t);
    s.pitch = 0.012 - 0.004 * t;
    s.yaw = 0.035 * std::exp(-0.5 * t);
    s.unit_rotation = yaw_pitch(s.yaw, s.pitch);
    s.gimbal = s.unit_origin + kGimbalOffset * Vec{s.unit_rotation[0][0], s.unit_rotation[1][0], s.unit_rotation[2][0]};
    s.rod_rotation = aligned_with(unit(s.head - s.gimbal));

    const double lateral_force = kLateralStiffness * tilt;
    if (tilt > 0) add_contact(s, pair, lateral_force / kPairs[pair].normal_r, radial);
    if (t >= bottom_time_)
      add_contact(s, 3, kProbeStiffness * s.stroke + kProbeDamping * s.stroke_rate, radial);
    for (std::size_t i = 0; i < kLatches.size(); ++i) s.latched[i] = t >= latch_time_[i];
    s.kinetic = 0.5 * kMass * s.speed * s.speed;
    s.potential = 0.5 * kLateralStiffness * tilt * tilt + 0.5 * kProbeStiffness * s.stroke * s.stroke;
    return s;
  }

 private:
  static double free_lateral(double t) { return kMiss - 0.008 * t; }

  bool touching(double t, int pair) const {
    const double head_x = std::min(kBottomX, kHeadStart + kClosingSpeed / kApproachDecay * (1 - std::exp(-kApproachDecay * t)));
    const auto [allowed, which] = allowed_offset(head_x);
    return which == pair && free_lateral(t) > allowed;
  }

  static double first_time(const std::function<bool(double)>& holds) {
    double t = 0;
    while (t < 10 && !holds(t)) t += 1e-3;
    double low = t - 1e-3, high = t;
    for (int i = 0; i < 40; ++i) (holds((low + high) / 2) ? high : low) = (low + high) / 2;
    return high;
  }

  // Normal force with an impact spike and ringing after the pair's first touch, Coulomb friction
  // along the sliding direction (forwards and inwards over the surface).
  void add_contact(State& s, int pair, double steady, const Vec& radial) const {
    const double since = s.time - begin_[pair];
    const double spike = (pair == 3 ? 1500.0 : 400.0) * std::exp(-since / 0.015);
    const double ringing = 0.12 * steady * std::exp(-since / 0.15) * std::sin(2 * M_PI * 23 * since);
    const double normal = std::max(0.0, steady + spike + ringing);
    const double friction = pair == 3 ? 0.0 : kFriction * normal * std::tanh(s.speed / 0.01);
    const Pair& p = kPairs[pair];
    const Vec n = Vec{p.normal_x, 0, 0} + p.normal_r * radial;
    const Vec slide = Vec{p.normal_r, 0, 0} - p.normal_x * radial;
    s.contacts.push_back({pair, s.head + kHeadRadius * n, normal * n + friction * slide, normal, friction});
  }

  double bottom_time_, bottom_speed_;
  std::array<double, 4> begin_{};
  std::array<double, 4> latch_time_{};
};

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

nlohmann::json vec(const Vec& v) { return {v[0], v[1], v[2]}; }
nlohmann::json rotation(const Rotation& R) { return {vec(R[0]), vec(R[1]), vec(R[2])}; }

struct Column {
  std::string header;
  std::function<double(const State&)> value;
};

std::vector<Column> history_columns(const Script& script) {
  const double initial_energy = script.at(0).kinetic;
  std::vector<Column> columns = {
      {"time [s]", [](const State& s) { return s.time; }},
      {"relative.x [m]", [](const State& s) { return s.unit_origin[0]; }},
      {"relative.y [m]", [](const State& s) { return s.unit_origin[1]; }},
      {"relative.z [m]", [](const State& s) { return s.unit_origin[2]; }},
      {"relative.roll [rad]", [](const State& s) { return s.roll; }},
      {"relative.pitch [rad]", [](const State& s) { return s.pitch; }},
      {"relative.yaw [rad]", [](const State& s) { return s.yaw; }},
      {"closing_velocity [m/s]", [](const State& s) { return s.speed; }},
  };
  for (int pair = 0; pair < 4; ++pair) {
    const auto force = [pair](const State& s, bool normal) {
      for (const Contact& c : s.contacts)
        if (c.pair == pair) return normal ? c.normal : c.friction;
      return 0.0;
    };
    columns.push_back({"contact." + std::string(kPairs[pair].name) + ".normal [N]",
                       [force](const State& s) { return force(s, true); }});
    columns.push_back({"contact." + std::string(kPairs[pair].name) + ".friction [N]",
                       [force](const State& s) { return force(s, false); }});
  }
  for (const char* idle : kIdlePairs) {
    columns.push_back({"contact." + std::string(idle) + ".normal [N]", [](const State&) { return 0.0; }});
    columns.push_back({"contact." + std::string(idle) + ".friction [N]", [](const State&) { return 0.0; }});
  }
  const auto rod = [](const State& s) { return s.head - s.gimbal; };
  columns.push_back({"q.probe [m]", [](const State& s) { return s.stroke; }});
  columns.push_back({"q.gimbal_pitch [rad]", [rod](const State& s) { return std::atan2(-rod(s)[2], rod(s)[0]); }});
  columns.push_back({"q.gimbal_yaw [rad]", [rod](const State& s) { return std::atan2(rod(s)[1], rod(s)[0]); }});
  for (int i = 0; i < 3; ++i) {
    const double azimuth = M_PI / 2 + 2 * M_PI / 3 * i;
    columns.push_back({"stroke.lateral" + std::to_string(i + 1) + " [m]", [rod, azimuth](const State& s) {
                         return 0.25 * (rod(s)[1] * std::cos(azimuth) + rod(s)[2] * std::sin(azimuth)) / kProbeLength;
                       }});
  }
  columns.push_back({"stroke.axial [m]", [](const State& s) { return s.stroke; }});
  for (std::size_t i = 0; i < kLatches.size(); ++i)
    columns.push_back({"latch." + std::string(kLatches[i]) + " [-]", [i](const State& s) { return s.latched[i] ? 1.0 : 0.0; }});
  const auto base_force = [](const State& s) {
    Vec f{0, 0, 0};
    for (const Contact& c : s.contacts) f = f - c.force;
    return f;
  };
  const char* axes = "xyz";
  for (int k = 0; k < 3; ++k)
    columns.push_back({std::string("base_wrench.f") + axes[k] + " [N]", [base_force, k](const State& s) { return base_force(s)[k]; }});
  for (int k = 0; k < 3; ++k)
    columns.push_back({std::string("base_wrench.m") + axes[k] + " [N m]", [base_force, k](const State& s) {
                         return cross(s.head - s.unit_origin, base_force(s))[k];
                       }});
  columns.push_back({"energy.kinetic [J]", [](const State& s) { return s.kinetic; }});
  columns.push_back({"energy.potential [J]", [](const State& s) { return s.potential; }});
  columns.push_back({"energy.dissipated [J]", [initial_energy](const State& s) {
                       return initial_energy - s.kinetic - s.potential;
                     }});
  columns.push_back({"energy.balance_error [J]", [](const State& s) { return 2e-5 * s.time * std::sin(7 * s.time); }});
  columns.push_back({"sensor.bottom_sensor_travel [m]", [](const State& s) { return std::min(0.004, s.stroke * 0.2); }});
  return columns;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

nlohmann::json revolution(const char* name, std::vector<std::array<double, 2>> profile) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& [x, r] : profile) points.push_back({x, r});
  return {{"name", name}, {"type", "revolution"}, {"profile", points}};
}

nlohmann::json polyline(const char* name, std::vector<Vec> points, bool closed = false) {
  nlohmann::json list = nlohmann::json::array();
  for (const Vec& p : points) list.push_back(vec(p));
  return {{"name", name}, {"type", "polyline"}, {"points", list}, {"closed", closed}};
}

nlohmann::json diagram(const Script& script, double end, double step) {
  nlohmann::json passive = {
      revolution("docking_plane", {{0.0, 0.40}, {0.0, 0.60}}),
      revolution("cone_1", {{0.0, 0.40}, {0.25, 0.10}}),
      revolution("cone_2", {{0.25, 0.10}, {0.35, 0.042}}),
      revolution("socket", {{0.35, 0.042}, {0.47, 0.042}}),
      revolution("socket_bottom", {{0.47, 0.042}, {0.47, 0.0}}),
      {{"name", "edge_entry"}, {"type", "circle"}, {"center", {0, 0, 0}}, {"axis", {1, 0, 0}}, {"radius", 0.40}},
      polyline("slot_py", {{0.36, 0.042, -0.006}, {0.44, 0.042, -0.006}, {0.44, 0.042, 0.006}, {0.36, 0.042, 0.006}}, true),
  };
  nlohmann::json probe_body = {revolution("housing", {{0.0, 0.035}, {0.45, 0.035}, {0.45, 0.02}})};
  for (const Vec& direction : {Vec{0, 1, 0}, Vec{0, -1, 0}, Vec{0, 0, 1}, Vec{0, 0, -1}}) {
    probe_body.push_back(polyline("pad_arm", {Vec{0.30, 0, 0} + 0.035 * direction, Vec{0.40, 0, 0} + 0.30 * direction,
                                              Vec{0.47, 0, 0} + 0.36 * direction}));
  }
  for (const Vec& roller : {Vec{0.30, 0.25, 0.0}, Vec{0.30, -0.125, 0.2165}, Vec{0.30, -0.125, -0.2165}})
    probe_body.push_back({{"name", "roller"}, {"type", "sphere"}, {"center", vec(roller)}, {"radius", 0.02}});
  nlohmann::json head = {{{"name", "head_sphere"}, {"type", "sphere"}, {"center", {0, 0, 0}}, {"radius", kHeadRadius}},
                         revolution("rod", {{-0.50, 0.015}, {-0.035, 0.015}})};
  for (const Vec& direction : {Vec{0, 1, 0}, Vec{0, -1, 0}, Vec{0, 0, 1}, Vec{0, 0, -1}})
    head.push_back(polyline("latch", {Vec{-0.09, 0, 0} + 0.03 * direction, Vec{-0.06, 0, 0} + 0.05 * direction,
                                      Vec{-0.04, 0, 0} + 0.035 * direction}));
  nlohmann::json document = {
      {"version", 1},
      {"title", "probe_cone_representative (synthetic)"},
      {"passive", passive},
      {"bodies",
       {{{"name", "active_unit"},
         {"shapes", {revolution("docking_frame", {{-0.06, 0.62}, {0.0, 0.62}, {0.0, 0.12}, {-0.06, 0.12}})}}},
        {{"name", "probe_body"}, {"shapes", probe_body}},
        {{"name", "head"}, {"shapes", head}}}},
      {"frames", nlohmann::json::array()}};
  const int count = static_cast<int>(std::floor(end / step + 1e-9));
  for (int i = 0; i <= count; ++i) {
    const State s = script.at(i * step);
    nlohmann::json frame = {{"time", s.time},
                            {"poses",
                             {{"active_unit", {{"position", vec(s.unit_origin)}, {"rotation", rotation(s.unit_rotation)}}},
                              {"probe_body", {{"position", vec(s.gimbal)}, {"rotation", rotation(s.rod_rotation)}}},
                              {"head", {{"position", vec(s.head)}, {"rotation", rotation(s.rod_rotation)}}}}},
                            {"contacts", nlohmann::json::array()},
                            {"latches", nlohmann::json::object()}};
    for (const Contact& c : s.contacts)
      frame["contacts"].push_back({{"pair", kPairs[c.pair].name}, {"point", vec(c.point)}, {"force", vec(c.force)}});
    for (std::size_t k = 0; k < kLatches.size(); ++k) frame["latches"][kLatches[k]] = s.latched[k];
    document["frames"].push_back(frame);
  }
  return document;
}

}  // namespace

void write_synthetic_run(const std::filesystem::path& directory, const SyntheticRunOptions& options) {
  std::filesystem::create_directories(directory);
  const Script script;
  const bool stopped = options.stop_time > 0;
  const double end = stopped ? options.stop_time : options.end_time;

  const std::vector<Column> columns = history_columns(script);
  std::string history;
  for (std::size_t c = 0; c < columns.size(); ++c) history += (c ? "," : "") + columns[c].header;
  history += "\n";
  double peak_normal = 0, peak_friction = 0, peak_base = 0;
  const int rows = static_cast<int>(std::floor(end / options.history_step + 1e-9));
  for (int i = 0; i <= rows; ++i) {
    const State s = script.at(i * options.history_step);
    for (std::size_t c = 0; c < columns.size(); ++c) history += (c ? "," : "") + number(columns[c].value(s));
    history += "\n";
    Vec base{0, 0, 0};
    for (const Contact& contact : s.contacts) {
      peak_normal = std::max(peak_normal, contact.normal);
      peak_friction = std::max(peak_friction, contact.friction);
      base = base - contact.force;
    }
    peak_base = std::max(peak_base, norm(base));
  }
  if (stopped) {
    // the row being written when the run stopped: a few fields, the last one cut short
    const State s = script.at((rows + 1) * options.history_step);
    history += number(s.time) + "," + number(s.unit_origin[0]) + "," + number(s.unit_origin[1]).substr(0, 4);
  }
  write_text(directory / "history.csv", history);

  std::string events = "time,event,detail\n0,start,\"closing velocity 0.25 m/s, lateral miss 0.104 m\"\n";
  const auto event = [&](double t, const std::string& name, const std::string& detail) {
    if (t <= end) events += number(t) + "," + name + "," + detail + "\n";
  };
  for (int pair = 0; pair < 4; ++pair) {
    event(script.begin(pair), "contact_begin", kPairs[pair].name);
    if (pair < 2) event(script.end_of(pair), "contact_end", kPairs[pair].name);
  }
  for (std::size_t i = 0; i < kLatches.size(); ++i) event(script.latch_time(i), "latch_triggered", kLatches[i]);
  event(script.capture_time(), "capture", "\"all latches triggered, \"\"all_latches\"\" rule\"");
  if (stopped) {
    events += number(end) + ",diagnostic,\"penetration 0.0061 m above max_penetration 0.005 m, pair head_sphere-cone_1; "
                            "reduce the step\"\n";
  } else {
    event(end, "end", "\"stop time reached, t = " + number(end) + " s\"");
  }
  write_text(directory / "events.csv", events);

  const bool captured = !stopped && script.capture_time() <= end;
  nlohmann::ordered_json summary = {{"status", stopped ? "stopped: penetration limit" : captured ? "captured" : "completed"},
                                    {"captured", captured},
                                    {"capture_time", captured ? nlohmann::ordered_json(script.capture_time()) : nullptr},
                                    {"steps", static_cast<long>(std::lround(end / 1e-4))},
                                    {"wall_time", 1.84 * end / 3.0},
                                    {"peak_normal_force", peak_normal},
                                    {"peak_friction_force", peak_friction},
                                    {"peak_base_force", peak_base},
                                    {"max_penetration", 0.0012},
                                    {"energy_balance_error", 6e-5},
                                    {"integrator", "rk4"},
                                    {"step", 1e-4},
                                    {"units",
                                     {{"peak_normal_force", "N"},
                                      {"peak_friction_force", "N"},
                                      {"peak_base_force", "N"},
                                      {"max_penetration", "m"},
                                      {"energy_balance_error", "J"},
                                      {"step", "s"}}}};
  if (stopped)
    summary["message"] =
        "penetration 0.0061 m above max_penetration 0.005 m at pair head_sphere-cone_1, t = " + number(end) +
        " s: reduce the step";
  write_text(directory / "summary.json", summary.dump(2) + "\n");
  write_text(directory / "diagram.json", diagram(script, end, options.diagram_step).dump() + "\n");
}

}  // namespace dyngen::testing
