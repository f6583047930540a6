#include "commands.hpp"

namespace dyngen::cli {

int run_export_mjcf(const Args&);
int run_eval(const Args&);
int run_check(const Args&);
int run_generate(const Args&);
int run_count(const Args&);
int run_compare(const Args&);
int run_verify(const Args&);
int run_bench(const Args&);
int run_fit_hysteresis(const Args&);
int run_report(const Args&);
int run_simulate(const Args&);
int run_campaign_command(const Args&);
int run_campaign_export(const Args&);

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"export-mjcf", "MODEL [-o FILE]", "write a tree model as MuJoCo MJCF", run_export_mjcf},
      {"check", "MODEL", "validate a mechanism file and print its bodies, coordinates and loops", run_check},
      {"generate", "MODEL [--out DIR] [--params folded|runtime[:p,...]] [--algorithm auto|crba|aba|combined] [--header-only] [--fma]",
       "emit the mechanism's kernels (C++ header, C entry points)", run_generate},
      {"count", "MODEL [--params ...]", "print the operation counts of each kernel", run_count},
      {"compare", "MODEL [--format text|csv|markdown] | --scaling chain:A..B",
       "operation counts of the routes, ablation of the optimizations, GiNaC baseline; chain scaling", run_compare},
      {"verify", "MODEL [--params ...] [--states N] [--fma] [--batch]",
       "compile the kernels and compare each with the double instantiation of its algorithm", run_verify},
      {"bench", "MODEL [--params ...] [--min-time S]",
       "ns per call of each kernel beside the double instantiation and MuJoCo", run_bench},
      {"eval", "MODEL (--state FILE | --random SEED)", "evaluate M, b, qdd (CRBA, ABA), RNEA, base wrench as JSON", run_eval},
      {"fit-hysteresis", "LOOP.csv [--model pwl|variable] [--plot FILE]",
       "identify a transmission's hysteresis model from a measured loop; print parameters and fit error, plot", run_fit_hysteresis},
      {"simulate",
       "SCENARIO [--out DIR] [--set key=value ...] [--integrator rk4|abm|rk45|cvode] [--dt H] [--until T] [--after-capture T] "
       "[--kernels generated|numeric]",
       "run a docking scenario; write its time histories, events, dynamic diagram and summary", run_simulate},
      {"campaign",
       "SCENARIO --cases N --seed S --db FILE [--threads T] [--mpi] [--design random|lhs|sobol] [--quiet] "
       "[scenario options as for simulate]",
       "Monte Carlo campaign of dockings from the scenario's distributions into an SQLite store; resumable, "
       "threads or MPI ranks",
       run_campaign_command},
      {"campaign-export", "DB [--out FILE]", "the cases of a campaign store as CSV", run_campaign_export},
      {"report", "RUN_DIR | DB [--out FILE]",
       "HTML report of a docking run (charts, dynamic diagram, events) or of a campaign store (capture rate, "
       "loads, capture envelope, worst cases), and PNG figures",
       run_report},
  };
  return table;
}

}  // namespace dyngen::cli
