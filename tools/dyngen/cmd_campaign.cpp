// dyngen campaign SCENARIO --cases N --seed S --db FILE [--threads T] [--mpi] [--design random|lhs|sobol]
//                          [--quiet] [scenario options as for simulate]
// A Monte Carlo campaign of dockings (runtime/simulation/docking_campaign.hpp): N cases whose
// initial conditions are sampled from the scenario's distributions, run on T threads (default: all
// cores) or over MPI ranks (`mpirun -np K dyngen campaign ... --mpi`: rank 0 keeps the store, the
// others run cases), each stored in the SQLite file as it ends. The same command on an interrupted
// store runs only the missing cases; a store of another scenario, seed, size or design is refused.
// Everything that can be wrong with the scenario (file:line:column) is found before the first case.
// Exit 0 when every case is stored (failed cases included), 1 on a bad scenario or a refused store,
// 2 on bad arguments, 130 on Ctrl-C (the cases stored so far are kept).
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <variant>

#include "campaign/campaign_error.hpp"
#include "campaign/capture_rate.hpp"
#include "campaign/run_campaign.hpp"
#include "campaign/run_campaign_mpi.hpp"
#include "campaign/store.hpp"
#include "commands.hpp"
#include "contact/contact_error.hpp"
#include "contact/geometry_file.hpp"
#include "generator/model/model_error.hpp"
#include "kernel_cache.hpp"
#include "scenario_options.hpp"
#include "simulation/docking_campaign.hpp"
#include "simulation/docking_system.hpp"
#include "simulation/rerun_command.hpp"

