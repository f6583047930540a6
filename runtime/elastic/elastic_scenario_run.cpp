// run_elastic_scenario (elastic_scenario.hpp): the scenario's method, and the cross-check by the other
// method in lockstep with it (each advanced to the time of the next history row in turn), each into
// its run directory; the rows of both at the same times give the cross-check's largest differences.
#include "elastic/elastic_scenario.hpp"
#include "elastic/finite_element_solver.hpp"
#include "elastic/run_directory.hpp"
#include "elastic/run_recorder.hpp"

#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>

namespace dyngen::elastic {

namespace {

// |w| / l beyond which the run stops: the seed's bending equations are linear in small deflections
constexpr double largest_deflection = 0.1;

std::string number_text(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

Eigen::VectorXd initial_angles(const ElasticScenario& scenario) {
  return Eigen::Map<const Eigen::VectorXd>(scenario.initial_hinge_angles.data(),
                                           static_cast<Eigen::Index>(scenario.initial_hinge_angles.size()));
}

// One method's solver behind a common face.
class MethodRun {
 public:
  virtual ~MethodRun() = default;
  virtual void step() = 0;
  virtual long steps() const = 0;
  virtual double time() const = 0;
  virtual ManipulatorState state() const = 0;
};

class TransferMatrixRun : public MethodRun {
 public:
  TransferMatrixRun(const ElasticScenario& scenario, double step)
      : solver_(scenario_manipulator(scenario), {step, scenario.segments, scenario.axial_force},
                initial_angles(scenario)) {}
  void step() override { solver_.step(); }
  long steps() const override { return solver_.steps(); }
  double time() const override { return solver_.time(); }
  ManipulatorState state() const override { return solver_.state(); }

 private:
  TransferMatrixHoubolt solver_;
};

class FiniteElementRun : public MethodRun {
 public:
  FiniteElementRun(const ElasticScenario& scenario, double step)
      : solver_(scenario_manipulator(scenario), {scenario.elements, step, scenario.deflection_transport},
                initial_angles(scenario)),
        segments_(scenario.segments) {}
  void step() override { solver_.step(); }
  long steps() const override { return solver_.steps(); }
  double time() const override { return solver_.time(); }
  ManipulatorState state() const override { return solver_.state(segments_); }

 private:
  FiniteElementSolver solver_;
  int segments_;  // stations per link for the energies and the sampled state
};

std::string method_name(ElasticMethod method) {
  return method == ElasticMethod::transfer_matrix ? "transfer_matrix" : "finite_element";
}

std::string settings_text(const ElasticScenario& scenario, ElasticMethod method, double step) {
  if (method == ElasticMethod::transfer_matrix) {
    return "Houbolt step " + number_text(step) + " s, " + std::to_string(scenario.segments) +
           " Runge-Kutta segments per link, axial force " +
           (scenario.axial_force == AxialForceLevel::previous ? "of the previous level (the seed's eq. 13)"
                                                              : "extrapolated from the two previous levels");
  }
  return "Newmark step " + number_text(step) + " s, " + std::to_string(scenario.elements) +
         " Hermite elements per link" + (scenario.deflection_transport ? ", with the deflection's transport" : "");
}

// A method's run with its recorder and directory; a failure ends it and is kept as its status.
struct Track {
  Track(const ElasticScenario& scenario, ElasticMethod method, double step, const std::filesystem::path& directory)
      : scenario(scenario), method(method), step(step), recorder(scenario_manipulator(scenario)) {
    output = std::make_unique<RunDirectory>(directory, recorder.columns(), summary());
  }

  const ElasticScenario& scenario;
  ElasticMethod method;
  double step;
  RunRecorder recorder;
  std::unique_ptr<MethodRun> run;
  std::string status = "running";
  std::string message;  // the diagnostic that ended the run
  double wall_time = 0.0;
  std::vector<double> last_row;
  std::unique_ptr<RunDirectory> output;

  bool failed() const { return !message.empty(); }
  double time() const { return run ? run->time() : 0.0; }
  long steps() const { return run ? run->steps() : 0; }

  void fail(double seconds, const std::string& diagnostic) {
    message = diagnostic;
    status = "failed: " + message;
    output->add_event({seconds, "diagnostic", message});
  }

  // ended with the run it checks
  void stop(const std::string& reason) {
    status = "stopped: " + reason;
    output->add_event({time(), "stop", reason});
  }

  // One state of the method: checked, observed, its events written. std::runtime_error naming the
  // time and the cause for a state that is not finite or has left the small deflections.
  void observe() {
    const ManipulatorState state = run->state();
    const std::string at = "at t = " + number_text(state.time) + " s ";
    const std::string bad = non_finite_part(state);
    if (!bad.empty()) throw std::runtime_error(at + bad + " is not finite");
    for (std::size_t n = 0; n < state.links.size(); ++n) {
      const double deflection = state.links[n].deflection.lpNorm<Eigen::Infinity>();
      if (deflection > largest_deflection) {
        throw std::runtime_error(at + "the deflection of link " + std::to_string(n + 1) + " reached " +
                                 number_text(deflection) + " l, beyond the small deflections of the seed's linear "
                                 "bending equations (the run stops at " + number_text(largest_deflection) + " l)");
      }
    }
    for (const RunEvent& event : recorder.advance(state)) output->add_event(event);
  }

  // Makes the solver and observes the initial state; false on failure.
  bool start() {
    const auto begin = std::chrono::steady_clock::now();
    try {
      output->add_event({0.0, "start", method_name(method) + ": " + settings_text(scenario, method, step)});
      run = method == ElasticMethod::transfer_matrix
                ? std::unique_ptr<MethodRun>(std::make_unique<TransferMatrixRun>(scenario, step))
                : std::unique_ptr<MethodRun>(std::make_unique<FiniteElementRun>(scenario, step));
      observe();
      last_row = recorder.row();
      output->add_row(last_row);
    } catch (const std::exception& error) {
      fail(0.0, std::string("at t = 0 s the run could not start: ") + error.what());
    }
    wall_time += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return !failed();
  }

  // Steps to step number `target` and writes its row; false on failure.
  bool advance(long target, const std::function<void(double)>& progress) {
    const auto begin = std::chrono::steady_clock::now();
    try {
      while (run->steps() < target) {
        try {
          run->step();
        } catch (const std::exception& error) {
          throw std::runtime_error("the step from t = " + number_text(run->time()) + " s to " +
                                   number_text(run->time() + step) + " s failed: " + error.what());
        }
        observe();
        if (progress) progress(run->time());
      }
      last_row = recorder.row();
      output->add_row(last_row);
    } catch (const std::exception& error) {
      fail(run->time(), error.what());
    }
    wall_time += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return !failed();
  }

  void finish() {
    status = "completed";
    output->add_event({time(), "end", "completed"});
  }

  nlohmann::ordered_json summary() const {
    nlohmann::ordered_json out;
    out["status"] = status;
    out["captured"] = false;
    out["capture_time"] = nullptr;
    out["steps"] = run ? run->steps() : 0;
    out["wall_time"] = wall_time;
    if (!message.empty()) out["message"] = message;
    out["scenario"] = scenario.file;
    if (!scenario.description.empty()) out["description"] = scenario.description;
    out["method"] = method_name(method);
    out["settings"] = settings_text(scenario, method, step);
    out["time_scale"] = time_scale(scenario);
    out["end_time"] = time();
    return out;
  }

  // the summary at the end: peaks, alignments, energy balance (units in `units`)
  nlohmann::ordered_json final_summary(nlohmann::ordered_json& units) const {
    nlohmann::ordered_json out = summary();
    units["time_scale"] = "s";
    units["end_time"] = "s";
    nlohmann::ordered_json peaks;
    for (const std::string& column : recorder.columns()) {
      const std::size_t bracket = column.find(" [");
      const std::string name = column.substr(0, bracket), unit = column.substr(bracket + 2, column.size() - bracket - 3);
      for (const char* group : {"angle.", "angular_rate.", "tip_deflection."}) {
        if (name.rfind(group, 0) == 0) {
          peaks[name] = recorder.peak(column);
          units["peak." + name] = unit;
        }
      }
    }
    out["peak"] = peaks;
    nlohmann::ordered_json aligned;
    for (std::size_t k = 0; k < recorder.alignments().size(); ++k) {
      const std::string key = "links" + std::to_string(k + 1) + "_" + std::to_string(k + 2);
      aligned[key] = recorder.alignments()[k];
      units["links_aligned." + key] = "s";
    }
    if (!aligned.empty()) out["links_aligned"] = aligned;
    const double work = recorder.peak("energy.torque_work [-]");
    const double error = recorder.peak("energy.balance_error [-]");
    out["energy_balance"] = {{"max_error", error}, {"max_torque_work", work},
                             {"relative_error", work > 0.0 ? nlohmann::ordered_json(error / work) : nullptr}};
    units["energy_balance.max_error"] = units["energy_balance.max_torque_work"] = "-";
    units["energy_balance.relative_error"] = "-";
    return out;
  }

  void write_final_summary(const nlohmann::ordered_json* cross_check) {
    nlohmann::ordered_json units;
    nlohmann::ordered_json out = final_summary(units);
    if (cross_check) {
      out["cross_check"] = cross_check->at("cross_check");
      for (const auto& [key, unit] : cross_check->at("units").items()) units[key] = unit;
    }
    out["units"] = units;
    output->write_summary(out);
  }
};

// The largest differences between the rows of two methods at the same times.
class RowComparison {
 public:
  explicit RowComparison(const std::vector<std::string>& columns) : columns_(columns), largest_(columns.size(), 0.0) {}

  void compare(const std::vector<double>& a, const std::vector<double>& b) {
    if (std::abs(a[0] - b[0]) > 1e-9 * std::max(1.0, std::abs(a[0]))) return;
    for (std::size_t c = 1; c < a.size(); ++c) largest_[c] = std::max(largest_[c], std::abs(a[c] - b[c]));
    ++rows_;
  }

  // {"cross_check": {...}, "units": {...}} for the primary's summary
  nlohmann::ordered_json summary(const Track& cross, const Track& primary) const {
    nlohmann::ordered_json differences, relative, units;
    for (std::size_t c = 1; c < columns_.size(); ++c) {
      const std::size_t bracket = columns_[c].find(" [");
      const std::string name = columns_[c].substr(0, bracket);
      if (name.rfind("torque.", 0) == 0) continue;  // the same law in both
      // null when no rows could be compared (a cross-check that failed at once)
      differences[name] = rows_ > 0 ? nlohmann::ordered_json(largest_[c]) : nullptr;
      units["cross_check.max_difference." + name] = columns_[c].substr(bracket + 2, columns_[c].size() - bracket - 3);
      const double peak = primary.recorder.peak(columns_[c]);
      if (name.rfind("angle.", 0) == 0 || name.rfind("tip_deflection.", 0) == 0) {
        relative[name] = rows_ > 0 && peak > 0.0 ? nlohmann::ordered_json(largest_[c] / peak) : nullptr;
        units["cross_check.relative_difference." + name] = "-";
      }
    }
    nlohmann::ordered_json block;
    block["method"] = method_name(cross.method);
    block["settings"] = settings_text(cross.scenario, cross.method, cross.step);
    block["directory"] = cross.output->directory().filename().string();
    block["status"] = cross.status;
    block["rows_compared"] = rows_;
    block["max_difference"] = differences;
    block["relative_difference"] = relative;  // to the method's peak |value| of the column
    return {{"cross_check", block}, {"units", units}};
  }

 private:
  std::vector<std::string> columns_;
  std::vector<double> largest_;
  long rows_ = 0;
};

}  // namespace

ElasticRunOutcome run_elastic_scenario(const ElasticScenario& scenario, const std::filesystem::path& out_dir,
                                       const std::function<void(double seconds)>& progress) {
  Track primary(scenario, scenario.method, scenario.step, out_dir);
  std::unique_ptr<Track> cross;
  if (scenario.cross_check) {
    const ElasticMethod other = scenario.method == ElasticMethod::transfer_matrix ? ElasticMethod::finite_element
                                                                                  : ElasticMethod::transfer_matrix;
    cross = std::make_unique<Track>(scenario, other, scenario.cross_check_step, out_dir / "cross_check");
  }
  RowComparison comparison(primary.recorder.columns());

  const long total = total_steps(scenario);
  const long per_row = steps_per_row(scenario, false);
  bool running = primary.start();
  bool cross_running = cross && cross->start();
  if (running && cross_running) comparison.compare(primary.last_row, cross->last_row);
  for (long target = std::min(per_row, total); running; target = std::min(target + per_row, total)) {
    running = primary.advance(target, progress);
    if (running && cross_running) {
      // the cross-check to the same time (or its last step before it)
      const long cross_target = static_cast<long>(std::floor(primary.time() / scenario.cross_check_step + 1e-6));
      cross_running = cross->advance(cross_target, {});
      if (cross_running) comparison.compare(primary.last_row, cross->last_row);
    }
    if (target == total) break;
  }

  if (!primary.failed()) primary.finish();
  nlohmann::ordered_json cross_summary;
  if (cross) {
    if (cross_running) {
      if (primary.failed()) cross->stop("the run it checks failed: " + primary.message);
      else cross->finish();
    }
    cross->write_final_summary(nullptr);
    cross_summary = comparison.summary(*cross, primary);
  }
  primary.write_final_summary(cross ? &cross_summary : nullptr);

  ElasticRunOutcome outcome;
  outcome.completed = !primary.failed();
  outcome.status = primary.status;
  outcome.end_time = primary.time();
  outcome.steps = primary.steps();
  if (cross) outcome.cross_check_status = cross->status;
  return outcome;
}

}  // namespace dyngen::elastic
