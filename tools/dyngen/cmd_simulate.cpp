// dyngen simulate SCENARIO [--out DIR] [--set key=value ...] [--integrator rk4|abm|cvode] [--dt H]
//                          [--until T] [--kernels generated|numeric]
// Runs a docking scenario (runtime/simulation/README.md) and writes its run directory (history.csv,
// events.csv, summary.json, diagram.json; `dyngen report DIR` draws it), by default
// runs/<scenario name>. The mechanism's kernels are generated and compiled once per model version
// (kernel_cache.hpp). A bad scenario prints file:line:column: message and writes nothing (exit 1);
// a run stopped by a diagnostic keeps what it recorded and exits with 3; Ctrl-C stops cleanly
// (exit 130).
#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "contact/geometry_file.hpp"
#include "generator/model/model_error.hpp"
#include "kernel_cache.hpp"
#include "simulation/docking_run.hpp"
#include "simulation/scenario_file.hpp"

namespace dyngen::cli {
namespace {

constexpr const char* kUsage =
    "usage: dyngen simulate SCENARIO [--out DIR] [--set key=value ...] [--integrator rk4|abm|cvode] [--dt H] "
    "[--until T] [--kernels generated|numeric]\n";

std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted = true; }

}  // namespace

int run_simulate(const Args& args) {
  std::string scenario_file;
  std::optional<std::string> out;
  std::vector<simulation::Override> overrides;
  std::vector<std::array<std::string, 3>> options;  // section, key, value of --integrator, --dt, --until, --kernels
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      const bool has_value = i + 1 < args.size();
      if (a == "--out" && has_value) {
        out = args[++i];
      } else if (a == "--set" && has_value) {
        overrides.push_back(simulation::parse_override(args[++i]));
      } else if (a == "--integrator" && has_value) {
        options.push_back({"integrator", "method", args[++i]});
      } else if (a == "--dt" && has_value) {
        options.push_back({"integrator", "step", args[++i]});
      } else if (a == "--until" && has_value) {
        options.push_back({"stop", "duration", args[++i]});
      } else if (a == "--kernels" && has_value) {
        options.push_back({"mechanism", "kernels", args[++i]});
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
    simulation::apply_overrides(root, overrides, scenario_file);
    // the command line's own options set their field whether or not the file gives it
    for (const auto& [section, key, value] : options) {
      if (!root.IsMap()) break;
      if (!root[section]) root[section] = YAML::Node(YAML::NodeType::Map);
      root[section][key] = value;
    }
    const std::string type = simulation::scenario_type(root, scenario_file);
    if (type != "docking") {
      std::cerr << scenario_file << ": scenario type '" << type << "' is not one dyngen simulate runs (docking)\n";
      return 1;
    }
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
