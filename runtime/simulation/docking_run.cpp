#include "simulation/docking_run.hpp"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <memory>

#include "contact/contact_error.hpp"
#include "integrators/adams_bashforth_moulton.hpp"
#include "integrators/cvode.hpp"
#include "integrators/dormand_prince.hpp"
#include "integrators/integrate.hpp"
#include "integrators/rk4.hpp"
#include "simulation/run_writer.hpp"
#include "simulation/unit_diagram.hpp"

namespace dyngen::simulation {

namespace {

using integrators::ConstVectorRef;
using nlohmann::json;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

json vector_json(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

json matrix_json(const Mat3& m) {
  json rows = json::array();
  for (int r = 0; r < 3; ++r) rows.push_back(json::array({m(r, 0), m(r, 1), m(r, 2)}));
  return rows;
}

std::string contact_status(contact::ContactErrorKind kind) {
  switch (kind) {
    case contact::ContactErrorKind::penetration_limit: return "penetration limit";
    case contact::ContactErrorKind::outside_valid_range: return "outside valid range";
    case contact::ContactErrorKind::latch_travel_limit: return "latch travel limit";
    case contact::ContactErrorKind::not_finite: return "non-finite state";
  }
  return "contact error";
}

// The history's columns and how to fill a row from the system after an accepted step.
class History {
 public:
  explicit History(const DockingSystem& s) {
    columns_ = {"time [s]"};
    for (const char* c : {"x", "y", "z"}) columns_.push_back(std::string("relative.") + c + " [m]");
    for (const char* c : {"roll", "pitch", "yaw"}) columns_.push_back(std::string("relative.") + c + " [rad]");
    for (const char* c : {"vx", "vy", "vz"}) columns_.push_back(std::string("relative.") + c + " [m/s]");
    for (const char* c : {"wx", "wy", "wz"}) columns_.push_back(std::string("relative.") + c + " [rad/s]");
    columns_.push_back("closing_velocity [m/s]");
    for (const std::string& e : s.contact_elements())
      for (const char* q : {".normal [N]", ".friction [N]", ".penetration [m]"}) columns_.push_back("contact." + e + q);
    const mechanism::MechanismInfo& info = s.mechanism();
    for (const std::string& c : info.coordinates) columns_.push_back("q." + c);
    for (const Transmission& t : s.scenario().transmissions) stroked_.push_back(info.coordinate(t.coordinate.name));
    for (const Drive& d : s.scenario().drives) stroked_.push_back(info.coordinate(d.coordinate.name));
    std::sort(stroked_.begin(), stroked_.end());
    stroked_.erase(std::unique(stroked_.begin(), stroked_.end()), stroked_.end());
    for (int i : stroked_) columns_.push_back("stroke." + info.coordinates[static_cast<std::size_t>(i)]);
    for (int i : stroked_) columns_.push_back("actuation." + info.coordinates[static_cast<std::size_t>(i)]);
    for (const char* c : {"fx [N]", "fy [N]", "fz [N]", "mx [N m]", "my [N m]", "mz [N m]"}) {
      columns_.push_back(std::string("base_wrench.") + c);
    }
    for (const char* c : {"fx [N]", "fy [N]", "fz [N]", "mx [N m]", "my [N m]", "mz [N m]"}) {
      columns_.push_back(std::string("passive_wrench.") + c);
    }
    for (const auto& l : s.geometry().central_latches) columns_.push_back("latch." + l.name + " [-]");
    for (const auto& l : s.geometry().peripheral_latches) columns_.push_back("latch." + l.name + " [-]");
    for (const auto& l : s.geometry().central_latches) columns_.push_back("latch_deflection." + l.name + " [rad]");
    for (const auto& l : s.geometry().peripheral_latches) columns_.push_back("latch_deflection." + l.name + " [m]");
    for (const char* c : {"kinetic", "potential", "contact_work", "damper_work", "drive_work", "hysteresis_work", "stop_work",
                          "modal", "balance_error"})
      columns_.push_back(std::string("energy.") + c + " [J]");
    columns_.push_back("coupling.iterations [-]");
    row_.resize(columns_.size());
  }

  const std::vector<std::string>& columns() const { return columns_; }

  const std::vector<double>& row(const DockingSystem& s, const EnergyTerms& e, double balance_error) {
    const Evaluation& ev = s.last();
    std::size_t k = 0;
    const auto put = [&](double v) { row_[k++] = v; };
    put(ev.time);
    const spacecraft::PortMotion &A = ev.active_port, &P = ev.passive_port;
    const Mat3& R_PU = P.port_to_inertial;
    const Vec3 position = R_PU.transpose() * (A.position - P.position);
    const Mat3 turned = R_PU.transpose() * A.port_to_inertial * s.scenario().aligned_axes.transpose();
    const Eigen::AngleAxisd angle(turned);
    const Vec3 rotation = angle.angle() * angle.axis();
    const Vec3 velocity = R_PU.transpose() * (A.velocity - P.velocity - P.angular_velocity.cross(A.position - P.position));
    const Vec3 omega = R_PU.transpose() * (A.angular_velocity - P.angular_velocity);
    for (const Vec3* v : {&position, &rotation, &velocity, &omega})
      for (int c = 0; c < 3; ++c) put((*v)[c]);
    put(velocity.x());
    const std::size_t elements = s.contact_elements().size();
    std::fill(row_.begin() + static_cast<long>(k), row_.begin() + static_cast<long>(k + 3 * elements), 0.0);
    for (const contact::ContactRecord& c : s.contacts().contacts) {
      const std::size_t e = k + 3 * static_cast<std::size_t>(s.element_of(c));
      row_[e] += c.force.normal_force;
      row_[e + 1] += c.force.friction_force;
      row_[e + 2] = std::max(row_[e + 2], c.geometry.penetration);
    }
    k += 3 * elements;
    for (double q : ev.q) put(q);
    for (int i : stroked_) put(ev.q[static_cast<std::size_t>(i)] - s.mechanism().reference_q[static_cast<std::size_t>(i)]);
    for (int i : stroked_) put(ev.tau[static_cast<std::size_t>(i)]);
    for (const spacecraft::Wrench* w : {&ev.base_wrench, &ev.passive_wrench})
      for (const Vec3* v : {&w->force, &w->moment})
        for (int c = 0; c < 3; ++c) put((*v)[c]);
    for (const auto& l : s.contacts().central_latches) put(l.triggered ? 1.0 : 0.0);
    for (const auto& l : s.contacts().peripheral_latches) put(l.triggered ? 1.0 : 0.0);
    for (const auto& l : s.contacts().central_latches) put(l.deflection);
    for (const auto& l : s.contacts().peripheral_latches) put(l.deflection);
    for (double v : {e.kinetic, e.potential, e.contact_work, e.damper_work, e.drive_work, e.hysteresis_work, e.stop_work,
                     e.modal, balance_error})
      put(v);
    put(ev.coupling_iterations);
    return row_;
  }

 private:
  std::vector<std::string> columns_;
  std::vector<int> stroked_;
  std::vector<double> row_;
};

json diagram_frame(const DockingSystem& s) {
  json poses = json::object();
  for (std::size_t j = 0; j < s.geometry().links.size(); ++j) {
    const auto [position, rotation] = s.link_pose(static_cast<int>(j));
    poses[s.geometry().links[j].name] = {{"position", vector_json(position)}, {"rotation", matrix_json(rotation)}};
  }
  json contacts = json::array();
  for (const contact::ContactRecord& c : s.contacts().contacts)
    contacts.push_back({{"pair", s.contact_elements()[static_cast<std::size_t>(s.element_of(c))]},
                        {"point", vector_json(c.point)},
                        {"force", vector_json(c.force.on_passive)}});
  json latches = json::object();
  for (std::size_t k = 0; k < s.geometry().central_latches.size(); ++k)
    latches[s.geometry().central_latches[k].name] = s.contacts().central_latches[k].triggered;
  for (std::size_t k = 0; k < s.geometry().peripheral_latches.size(); ++k)
    latches[s.geometry().peripheral_latches[k].name] = s.contacts().peripheral_latches[k].triggered;
  return {{"time", s.last().time}, {"poses", poses}, {"contacts", contacts}, {"latches", latches}};
}

class ProgressLine {
 public:
  ProgressLine(std::ostream* out, double t0, double t1) : out_(out), t0_(t0), t1_(t1), start_(Clock::now()) {}

  void update(double t) {
    if (out_ == nullptr) return;
    const double wall = std::chrono::duration<double>(Clock::now() - start_).count();
    if (wall < 1.0 || wall < last_ + 0.25) return;
    last_ = wall;
    const double speed = (t - t0_) / wall;
    *out_ << "\r  t = " << std::fixed << std::setprecision(3) << t << " s of " << t1_ << " s, " << std::setprecision(1)
          << speed << "x real time, ETA " << (speed > 0 ? (t1_ - t) / speed : 0.0) << " s   " << std::flush;
    shown_ = true;
  }
  void finish() {
    if (shown_) *out_ << "\n" << std::flush;
  }

 private:
  std::ostream* out_;
  double t0_, t1_;
  Clock::time_point start_;
  double last_ = 0.0;
  bool shown_ = false;
};

}  // namespace

ordered_json RunOutcome::summary(const DockingSystem& system) const {
  const auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  ordered_json latches = ordered_json::object();
  for (const auto& [name, time] : latch_times) latches[name] = time;
  ordered_json s = {
      {"status", status},
      {"captured", captured},
      {"capture_time", optional(capture_time)},
      {"message", message},
      {"scenario", system.scenario().name},
      {"mechanism", system.mechanism().name},
      {"contact_geometry", system.geometry().name},
      {"integrator", system.scenario().integrator.method},
      {"step", system.scenario().integrator.step},
      {"end_time", end_time},
      {"steps", steps},
      {"rejected_steps", rejected_steps},
      {"evaluations", system.evaluations()},
      {"coupling_iterations_per_evaluation",
       system.evaluations() > 0 ? double(system.coupling_iterations()) / double(system.evaluations()) : 0.0},
      {"wall_time", wall_time},
      {"real_time_factor", wall_time > 0 ? end_time / wall_time : 0.0},
      {"first_contact_time", optional(first_contact_time)},
      {"contact_sequence", contact_sequence},
      {"latch_trigger_times", latches},
      {"retraction_end_time", optional(retraction_end_time)},
      {"peak_active_force", peak_active_force},
      {"peak_active_moment", peak_active_moment},
      {"peak_passive_force", peak_passive_force},
      {"peak_passive_moment", peak_passive_moment},
      {"max_penetration", max_penetration},
      {"max_penetration_pair", max_penetration_pair},
      {"initial_kinetic_energy", initial_kinetic_energy},
      {"initial_energy", initial_energy},
      {"energy_balance_error", energy_balance_error},
      {"energy_balance_error_joules", energy_balance_error_joules},
  };
  ordered_json initial = ordered_json::object();
  for (const auto& [key, value] : system.scenario().initial) initial[key] = value.value;
  s["initial"] = initial;
  s["units"] = {{"capture_time", "s"},          {"step", "s"},
                {"end_time", "s"},              {"wall_time", "s"},
                {"first_contact_time", "s"},    {"retraction_end_time", "s"},
                {"peak_active_force", "N"},     {"peak_active_moment", "N m"},
                {"peak_passive_force", "N"},    {"peak_passive_moment", "N m"},
                {"max_penetration", "m"},       {"initial_kinetic_energy", "J"},
                {"initial_energy", "J"},        {"energy_balance_error", "of the initial energy"},
                {"energy_balance_error_joules", "J"}};
  for (const auto& [name, time] : latch_times) s["units"]["latch_trigger_times." + name] = "s";
  return s;
}

RunOutcome run_docking(DockingSystem& system, const RunSettings& settings) {
  const Scenario& scenario = system.scenario();
  const auto start = Clock::now();
  RunOutcome out;
  Eigen::VectorXd y = system.initial_state();
  const double t0 = 0.0, h = scenario.integrator.step;

  std::unique_ptr<RunWriter> writer;
  History history(system);
  json diagram = unit_diagram(system.geometry());
  if (settings.out) writer = std::make_unique<RunWriter>(*settings.out, history.columns());
  const auto log = [&](double t, const std::string& name, const std::string& detail) {
    if (writer) writer->event(t, name, detail);
  };

  system.evaluate(t0, y);
  const EnergyTerms e0 = system.energy(y);
  const double E0 = e0.kinetic + e0.potential;
  out.initial_kinetic_energy = e0.kinetic;
  out.initial_energy = e0.kinetic + e0.potential;
  double next_row = t0, next_frame = t0, t_last = t0, t_row = t0, axial_after_contact = -HUGE_VAL;
  // fixed steps land within rounding of the record times; adaptive ones anywhere: a row at the first
  // step end at or past each record time
  const bool fixed_step = scenario.integrator.method == "rk4" || scenario.integrator.method == "abm";
  const double slack = fixed_step ? 0.5 * h : 0.0;
  const auto advance = [](double& next, double t, double interval, double slack) {
    do next += interval;
    while (next <= t + slack);
  };
  bool separated = false;
  // after the kinematics and contacts of an accepted step (t, y): peaks, and at the record times
  // the dynamics there, the energy balance E(t) - E(0) = work done on the system, a history row
  const auto observe = [&](double t, const Eigen::VectorXd& state, bool last) {
    const Evaluation& ev = system.last();
    out.peak_passive_force = std::max(out.peak_passive_force, ev.passive_wrench.force.norm());
    out.peak_passive_moment = std::max(out.peak_passive_moment, ev.passive_wrench.moment.norm());
    for (const contact::ContactRecord& c : system.contacts().contacts)
      if (c.geometry.penetration > out.max_penetration) {
        out.max_penetration = c.geometry.penetration;
        out.max_penetration_pair = system.contact_elements()[static_cast<std::size_t>(system.element_of(c))];
      }
    if (t >= next_row - slack || (last && t > t_row)) {
      t_row = t;
      system.evaluation_at(t, state);
      const EnergyTerms e = system.energy(state);
      const double error =
          e.kinetic + e.potential - E0 - (e.contact_work + e.damper_work + e.drive_work + e.hysteresis_work + e.stop_work);
      out.energy_balance_error_joules = std::max(out.energy_balance_error_joules, std::abs(error));
      out.energy_balance_error = out.energy_balance_error_joules / std::max(out.initial_energy, 1e-300);
      if (writer) writer->row(history.row(system, e, error));
      advance(next_row, t, scenario.record.interval, slack);
    }
    if (writer && t >= next_frame - slack) {
      diagram["frames"].push_back(diagram_frame(system));
      advance(next_frame, t, scenario.record.diagram_interval, slack);
    }
  };
  observe(t0, y, false);
  log(t0, "start", scenario.name);

  const auto observer = [&](double t, const ConstVectorRef&) {
    const double step = t - t_last;
    t_last = t;
    ++out.steps;
    for (const auto& [name, detail] : system.accept(t, y, step)) {
      log(t, name, detail);
      if (name == "first_contact") out.first_contact_time = t;
      if (name == "contact_begin") {
        const std::string passive = detail.substr(detail.find('-') + 1);
        if (std::find(out.contact_sequence.begin(), out.contact_sequence.end(), passive) == out.contact_sequence.end())
          out.contact_sequence.push_back(passive);
      }
      if (name == "latch_triggered") out.latch_times.emplace_back(detail, t);
      if (name == "capture") out.capture_time = t;
      if (name == "retraction_end") out.retraction_end_time = t;
    }
    // stop conditions, then what this step shows
    const Evaluation& ev = system.last();
    const double axial = (ev.passive_port.port_to_inertial.transpose() * (ev.active_port.position - ev.passive_port.position)).x();
    if (out.first_contact_time) {
      axial_after_contact = std::max(axial_after_contact, axial);
      if (!system.captured() && axial_after_contact - axial > scenario.stop.separation) separated = true;
    }
    const bool stop = separated || (out.capture_time && t >= *out.capture_time + scenario.stop.after_capture) ||
                      (out.retraction_end_time && t >= *out.retraction_end_time + scenario.stop.after_retraction) ||
                      (settings.interrupt != nullptr && settings.interrupt->load());
    observe(t, y, stop || t >= scenario.stop.duration);
    return stop ? integrators::Continuation::stop : integrators::Continuation::proceed;
  };

  // the drives' ends: steps end there (the observer then switches the drive to holding)
  const std::vector<integrators::Event> events{{"drive end",
                                                [&](double t, const ConstVectorRef&) {
                                                  const double end = system.next_drive_end();
                                                  return std::isfinite(end) ? t - end : -1.0;
                                                },
                                                integrators::Crossing::rising,
                                                {}}};
  ProgressLine progress(settings.progress, t0, scenario.stop.duration);
  const auto rate = [&](double t, const ConstVectorRef& state, integrators::VectorRef dydt) { system.rate(t, state, dydt); };
  const auto observe_with_progress = [&](double t, const ConstVectorRef& state) {
    const integrators::Continuation c = observer(t, state);
    progress.update(t);
    return c;
  };
  try {
    // a discrete change of f at a step's end (accept()'s events) restarts an adaptive method: Dormand-
    // Prince's last stage is then not its next first one, CVODE's history is dropped
    const auto observe_each_step = [&](double t, const ConstVectorRef& state) {
      const integrators::Continuation c = observe_with_progress(t, state);
      if (c == integrators::Continuation::stop) return c;
      return system.rate_kept() ? integrators::Continuation::proceed : integrators::Continuation::restart;
    };
    if (scenario.integrator.method == "rk45") {
      integrators::DormandPrince dormand_prince(
          rate, system.size(),
          {scenario.integrator.relative_tolerance, scenario.integrator.absolute_tolerance, 0.0, h, 100000000});
      out.end_time = dormand_prince.integrate(t0, scenario.stop.duration, y, events, observe_each_step).time;
      out.rejected_steps = dormand_prince.rejected_steps();
    } else if (scenario.integrator.method == "cvode") {
      integrators::Cvode cvode(rate, system.size(),
                               {integrators::CvodeMethod::bdf, scenario.integrator.relative_tolerance,
                                scenario.integrator.absolute_tolerance, 0.0, 1000000, {}});
      out.end_time = cvode.integrate(t0, scenario.stop.duration, h, y, events, observe_each_step).time;
    } else {
      std::unique_ptr<integrators::Stepper> stepper;
      if (scenario.integrator.method == "abm")
        stepper = std::make_unique<integrators::AdamsBashforthMoulton>(rate, system.size());
      else
        stepper = std::make_unique<integrators::Rk4>(rate, system.size());
      // a discrete change of the contact model or the drives (events of accept()) restarts a multistep method
      const auto observe_and_restart = [&](double t, const ConstVectorRef& state) {
        const std::size_t before = out.latch_times.size();
        const bool had_capture = out.capture_time.has_value();
        const integrators::Continuation c = observe_with_progress(t, state);
        if (out.latch_times.size() != before || out.capture_time.has_value() != had_capture) stepper->restart();
        return c;
      };
      out.end_time = integrators::integrate(*stepper, t0, scenario.stop.duration, h, y, events, observe_and_restart).time;
    }
    out.captured = system.captured();
    if (out.captured) {
      out.status = "captured";
    } else if (separated) {
      out.status = "not captured";
      out.message = "the units separated after contact without capture" +
                    (out.contact_sequence.empty() ? std::string() : " (surfaces touched: " + [&] {
                      std::string list;
                      for (const std::string& p : out.contact_sequence) list += (list.empty() ? "" : ", ") + p;
                      return list;
                    }() + ")");
    } else if (settings.interrupt != nullptr && settings.interrupt->load()) {
      out.status = "interrupted";
      out.message = "interrupted at t = " + std::to_string(out.end_time) + " s";
    } else {
      out.status = out.first_contact_time ? "not captured" : "completed";
      if (out.first_contact_time) out.message = "no capture within " + std::to_string(scenario.stop.duration) + " s";
    }
  } catch (const contact::ContactError& e) {
    out.stopped = true;
    out.status = "stopped: " + contact_status(e.kind());
    out.message = e.what();
    out.end_time = e.time();
  } catch (const SimulationError& e) {
    out.stopped = true;
    out.status = "stopped: " + e.cause();
    out.message = e.what();
    out.end_time = e.time();
  } catch (const integrators::IntegrationError& e) {
    out.stopped = true;
    out.status = e.kind() == integrators::IntegrationErrorKind::not_finite ? "stopped: non-finite state" : "stopped: integrator failure";
    out.message = e.what();
    out.end_time = e.time();
  }
  progress.finish();
  out.peak_active_force = system.peak_base_force();
  out.peak_active_moment = system.peak_base_moment();
  out.captured = system.captured();
  if (out.captured && !out.capture_time) out.capture_time = system.capture_time();
  if (out.stopped) log(out.end_time, "diagnostic", out.message);
  log(out.end_time, "end", out.status);
  out.wall_time = std::chrono::duration<double>(Clock::now() - start).count();
  if (writer) {
    writer->summary(out.summary(system));
    writer->diagram(diagram);
  }
  return out;
}

}  // namespace dyngen::simulation
