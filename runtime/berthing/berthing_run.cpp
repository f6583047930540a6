#include "berthing/berthing_run.hpp"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <memory>

#include "berthing/berthing_control.hpp"
#include "berthing/operator_control.hpp"
#include "berthing/real_time_pacer.hpp"
#include "contact/contact_error.hpp"
#include "integrators/rk4.hpp"
#include "simulation/docking_system.hpp"
#include "simulation/run_writer.hpp"
#include "simulation/unit_diagram.hpp"

namespace dyngen::berthing {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

json vector_json(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

// A frame of the dynamic diagram: the ring's pose in PU (rows of its rotation), the contacts, the latches.
json diagram_frame(const BerthingSystem& s) {
  const Placement& ring = s.last().ring_in_port;
  json rows = json::array();
  for (int r = 0; r < 3; ++r) rows.push_back(vector_json(ring.rotation.row(r).transpose()));
  const simulation::DiagramContactState contact =
      simulation::diagram_contact_state(s.geometry(), s.contacts(), s.contact_events());
  return {{"time", s.last().time},
          {"poses", {{s.geometry().links.front().name, {{"position", vector_json(ring.position)}, {"rotation", rows}}}}},
          {"contacts", contact.contacts},
          {"latches", contact.latches}};
}

json pose_json(const PoseError& e) {
  return {{"x", e.position.x()}, {"y", e.position.y()}, {"z", e.position.z()}, {"lateral", e.lateral()},
          {"angle", e.angle()}};
}

// "t = 12.300 s of 200 s (approach), 3.1x real time" on one terminal line, every 0.25 s of wall time.
class ProgressLine {
 public:
  ProgressLine(std::ostream* out, double duration) : out_(out), duration_(duration), start_(Clock::now()) {}
  void update(double t, const std::string& phase, const RealTimePacer* pacer) {
    if (out_ == nullptr) return;
    const double wall = std::chrono::duration<double>(Clock::now() - start_).count();
    if (wall < 1.0 || wall < last_ + 0.25) return;
    last_ = wall;
    *out_ << "\r  t = " << std::fixed << std::setprecision(3) << t << " s of " << duration_ << " s (" << phase << "), "
          << std::setprecision(1) << t / wall << "x real time";
    if (pacer != nullptr) *out_ << ", " << pacer->overruns() << " overruns";
    *out_ << "   " << std::flush;
    shown_ = true;
  }
  void finish() {
    if (shown_) *out_ << "\n" << std::flush;
  }

 private:
  std::ostream* out_;
  double duration_;
  Clock::time_point start_;
  double last_ = 0.0;
  bool shown_ = false;
};

// The diagnostic an exception of a step is (status, message, model time), or none for an exception
// that is not one (a failure to write the run directory, say), which then goes on.
struct Diagnostic {
  std::string status, message;
  double time;
};
std::optional<Diagnostic> diagnostic(const std::exception_ptr& thrown, double t) {
  try {
    std::rethrow_exception(thrown);
  } catch (const contact::ContactError& e) {
    return Diagnostic{"stopped: " + contact::contact_error_kind_name(e.kind()), e.what(), e.time()};
  } catch (const simulation::SimulationError& e) {
    return Diagnostic{"stopped: " + e.cause(), e.what(), e.time()};
  } catch (const integrators::IntegrationError& e) {
    return Diagnostic{"stopped: non-finite state", e.what(), e.time()};
  } catch (const RateCommandError& e) {
    return Diagnostic{"stopped: operator input", "t = " + std::to_string(t) + " s: " + e.what(), t};
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace

ordered_json BerthingOutcome::summary(const BerthingScenario& scenario, const BerthingSystem& system, bool real_time) const {
  const auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  const auto times = [](const std::vector<std::pair<std::string, double>>& list) {
    ordered_json o = ordered_json::object();
    for (const auto& [name, time] : list) o[name] = time;
    return o;
  };
  ordered_json torques = ordered_json::object();
  for (std::size_t i = 0; i < system.info().coordinates.size(); ++i)
    torques[system.info().coordinates[i]] = system.peak_torques()[i];
  ordered_json s = {
      {"status", status},
      {"captured", captured},
      {"capture_time", optional(capture_time)},
      {"message", message},
      {"scenario", scenario.name},
      {"mechanism", system.info().name},
      {"contact_geometry", system.geometry().name},
      {"mode", scenario.mode == ControlMode::joint_path ? "joint_path" : "operator"},
      {"first_contact_time", optional(first_contact_time)},
      {"contact_sequence", contact_sequence},
      {"ready_to_latch_times", times(sensor_times)},
      {"latch_trigger_times", times(latch_times)},
      {"pose_error_at_capture", pose_error_at_capture ? pose_json(*pose_error_at_capture) : json(nullptr)},
      {"pose_error_at_end", pose_json(pose_error_at_end)},
      {"peak_contact_force", system.peak_contact_force()},
      {"peak_contact_moment", system.peak_contact_moment()},
      {"peak_normal_force", peak_normal_force},
      {"peak_normal_force_pair", peak_normal_force_pair},
      {"max_penetration", max_penetration},
      {"max_penetration_pair", max_penetration_pair},
      {"peak_base_force", system.peak_base_force()},
      {"peak_base_moment", system.peak_base_moment()},
      {"peak_joint_torque", torques},
      {"peak_kinetic_energy", peak_kinetic_energy},
      {"energy_balance_error", energy_balance_error},
      {"energy_balance_error_joules", energy_balance_error_joules},
      {"momentum_drift", momentum_drift},
      {"angular_momentum_drift", angular_momentum_drift},
      {"coupling_iterations_per_evaluation",
       system.evaluations() > 0 ? static_cast<double>(system.coupling_iterations()) / system.evaluations() : 0.0},
      {"integrator", "rk4"},
      {"step", scenario.step},
      {"end_time", end_time},
      {"steps", steps},
      {"wall_time", wall_time},
      {"real_time_factor", wall_time > 0 ? end_time / wall_time : 0.0},
  };
  if (scenario.mode == ControlMode::operator_rates) {
    s["operator"] = {{"commands", scenario.commands},
                     {"commands_applied", commands_applied},
                     {"least_manipulability", least_manipulability},
                     {"peak_damping", peak_damping}};
  }
  s["real_time"] = {{"enabled", real_time}, {"frame", scenario.step}, {"frames", frames},
                    {"overruns", overruns}, {"max_lateness", max_lateness}, {"load", load}};
  ordered_json units = {{"capture_time", "s"},
                        {"step", "s"},
                        {"end_time", "s"},
                        {"wall_time", "s"},
                        {"first_contact_time", "s"},
                        {"peak_contact_force", "N"},
                        {"peak_contact_moment", "N m"},
                        {"peak_normal_force", "N"},
                        {"max_penetration", "m"},
                        {"peak_base_force", "N"},
                        {"peak_base_moment", "N m"},
                        {"peak_kinetic_energy", "J"},
                        {"energy_balance_error", "of the peak kinetic energy"},
                        {"energy_balance_error_joules", "J"},
                        {"momentum_drift", "N s"},
                        {"angular_momentum_drift", "N m s"},
                        {"real_time.frame", "s"},
                        {"real_time.max_lateness", "s"},
                        {"real_time.load", "of the wall time"}};
  for (const char* pose : {"pose_error_at_capture", "pose_error_at_end"}) {
    if (s[pose].is_null()) continue;
    for (const char* key : {"x", "y", "z", "lateral"}) units[std::string(pose) + "." + key] = "m";
    units[std::string(pose) + ".angle"] = "rad";
  }
  for (const std::string& c : system.info().coordinates) units["peak_joint_torque." + c] = "N m";
  for (const auto& [name, time] : sensor_times) units["ready_to_latch_times." + name] = "s";
  for (const auto& [name, time] : latch_times) units["latch_trigger_times." + name] = "s";
  s["units"] = units;
  return s;
}

BerthingOutcome run_berthing(const BerthingScenario& scenario, BerthingSystem& system, const BerthingRunSettings& settings) {
  const auto start = Clock::now();
  // the arm's start and its reference: every scenario error before anything is written
  const std::vector<double> q0 = initial_configuration(scenario, system);
  std::unique_ptr<OperatorInput> input;
  std::unique_ptr<JointReference> reference;
  OperatorControl* operator_control = nullptr;
  if (scenario.mode == ControlMode::joint_path) {
    reference = make_joint_path(scenario, system, q0);
  } else {
    input = scenario.commands == "stdin"
                ? std::make_unique<OperatorInput>(settings.operator_input, "stdin", settings.interrupt)
                : std::make_unique<OperatorInput>(scenario.command_list);
    auto control = std::make_unique<OperatorControl>(
        *input, !settings.real_time, system.ring(), scenario.command_frame, system.port_to_base(),
        DampingSchedule{scenario.manipulability_threshold, scenario.max_damping}, system.servo(), q0);
    operator_control = control.get();
    reference = std::move(control);
  }
  system.set_reference(reference.get());

  BerthingOutcome out;
  Eigen::VectorXd y = system.initial_state(q0);
  BerthingHistory history(system, operator_control);
  json diagram = simulation::unit_diagram(system.geometry());
  std::unique_ptr<simulation::RunWriter> writer;
  if (settings.out) writer = std::make_unique<simulation::RunWriter>(*settings.out, history.columns());
  const auto log = [&](double t, const std::string& name, const std::string& detail) {
    if (writer) writer->event(t, name, detail);
  };

  const double h = scenario.step;
  const long total_steps = static_cast<long>(std::ceil(scenario.duration / h - 1e-9));
  BerthingEnergy e0;
  double next_row = 0.0, next_frame = 0.0;
  // at a step's start (the system evaluated there): the events since the last step, peaks, and at
  // the record times E(t) - E(0) = the work done on the system, momentum, a history row
  const auto observe = [&](double t, bool last) {
    for (const auto& [name, detail] : system.step_events()) {
      log(t, name, detail);
      std::vector<std::pair<std::string, double>>* times =
          name == "sensor_on" ? &out.sensor_times : name == "latch_triggered" ? &out.latch_times : nullptr;
      if (times != nullptr) times->emplace_back(detail, t);
      if (name == "first_contact") out.first_contact_time = t;
      if (name == "capture") {
        out.capture_time = t;
        out.pose_error_at_capture = pose_error(system.last().ring_in_port);
      }
    }
    out.pose_error_at_end = pose_error(system.last().ring_in_port);
    if (t >= next_row - 0.5 * h || last) {
      const BerthingEnergy e = system.energy(y);
      const double error = e.kinetic - e0.kinetic - (e.torque_work + e.contact_work);
      out.peak_kinetic_energy = std::max(out.peak_kinetic_energy, e.kinetic);
      out.energy_balance_error_joules = std::max(out.energy_balance_error_joules, std::abs(error));
      out.energy_balance_error = out.energy_balance_error_joules / std::max(out.peak_kinetic_energy, 1e-300);
      out.momentum_drift = std::max(out.momentum_drift, (e.linear_momentum - e0.linear_momentum).norm());
      out.angular_momentum_drift = std::max(out.angular_momentum_drift, (e.angular_momentum - e0.angular_momentum).norm());
      if (writer) writer->row(history.row(system, e, error));
      next_row += scenario.record_interval;
    }
    if (t >= next_frame - 0.5 * h) {
      diagram["frames"].push_back(diagram_frame(system));
      next_frame += scenario.diagram_interval;
    }
  };
  log(0.0, "start", scenario.name);

  integrators::Rk4 rk4([&](double t, const integrators::ConstVectorRef& s, integrators::VectorRef d) { system.rate(t, s, d); },
                       system.size());
  Eigen::VectorXd k1(system.size());
  std::optional<RealTimePacer> pacer;
  if (settings.real_time) {
    pacer.emplace();
    pacer->start(0.0);
  }
  ProgressLine progress(settings.progress, scenario.duration);
  const auto interrupted = [&] { return settings.interrupt != nullptr && settings.interrupt->load(); };
  double t = 0.0;
  try {
    for (long k = 0;; ++k) {
      // the step's first stage, which is also the evaluation of the last step's end
      reference->begin_step(t, system.joint_angles(y));
      system.rate(t, y, k1);
      if (k == 0) e0 = system.energy(y);
      const bool end = k == total_steps ||
                       (out.capture_time && t >= *out.capture_time + scenario.after_capture_time - 0.5 * h) || interrupted();
      observe(t, end);
      if (end) break;
      if (out.capture_time && scenario.after_capture == AfterCapture::limp && !system.servo().limp()) {
        system.servo().set_limp(true);
        log(t, "servos_limp", "the joint drives let go while the latches hold the payload");
        system.rate(t, y, k1);
      }
      rk4.step_with_first_stage(t, h, k1, y);
      t = static_cast<double>(k + 1) * h;
      ++out.steps;
      for (Eigen::Index i = 0; i < y.size(); ++i)
        if (!std::isfinite(y[i]))
          throw simulation::SimulationError("non-finite state", t, "state component " + std::to_string(i) + " is " +
                                                                       std::to_string(y[i]) + " (the integration diverged)");
      system.end_step(t, y, h);
      progress.update(t, out.capture_time ? "captured" : out.first_contact_time ? "contact" : "approach",
                      pacer ? &*pacer : nullptr);
      if (pacer) pacer->end_frame(t);
    }
    out.end_time = t;
    out.captured = system.captured();
    if (out.captured) {
      out.status = "captured";
    } else if (interrupted()) {
      out.status = "interrupted";
      out.message = "interrupted at t = " + std::to_string(t) + " s";
    } else {
      out.status = out.first_contact_time ? "not captured" : "completed";
      if (out.first_contact_time) out.message = "no capture within " + std::to_string(scenario.duration) + " s";
    }
  } catch (const std::exception&) {
    const std::optional<Diagnostic> stop = diagnostic(std::current_exception(), t);
    if (!stop) throw;
    out.stopped = true;
    out.status = stop->status;
    out.message = stop->message;
    out.end_time = stop->time;
  }
  progress.finish();
  const contact::ContactEvents& contacts = system.contact_events();
  out.contact_sequence = contacts.contact_sequence();
  out.max_penetration = contacts.deepest_penetration();
  out.max_penetration_pair = contacts.deepest_element();
  out.peak_normal_force = contacts.largest_normal_force();
  out.peak_normal_force_pair = contacts.largest_force_element();
  out.captured = system.captured();
  if (operator_control != nullptr) {
    out.least_manipulability = operator_control->least_manipulability();
    out.peak_damping = operator_control->peak_damping();
    out.commands_applied = input->commands_applied();
  }
  if (pacer) {
    out.frames = pacer->frames();
    out.overruns = pacer->overruns();
    out.max_lateness = pacer->max_lateness();
    out.load = pacer->load();
  }
  if (out.stopped) log(out.end_time, "diagnostic", out.message);
  log(out.end_time, "end", out.status);
  out.wall_time = std::chrono::duration<double>(Clock::now() - start).count();
  if (writer) {
    writer->summary(out.summary(scenario, system, settings.real_time));
    writer->diagram(diagram);
  }
  return out;
}

}  // namespace dyngen::berthing