namespace dyngen::cli {
namespace {

const std::string kUsage =
    std::string("usage: dyngen campaign SCENARIO --cases N --seed S --db FILE [--threads T] [--mpi] "
                "[--design random|lhs|sobol] [--quiet] ") +
    kScenarioOptionsUsage + "\n";

struct CampaignArgs {
  std::string scenario_file;
  std::optional<std::uint64_t> cases, seed;
  std::string db;
  unsigned threads = 0;
  bool mpi = false, quiet = false;
  campaign::Design design = campaign::Design::random;
  ScenarioOptions options;
};

std::optional<std::uint64_t> whole_number(const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The arguments, or a message for the usage error.
std::variant<CampaignArgs, std::string> parse_arguments(const Args& args) {
  CampaignArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    const auto number = [&](const char* what) -> std::optional<std::uint64_t> {
      const auto value = whole_number(args[++i]);
      if (!value) throw std::invalid_argument(std::string(what) + " takes a whole number, got '" + args[i] + "'");
      return value;
    };
    if (a == "--cases" && has_value) {
      parsed.cases = number("--cases");
    } else if (a == "--seed" && has_value) {
      parsed.seed = number("--seed");
    } else if (a == "--db" && has_value) {
      parsed.db = args[++i];
    } else if (a == "--threads" && has_value) {
      const auto threads = number("--threads");
      if (*threads == 0 || *threads > 4096) return "--threads takes 1 to 4096, got " + args[i];
      parsed.threads = static_cast<unsigned>(*threads);
    } else if (a == "--design" && has_value) {
      parsed.design = campaign::parse_design(args[++i]);
    } else if (a == "--mpi") {
      parsed.mpi = true;
    } else if (a == "--quiet") {
      parsed.quiet = true;
    } else if (parsed.options.take(args, i)) {
      continue;
    } else if (a.starts_with("-") || !parsed.scenario_file.empty()) {
      return "unexpected argument '" + a + "'";
    } else {
      parsed.scenario_file = a;
    }
  }
  if (parsed.scenario_file.empty()) return "no scenario file";
  if (!parsed.cases) return "--cases N is required";
  if (!parsed.seed) return "--seed S is required";
  if (parsed.db.empty()) return "--db FILE is required";
  return parsed;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw simulation::ScenarioError(path + ": cannot read the scenario file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Everything a rank needs before the first case: the definition and the case function.
struct Setup {
  campaign::CampaignSpec spec;
  std::optional<simulation::DockingCases> cases;
  std::string scenario_name;
};

Setup set_up(const CampaignArgs& a, const Args& args, std::ostream* log) {
  const std::string text = read_text(a.scenario_file);
  YAML::Node root = simulation::parse_scenario_text(text, a.scenario_file);
  a.options.apply(root, a.scenario_file);
  if (const std::string type = simulation::scenario_type(root, a.scenario_file); type != "docking")
    throw simulation::ScenarioError(a.scenario_file + ": scenario type '" + type +
                                    "' is not one dyngen campaign runs (docking)");
  const simulation::Scenario nominal = simulation::read_scenario(root, a.scenario_file);

  Setup setup;
  setup.scenario_name = nominal.name;
  campaign::CampaignSpec& spec = setup.spec;
  spec.inputs = simulation::varied_initial_conditions(root, nominal);
  if (spec.inputs.empty())
    throw simulation::ScenarioError(a.scenario_file +
                                    ": no initial condition has a distribution, so a campaign has nothing to vary "
                                    "(give one as initial.<key>: {value: ..., distribution: \"uniform(low, high)\"})");
  spec.scenario = simulation::campaign_scenario_text(nominal);
  spec.seed = *a.seed;
  spec.case_count = *a.cases;
  spec.design = a.design;
  spec.result_columns = simulation::docking_result_columns();
  std::string command = "dyngen campaign", options;
  for (const std::string& word : args) command += " " + simulation::shell_word(word);
  for (const std::string& word : a.options.words()) options += (options.empty() ? "" : " ") + simulation::shell_word(word);
  spec.provenance = {{"command", command},
                     {"working_directory", std::filesystem::current_path().string()},
                     {"scenario_file", a.scenario_file},
                     {"scenario_options", options}};
  campaign::validate(spec);

  // The mechanism and the geometry once; the nominal docking system checks every reference of the
  // scenario into them, and its initial state (closed, contacts within their limits) that
  // `dyngen simulate` would start from, so a fault stops the campaign here.
  contact::UnitGeometry geometry = contact::load_unit_geometry(nominal.geometry);
  const std::unique_ptr<mechanism::Mechanism> mechanism =
      load_mechanism(nominal.model, nominal.model_parameters, nominal.kernels, log);
  simulation::DockingSystem system(nominal, mechanism->clone(), geometry);
  system.evaluate(0.0, system.initial_state());
  const ScenarioOptions scenario_options = a.options;
  const std::string file = a.scenario_file;
  setup.cases.emplace(file, text, [scenario_options, file](YAML::Node& r) { scenario_options.apply(r, file); },
                      *mechanism, std::move(geometry));
  return setup;
}

// The message of a fault found while setting up, as the other commands print them.
std::string setup_error(const std::exception_ptr& fault, const std::string& scenario_file) {
  try {
    std::rethrow_exception(fault);
  } catch (const simulation::SimulationError& e) {
    return scenario_file + ": the nominal initial state: " + e.what();
  } catch (const contact::ContactError& e) {
    return scenario_file + ": the nominal initial state: " + e.what();
  } catch (const simulation::ScenarioError& e) {
    return e.what();
  } catch (const contact::GeometryFileError& e) {
    return e.what();
  } catch (const ModelError& e) {
    return e.what();
  } catch (const std::invalid_argument& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("dyngen campaign: ") + e.what();
  }
}

// MPI for the life of a --mpi command (initialised only then), finalised on every path out.
class MpiSession {
 public:
  explicit MpiSession(bool use) : used_(use) {
    if (!used_) return;
    MPI_Init(nullptr, nullptr);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiSession() {
    if (used_) MPI_Finalize();
  }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  bool used() const { return used_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  bool used_;
  int rank_ = 0, size_ = 1;
};

// Ctrl-C: the cases stored are durable (each its own transaction), those in flight are dropped;
// the process ends at once rather than finishing cases of seconds each.
extern "C" void on_campaign_interrupt(int) {
  constexpr char message[] =
      "\ndyngen campaign: interrupted; the cases stored so far are kept -- the same command resumes\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
  ::_exit(130);
}

std::string percent(double fraction) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(fraction > 0.999 || fraction < 0.001 ? 2 : 1) << 100.0 * fraction << " %";
  return text.str();
}

// `workers`: threads, or worker ranks when `ranks`.
void print_summary(const CampaignArgs& a, const Setup& setup, const campaign::RunSummary& summary, double seconds,
                   int workers, bool ranks) {
  const campaign::Store store = campaign::Store::open_for_reading(a.db);
  const campaign::CaptureRate capture = campaign::capture_rate(store.read_cases());
  std::cout << "campaign: " << setup.scenario_name << ", " << store.stored_case_count() << " of " << summary.case_count
            << " cases stored in " << a.db << " (" << summary.run << " run now, " << summary.already_stored
            << " from before), " << store.failed_case_count() << " failed\n";
  if (capture.counted == 0)
    std::cout << "capture rate: no case has an outcome (every stored case failed)\n";
  else
    std::cout << "capture rate: " << percent(capture.rate) << " (95 % Wilson interval " << percent(capture.interval.low)
              << " .. " << percent(capture.interval.high) << "), " << capture.captured << " of " << capture.counted
              << " cases with an outcome\n";
  if (summary.run > 0)
    std::cout << "time: " << summary.run << (summary.run == 1 ? " case in " : " cases in ") << std::setprecision(4)
              << seconds << " s, " << static_cast<double>(summary.run) / seconds << " cases/s on " << workers
              << (ranks ? " worker rank" : " thread") << (workers == 1 ? "\n" : "s\n");
  std::cout << "report: dyngen report " << simulation::shell_word(a.db) << "\n";
}

}  // namespace

int run_campaign_command(const Args& args) {
  CampaignArgs a;
  try {
    auto parsed = parse_arguments(args);
    if (auto* problem = std::get_if<std::string>(&parsed)) {
      std::cerr << "dyngen campaign: " << *problem << "\n" << kUsage;
      return 2;
    }
    a = std::move(std::get<CampaignArgs>(parsed));
  } catch (const std::exception& e) {  // a --set without '=', an unknown design, a bad number
    std::cerr << "dyngen campaign: " << e.what() << "\n" << kUsage;
    return 2;
  }

  const MpiSession mpi(a.mpi);
  const bool rank0 = mpi.rank() == 0;
  // Rank 0 sets up first (it builds the kernels if the cache lacks them), the others then find
  // them built; every rank learns whether all succeeded before any waits on the others.
  Setup setup;
  std::exception_ptr fault;
  const auto set_up_here = [&] {
    try {
      setup = set_up(a, args, rank0 ? &std::cerr : nullptr);
    } catch (...) {
      fault = std::current_exception();
    }
  };
  if (rank0) set_up_here();
  if (mpi.used()) MPI_Barrier(MPI_COMM_WORLD);
  if (!rank0) set_up_here();
  int ready = fault ? 0 : 1, all_ready = ready, rank0_ready = ready;
  if (mpi.used()) {
    MPI_Allreduce(&ready, &all_ready, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Bcast(&rank0_ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  if (!all_ready) {
    // rank 0's message stands for all (every rank reads the same files); another rank speaks
    // only when it alone failed
    if (fault && (rank0 || rank0_ready))
      std::cerr << (rank0 ? "" : "rank " + std::to_string(mpi.rank()) + ": ") << setup_error(fault, a.scenario_file)
                << "\n";
    return 1;
  }

  std::signal(SIGINT, on_campaign_interrupt);
  const campaign::RunOptions options{a.threads, a.quiet};
  const auto start = std::chrono::steady_clock::now();
  try {
    const campaign::RunSummary summary =
        mpi.size() > 1 ? campaign::run_campaign_mpi(setup.spec, *setup.cases, a.db, MPI_COMM_WORLD, options)
                       : campaign::run_campaign(setup.spec, *setup.cases, a.db, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::signal(SIGINT, SIG_DFL);
    const unsigned threads = a.threads ? a.threads : std::max(1u, std::thread::hardware_concurrency());
    const int workers = mpi.size() > 1 ? mpi.size() - 1 : static_cast<int>(std::min<std::uint64_t>(threads, summary.run));
    if (rank0) print_summary(a, setup, summary, seconds, workers, mpi.size() > 1);
  } catch (const campaign::CampaignError& e) {
    if (rank0) std::cerr << "dyngen campaign: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dyngen::cli
