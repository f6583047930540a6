// A scenario of the elastic manipulator (`type: elastic_manipulator`, read by `dyngen simulate`):
// the manipulator in the seed's dimensionless parameters, the hinge torques, the initial hinge
// angles, the method and its discretisation, an optional cross-check by the other method, what to
// record. Every default is the seed's example (models/scenarios/elastic_two_link.yaml documents the
// file; README "Scenario file" lists the keys).
//
// The seed's parameters and how its printed values are read ("Результаты исследования"):
//   rho l^2 / (E g) = 3.049e-5 s^2   printed "rho l / E g = 3.049e-9": a time squared needs l^2, and the
//                                    exponent is read as -5. With -9 the time unit T would be 1e-4 s
//                                    and the torques would turn the links 1e4 times faster (our run
//                                    of it leaves the small deflections at 0.16 s); with -5 the
//                                    links come back into line (phi_1 - phi_2 = -2 pi) at 4.045 s,
//                                    where the seed's figure 2 shows them in line at about 4.06 s
//   J / (l^2 F)     = 3.066e-1
//   m / (rho l F)   = 8.11e-1        the tip body over a link's mass (rho a specific weight)
//   q l / (E F)     = 3.666e-7       the gradient load, along -Z (eq. 2)
// hence T^2 = rho F l^4 / (g E J) = (rho l^2 / (E g)) / (J / (l^2 F)) = 9.945e-5 s^2 (T = 9.97 ms)
// and q l^3 / (E J) = (q l / (E F)) / (J / (l^2 F)) = 1.196e-6 (manipulator.hpp's units).
#pragma once

#include "elastic/manipulator.hpp"
#include "elastic/transfer_matrix_houbolt.hpp"

#include <yaml-cpp/yaml.h>

#include <array>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace dyngen::elastic {

// A bad scenario: what() is "file:line:column: error: <field>: <what is wrong and what would be valid>"
// ("file: error: ..." for a value without a position in the file, e.g. one set on the command line).
class ElasticScenarioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The torque M-bar = l M^e / (E J) of one hinge, t in seconds. Every law starts from zero at t = 0
// (the run starts from rest in equilibrium).
struct TorqueLaw {
  enum class Kind { one_minus_cos, sine, table };
  Kind kind = Kind::one_minus_cos;
  double amplitude = 6.179e-5;  // one_minus_cos: a (1 - cos w t); sine: a sin w t
  double frequency = 6.0;       // w [rad/s]
  // table: (t [s], M-bar) with t increasing from 0 and M-bar(0) = 0, linear between points, the last
  // value held after the last point
  std::vector<std::array<double, 2>> points;

  double operator()(double seconds) const;
};

enum class ElasticMethod { transfer_matrix, finite_element };

struct ElasticScenario {
  std::string file;  // the scenario file, named in the summary
  std::string description;

  // the manipulator (the seed's parameters, above)
  int links = 2;
  double inertia_parameter = 3.049e-5;   // rho l^2 / (E g) [s^2]
  double section_ratio = 3.066e-1;       // J / (l^2 F)
  double tip_mass = 8.11e-1;             // m / (rho l F)
  double gradient_parameter = 3.666e-7;  // q l / (E F), along -Z
  bool axial_force_stiffening = true;    // the -(N w')' term of eqs. (6), (13)
  std::vector<TorqueLaw> torques = {TorqueLaw{}, TorqueLaw{}};  // one per hinge, hinge 1 at the platform
  std::vector<double> initial_hinge_angles = {0.0, 0.0};        // psi_n(0) [rad], one per hinge

  // the run
  ElasticMethod method = ElasticMethod::transfer_matrix;
  double duration = 4.2;  // s
  double step = 2.5e-3;   // s, of `method`
  int segments = 100;     // transfer_matrix: Runge-Kutta segments per link
  AxialForceLevel axial_force = AxialForceLevel::previous;  // transfer_matrix: N of eq. (13)
  int elements = 8;                   // finite_element: Hermite elements per link
  bool deflection_transport = false;  // finite_element: finite_element_model.hpp
  bool cross_check = false;           // also run the other method, at cross_check_step
  double cross_check_step = 2.5e-4;   // s
  // s between history rows, a whole number of steps of both methods (none: every step of `method`)
  std::optional<double> record_interval;
};

// T = sqrt((rho l^2 / (E g)) / (J / (l^2 F))) [s]
double time_scale(const ElasticScenario& scenario);
// The manipulator of manipulator.hpp: T, q l^3 / (E J), the tip body, the torque laws
// (std::invalid_argument unless there is one law per hinge).
Manipulator scenario_manipulator(const ElasticScenario& scenario);
// Steps of `method` from 0 to the duration (rounded up to a whole step).
long total_steps(const ElasticScenario& scenario);
// Steps of `method` (of the cross-check's method when `cross_check`) per history row.
long steps_per_row(const ElasticScenario& scenario, bool cross_check);

// The scenario in `root` (the YAML document of `file`, after any command-line overrides). Every key is
// optional but `type: elastic_manipulator`; unknown keys are errors. ElasticScenarioError on the first
// fault.
ElasticScenario read_elastic_scenario(const YAML::Node& root, const std::string& file);

struct ElasticRunOutcome {
  bool completed = false;   // the method reached the duration
  std::string status;       // "completed" or "failed: <diagnostic naming the time and the cause>"
  double end_time = 0.0;    // s, the last time the method reached
  long steps = 0;           // of the method
  std::string cross_check_status;  // as status; empty without a cross-check
};

// Runs the scenario into the run directory `out_dir` (created; files of the same names replaced):
// history.csv, events.csv and summary.json as tools/report/README.md specifies (run_directory.hpp),
// with the cross-check's run directory in out_dir/cross_check and its largest differences in the
// summary. Rows are written as the run goes; a run that fails (a method that cannot start or
// step, a non-finite state, a deflection beyond 0.1 l) stops with its diagnostic, naming the time
// and the cause, in the summary and events, and keeps what it wrote. `progress` (may be empty)
// gets the method's simulated time [s] after every step. std::invalid_argument, before anything is
// written, for a scenario without one torque law per hinge; std::runtime_error or
// std::filesystem::filesystem_error when out_dir cannot be written.
ElasticRunOutcome run_elastic_scenario(const ElasticScenario& scenario, const std::filesystem::path& out_dir,
                                       const std::function<void(double seconds)>& progress = {});

}  // namespace dyngen::elastic
