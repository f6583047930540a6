// dyngen simulate SCENARIO [--out DIR] [--set key=value ...] [--integrator rk4|abm|rk45|cvode] [--dt H]
//                          [--until T] [--after-capture T] [--kernels generated|numeric]
// Runs a scenario by its `type`: a docking (runtime/simulation/README.md; the default) or an elastic
// manipulator (runtime/elastic/README.md). A docking writes its run directory (history.csv,
// events.csv, summary.json, diagram.json; `dyngen report DIR` draws it), by default
// runs/<scenario name>. The mechanism's kernels are generated and compiled once per model version
// (kernel_cache.hpp). A bad scenario prints file:line:column: message and writes nothing (exit 1);
// a run stopped by a diagnostic keeps what it recorded and exits with 3; Ctrl-C stops cleanly
// (exit 130).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "contact/geometry_file.hpp"
#include "elastic/elastic_scenario.hpp"
#include "generator/model/model_error.hpp"
#include "kernel_cache.hpp"
#include "scenario_options.hpp"
#include "simulation/docking_run.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::cli {
namespace {

const std::string kUsage = std::string("usage: dyngen simulate SCENARIO [--out DIR] ") + kScenarioOptionsUsage + "\n";

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

}  // namespace

int run_simulate(const Args& args) {
  std::string scenario_file;
  std::optional<std::string> out;
  ScenarioOptions options;
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--out" && i + 1 < args.size()) {
        out = args[++i];
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
    if (type != "docking" && type != "elastic_manipulator") {
      std::cerr << scenario_file << ": scenario type '" << type
                << "' is not one dyngen simulate runs (docking, elastic_manipulator)\n";
      return 1;
    }
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
