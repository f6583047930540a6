#include "berthing/berthing_history.hpp"

#include <algorithm>

namespace dyngen::berthing {

namespace {

// group.item [unit] for each item
void add(std::vector<std::string>& columns, const std::string& group, const std::vector<std::string>& items,
         const std::string& unit) {
  for (const std::string& item : items) columns.push_back(group + "." + item + " [" + unit + "]");
}

const std::vector<std::string> kForce = {"fx", "fy", "fz"}, kMoment = {"mx", "my", "mz"};

}  // namespace

PoseError pose_error(const Placement& ring_in_port) {
  const Eigen::AngleAxisd turn(ring_in_port.rotation);
  return {ring_in_port.position, turn.angle() * turn.axis()};
}

BerthingHistory::BerthingHistory(BerthingSystem& system, const OperatorControl* control) : control_(control) {
  const mechanism::MechanismInfo& info = system.info();
  const contact::UnitGeometry& g = system.geometry();
  columns_ = {"time [s]"};
  add(columns_, "pose_error", {"x", "y", "z"}, "m");
  add(columns_, "pose_error", {"roll", "pitch", "yaw"}, "rad");
  columns_.push_back("closing_velocity [m/s]");
  add(columns_, "joint_angle", info.coordinates, "rad");
  add(columns_, "joint_rate", info.coordinates, "rad/s");
  add(columns_, "joint_torque", info.coordinates, "N m");
  for (const std::string& e : system.contact_events().elements())
    for (const char* quantity : {".normal [N]", ".friction [N]", ".penetration [m]"}) columns_.push_back("contact." + e + quantity);
  for (const char* group : {"port_wrench", "base_wrench"}) {
    add(columns_, group, kForce, "N");
    add(columns_, group, kMoment, "N m");
  }
  std::vector<std::string> central, peripheral, sensors;
  for (const auto& l : g.central_latches) central.push_back(l.name);
  for (const auto& l : g.peripheral_latches) peripheral.push_back(l.name);
  for (const auto& s : g.sensors) sensors.push_back(s.name);
  add(columns_, "latch", central, "-");
  add(columns_, "latch", peripheral, "-");
  add(columns_, "latch_deflection", central, "rad");
  add(columns_, "latch_deflection", peripheral, "m");
  add(columns_, "sensor", sensors, "-");
  add(columns_, "station", {"wx", "wy", "wz"}, "rad/s");
  if (control_ != nullptr) {
    add(columns_, "command", {"vx", "vy", "vz"}, "m/s");
    add(columns_, "command", {"wx", "wy", "wz"}, "rad/s");
    add(columns_, "resolved_rate", {"manipulability", "damping"}, "-");
  }
  add(columns_, "energy", {"kinetic", "torque_work", "contact_work", "balance_error"}, "J");
  columns_.push_back("coupling.iterations [-]");
  row_.resize(columns_.size());
}

const std::vector<double>& BerthingHistory::row(const BerthingSystem& system, const BerthingEnergy& energy,
                                                double balance_error) {
  const BerthingEvaluation& ev = system.last();
  std::size_t k = 0;
  const auto put = [&](double v) { row_[k++] = v; };
  const auto put3 = [&](const Vec3& v) {
    for (int c = 0; c < 3; ++c) put(v[c]);
  };
  put(ev.time);
  const PoseError error = pose_error(ev.ring_in_port);
  put3(error.position);
  put3(error.rotation);
  // the ring's velocity relative to the port, along X_PU
  const contact::LinkState& ring = ev.units.links.front();
  put((ring.velocity - ev.units.passive_velocity - ev.units.passive_angular_velocity.cross(ring.position)).x());
  for (const std::vector<double>* joint : {&ev.q, &ev.qd, &ev.tau})
    for (double v : *joint) put(v);
  // per element: normal and friction summed over its contact points, the deepest penetration
  const std::size_t elements = system.contact_events().elements().size();
  std::fill(row_.begin() + static_cast<long>(k), row_.begin() + static_cast<long>(k + 3 * elements), 0.0);
  for (const contact::ContactRecord& c : system.contacts().contacts) {
    const std::size_t e = k + 3 * static_cast<std::size_t>(system.contact_events().element_of(c));
    row_[e] += c.force.normal_force;
    row_[e + 1] += c.force.friction_force;
    row_[e + 2] = std::max(row_[e + 2], c.geometry.penetration);
  }
  k += 3 * elements;
  for (const spacecraft::Wrench* w : {&ev.port_wrench, &ev.base_wrench}) {
    put3(w->force);
    put3(w->moment);
  }
  const contact::ContactData& data = system.contacts();
  for (const auto& l : data.central_latches) put(l.triggered ? 1.0 : 0.0);
  for (const auto& l : data.peripheral_latches) put(l.triggered ? 1.0 : 0.0);
  for (const auto& l : data.central_latches) put(l.deflection);
  for (const auto& l : data.peripheral_latches) put(l.deflection);
  for (const auto& s : data.sensors) put(s.on ? 1.0 : 0.0);
  put3(ev.station.angular_velocity);
  if (control_ != nullptr) {
    for (int c = 0; c < 6; ++c) put(control_->command()[c]);
    put(control_->solution().manipulability);
    put(control_->solution().damping);
  }
  for (double v : {energy.kinetic, energy.torque_work, energy.contact_work, balance_error}) put(v);
  put(ev.coupling_iterations);
  return row_;
}

}  // namespace dyngen::berthing
