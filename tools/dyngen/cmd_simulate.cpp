// dyngen simulate SCENARIO [--out DIR] [--set key=value ...] [--integrator rk4|abm|rk45|cvode] [--dt H]
//                          [--until T] [--after-capture T] [--kernels generated|numeric] [--real-time]
// Runs a scenario by its `type`: a docking (runtime/simulation/README.md; the default), an elastic
// manipulator (runtime/elastic/README.md) or a berthing by a manipulator (runtime/berthing/README.md;
// --real-time paces it to the wall clock, and its operator may give commands on standard input). A
// run writes its run directory (history.csv, events.csv, summary.json, diagram.json; `dyngen report
// DIR` draws it), by default runs/<scenario name>. The mechanism's kernels are generated and
// compiled once per model version (kernel_cache.hpp). A bad scenario prints file:line:column:
// message and writes nothing (exit 1); a run stopped by a diagnostic keeps what it recorded and
// exits with 3; Ctrl-C stops cleanly (exit 130).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <string>
#include <vector>

#include "commands.hpp"
#include "berthing/berthing_run.hpp"
#include "contact/geometry_file.hpp"
#include "elastic/elastic_scenario.hpp"
#include "generator/model/model_error.hpp"
#include "kernel_cache.hpp"
#include "scenario_options.hpp"
#include "simulation/docking_run.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::cli {
namespace {

const std::string kUsage =
    std::string("usage: dyngen simulate SCENARIO [--out DIR] ") + kScenarioOptionsUsage + " [--real-time]\n";

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted = true; }

// An elastic manipulator (runtime/elastic): the seed's transfer-matrix and Houbolt method, with its
// finite-element cross-check when the scenario asks for one.
int run_elastic(const YAML::Node& root, const std::string& file, const std::optional<std::string>& out) {
  const elastic::ElasticScenario scenario = elastic::read_elastic_scenario(root, file);
  const std::filesystem::path directory =
      out ? std::filesystem::path(*out) : std::filesystem::path("runs") / std::filesystem::path(file).stem();
  const elastic::ElasticRunOutcome run = elastic::run_elastic_scenario(scenario, directory);
  std::cout << "run: " << directory.string() << "\n"
            << "status: " << run.status << "\n"
            << "simulated " << run.end_time << " s in " << run.steps << " steps"
            << (run.cross_check_status.empty() ? "" : "; cross-check: " + run.cross_check_status) << "\n"
            << "report: dyngen report " << directory.string() << "\n";
  return run.completed ? 0 : 3;
}

// A berthing by a manipulator (runtime/berthing): its kernels from the cache, the berthing
// mechanism's geometry; paced to the wall clock with --real-time.
int run_berthing(const YAML::Node& root, const std::string& file, const std::optional<std::string>& out, bool real_time) {
  const berthing::BerthingScenario scenario = berthing::read_berthing_scenario(root, file);
  berthing::BerthingSystem system(scenario, load_mechanism(scenario.model, scenario.model_parameters, scenario.kernels, &std::cerr),
                                  contact::load_unit_geometry(scenario.geometry));
  berthing::BerthingRunSettings settings;
  settings.out = out ? std::filesystem::path(*out) : std::filesystem::path("runs") / scenario.name;
  settings.progress = isatty(STDERR_FILENO) ? &std::cerr : nullptr;
  settings.interrupt = &interrupted;
  settings.real_time = real_time;
  settings.operator_input = STDIN_FILENO;
  std::signal(SIGINT, on_interrupt);
  const berthing::BerthingOutcome run = berthing::run_berthing(scenario, system, settings);
  std::signal(SIGINT, SIG_DFL);

  std::cout << "run: " << settings.out->string() << "\n"
            << "status: " << run.status << (run.message.empty() ? "" : " (" + run.message + ")") << "\n";
  if (run.capture_time)
    std::cout << "capture at " << *run.capture_time << " s, payload " << run.pose_error_at_capture->lateral() * 1e3
              << " mm off the port's axis, " << run.pose_error_at_capture->position.x() * 1e3 << " mm along it, "
              << run.pose_error_at_capture->angle() * 180.0 / std::numbers::pi << " deg turned\n";
  std::cout << "simulated " << run.end_time << " s in " << run.steps << " steps, " << run.wall_time << " s wall ("
            << (run.wall_time > 0 ? run.end_time / run.wall_time : 0.0) << "x real time); peak contact force "
            << system.peak_contact_force() << " N\n";
  if (real_time)
    std::cout << "real time: " << run.frames << " frames of " << scenario.step * 1e3 << " ms, " << run.overruns
              << " overruns (latest " << run.max_lateness * 1e3 << " ms late), load " << run.load * 100.0 << " %\n";
  std::cout << "report: dyngen report " << settings.out->string() << "\n";
  if (run.status == "interrupted") return 130;
  return run.stopped ? 3 : 0;
}

}  // namespace

