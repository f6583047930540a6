#include "elastic/run_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "files/nine_digits.hpp"

namespace dyngen::elastic {

namespace {

constexpr double turn = 2.0 * std::numbers::pi;
constexpr double departure = 0.01;  // rad
// more crossings of one pair within one step are reported as one event
constexpr long most_crossings_per_step = 8;

std::string numbered(const std::string& group, const std::string& item, int k, const std::string& unit) {
  return group + "." + item + std::to_string(k) + " [" + unit + "]";
}

double difference(const ManipulatorState& state, int pair) {
  return state.links[pair].angle - state.links[pair + 1].angle;
}

}  // namespace

RunRecorder::RunRecorder(Manipulator manipulator) : manipulator_(std::move(manipulator)) {
  validate(manipulator_);
  const int links = manipulator_.links;
  columns_.push_back("time [s]");
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("torque", "joint", k, "-"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("angle", "link", k, "rad"));
  for (int k = 1; k < links; ++k) columns_.push_back(numbered("angle", "difference", k, "rad"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("hinge_angle", "joint", k, "rad"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("angular_rate", "link", k, "rad/s"));
  for (int k = 1; k <= links; ++k) columns_.push_back(numbered("tip_deflection", "link", k, "-"));
  for (const char* name : {"energy.kinetic [-]", "energy.elastic [-]", "energy.potential [-]", "energy.torque_work [-]",
                           "energy.balance_error [-]"}) {
    columns_.push_back(name);
  }
  peaks_.assign(columns_.size(), 0.0);
  aligned_turn_.assign(links - 1, 0.0);
  departed_.assign(links - 1, true);
  alignments_.resize(links - 1);
}

double RunRecorder::torque_power(const ManipulatorState& state) const {
  double power = 0.0;
  for (int k = 0; k < manipulator_.links; ++k) power += manipulator_.torque(k, state.time) * state.links[k].hinge_rate;
  return power;
}

std::vector<RunEvent> RunRecorder::advance(const ManipulatorState& state) {
  std::vector<RunEvent> events;
  const int pairs = manipulator_.links - 1;
  if (!last_) {
    initial_potential_ = gradient_potential(state, manipulator_.gradient_load, manipulator_.tip_mass);
    for (int k = 0; k < pairs; ++k) {
      const double d = difference(state, k);
      aligned_turn_[k] = std::round(d / turn);
      departed_[k] = std::abs(d - aligned_turn_[k] * turn) > departure;
    }
    last_ = state;
    return events;
  }
  // dW = M-bar psi' dtau, tau = t / T
  const double dtau = (state.time - last_->time) / manipulator_.time_scale;
  work_ += 0.5 * dtau * (torque_power(*last_) + torque_power(state));
  for (int k = 0; k < pairs; ++k) {
    const double before = difference(*last_, k), after = difference(state, k);
    // the multiples of 2 pi in (before, after] (or [after, before)), in time order
    const double low = std::min(before, after), high = std::max(before, after);
    double first = std::ceil(low / turn), last = std::floor(high / turn);
    if (first * turn == before) ++first;
    if (last * turn == before) --last;
    const long count = static_cast<long>(last - first) + 1;
    const std::string pair = "links " + std::to_string(k + 1) + " and " + std::to_string(k + 2);
    if (count > most_crossings_per_step) {
      events.push_back({state.time, "links_aligned",
                        pair + ": " + std::to_string(count) + " alignments within one step (not resolved by the step)"});
      alignments_[k].push_back(state.time);
      aligned_turn_[k] = after > before ? last : first;
      departed_[k] = true;
      continue;
    }
    for (long i = 0; i < count; ++i) {
      const double multiple = after > before ? first + static_cast<double>(i) : last - static_cast<double>(i);
      if (multiple == aligned_turn_[k] && !departed_[k]) continue;
      const double time = last_->time + (multiple * turn - before) / (after - before) * (state.time - last_->time);
      events.push_back({time, "links_aligned",
                        pair + " in line: phi_" + std::to_string(k + 1) + " - phi_" + std::to_string(k + 2) + " = " +
                            files::nine_digits(multiple * turn) + " rad"});
      alignments_[k].push_back(time);
      aligned_turn_[k] = multiple;
      departed_[k] = false;
    }
    if (std::abs(after - aligned_turn_[k] * turn) > departure) departed_[k] = true;
  }
  last_ = state;
  return events;
}

std::vector<double> RunRecorder::row() {
  if (!last_) throw std::logic_error("RunRecorder::row before the first state");
  const ManipulatorState& state = *last_;
  const int links = manipulator_.links;
  std::vector<double> values{state.time};
  for (int k = 0; k < links; ++k) values.push_back(manipulator_.torque(k, state.time));
  for (int k = 0; k < links; ++k) values.push_back(state.links[k].angle);
  for (int k = 0; k + 1 < links; ++k) values.push_back(difference(state, k));
  for (int k = 0; k < links; ++k) values.push_back(state.links[k].hinge_angle);
  for (int k = 0; k < links; ++k) values.push_back(state.links[k].angular_rate / manipulator_.time_scale);
  for (int k = 0; k < links; ++k) values.push_back(tip_deflection(state.links[k]));
  const double kinetic = kinetic_energy(state, manipulator_.tip_mass);
  const double elastic = elastic_energy(state);
  const double potential =
      gradient_potential(state, manipulator_.gradient_load, manipulator_.tip_mass) - initial_potential_;
  values.insert(values.end(), {kinetic, elastic, potential, work_, kinetic + elastic + potential - work_});
  for (std::size_t c = 1; c < values.size(); ++c) peaks_[c] = std::max(peaks_[c], std::abs(values[c]));
  return values;
}

double RunRecorder::peak(const std::string& column) const {
  const auto found = std::find(columns_.begin(), columns_.end(), column);
  if (found == columns_.end()) throw std::invalid_argument("RunRecorder: no column " + column);
  return peaks_[static_cast<std::size_t>(found - columns_.begin())];
}

}  // namespace dyngen::elastic