int run_simulate(const Args& args) {
  std::string scenario_file;
  std::optional<std::string> out;
  ScenarioOptions options;
  bool real_time = false;
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--out" && i + 1 < args.size()) {
        out = args[++i];
      } else if (a == "--real-time") {
        real_time = true;
      } else if (options.take(args, i)) {
        continue;
      } else if (a.starts_with("-") || !scenario_file.empty()) {
        std::cerr << "dyngen simulate: unexpected argument '" << a << "'\n" << kUsage;
        return 2;
      } else {
        scenario_file = a;
      }
    }
    if (scenario_file.empty()) {
      std::cerr << kUsage;
      return 2;
    }
    YAML::Node root = simulation::load_scenario_yaml(scenario_file);
    options.apply(root, scenario_file);
    const std::string type = simulation::scenario_type(root, scenario_file);
    if (type != "docking" && type != "elastic_manipulator" && type != "berthing") {
      std::cerr << scenario_file << ": scenario type '" << type
                << "' is not one dyngen simulate runs (docking, elastic_manipulator, berthing)\n";
      return 1;
    }
    if (real_time && type != "berthing") {
      std::cerr << "dyngen simulate: --real-time applies to berthing scenarios, not to " << type << " ones\n" << kUsage;
      return 2;
    }
    if (type == "berthing") return run_berthing(root, scenario_file, out, real_time);
    if (type == "elastic_manipulator") return run_elastic(root, scenario_file, out);
    const simulation::Scenario scenario = simulation::read_scenario(root, scenario_file);
    contact::UnitGeometry geometry = contact::load_unit_geometry(scenario.geometry);
    simulation::DockingSystem system(scenario, load_mechanism(scenario.model, scenario.model_parameters, scenario.kernels, &std::cerr),
                                     std::move(geometry));
    const std::filesystem::path directory = out ? std::filesystem::path(*out) : std::filesystem::path("runs") / scenario.name;

    std::signal(SIGINT, on_interrupt);
    simulation::RunSettings settings;
    settings.out = directory;
    settings.progress = isatty(STDERR_FILENO) ? &std::cerr : nullptr;
    settings.interrupt = &interrupted;
    const simulation::RunOutcome run = simulation::run_docking(system, settings);
    std::signal(SIGINT, SIG_DFL);

    std::cout << "run: " << directory.string() << "\n"
              << "status: " << run.status << (run.message.empty() ? "" : " (" + run.message + ")") << "\n";
    if (run.capture_time) std::cout << "capture at " << *run.capture_time << " s\n";
    std::cout << "simulated " << run.end_time << " s in " << run.steps << " steps, " << run.wall_time << " s wall ("
              << (run.wall_time > 0 ? run.end_time / run.wall_time : 0.0) << "x real time); energy balance error "
              << run.energy_balance_error << " of the initial energy\n"
              << "report: dyngen report " << directory.string() << "\n";
    if (run.status == "interrupted") return 130;
    return run.stopped ? 3 : 0;
  } catch (const simulation::ScenarioError& e) {
    std::cerr << e.what() << "\n";
  } catch (const elastic::ElasticScenarioError& e) {
    std::cerr << e.what() << "\n";
  } catch (const contact::GeometryFileError& e) {
    std::cerr << e.what() << "\n";
  } catch (const ModelError& e) {
    std::cerr << e.what() << "\n";
  } catch (const simulation::SimulationError& e) {
    std::cerr << scenario_file << ": " << e.what() << "\n";
  } catch (const std::invalid_argument& e) {
    std::cerr << e.what() << "\n";
  } catch (const std::runtime_error& e) {
    std::cerr << "dyngen simulate: " << e.what() << "\n";
  }
  return 1;
}

}  // namespace dyngen::cli
