// A docking scenario as read from its file (scenario_file.hpp; format in README.md): the mechanism
// (active unit) and how its bodies carry the contact geometry's buffer links, the two spacecraft
// with their ports and port modes, the transmissions with hysteresis and the drives acting on
// mechanism coordinates, the initial conditions at first contact (each a nominal value and a
// distribution for campaigns), the integrator, the stop conditions and what to record.
// Plain data: every name that refers into another file (a body, a coordinate, a link) keeps the
// position of its field, so a wrong reference is reported at the scenario's line and column.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "hysteresis/piecewise_linear.hpp"
#include "hysteresis/variable_parameter.hpp"

namespace dyngen::simulation {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

// A name referring into the mechanism or the contact geometry, with where the scenario gives it.
struct Reference {
  std::string name;
  std::string where;  // "file:line:column"
};

// One initial condition: the nominal value a single run uses, and the distribution a campaign
// samples (campaign/distribution.hpp text, e.g. "normal(0, 0.05, -0.15, 0.15)"; empty: fixed).
struct InitialValue {
  double value = 0.0;
  std::string distribution;
  std::string where;
};

struct PortMode {
  double frequency = 0.0;  // rad/s
  double damping = 0.0;    // ratio
  Eigen::Matrix<double, 6, 1> participation = Eigen::Matrix<double, 6, 1>::Zero();  // d, theta per unit eta, body axes
};

struct SpacecraftSpec {
  double mass = 0.0;              // kg
  Mat3 inertia = Mat3::Zero();    // kg m^2 about the CoM, body axes
  Vec3 port_position = Vec3::Zero();       // CoM -> port origin, body axes
  Mat3 port_to_body = Mat3::Identity();    // port axes -> body axes
  std::vector<PortMode> modes;
};

// A buffer link of the contact geometry carried by a mechanism body: the link frame B_j in the
// body frame, p_body = position + rotation p_link.
struct LinkCarrier {
  Reference link;
  Reference body;
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
};

// A transmission with hysteresis on one coordinate (thesis ch. III): its deflection
// x = sign (q - reference) gives the force F(x) it transmits, which resists: tau += -sign F.
struct Transmission {
  Reference coordinate;
  double reference = 0.0;
  double sign = 1.0;
  enum class Model { piecewise_linear, variable } model = Model::piecewise_linear;
  hysteresis::PiecewiseLinearParameters piecewise_linear;
  hysteresis::VariableParameters variable;
};

// A drive on one actuated coordinate (a retraction drive): from its start (capture, or a time) it
// moves a reference q_r(t) from where the coordinate was towards `end_position` at `speed`, and
// follows it with
//   tau = gain (dq_r/dt - qd) + stiffness (q_r - q), limited to +-max_force;
// once q_r has reached the end position (the end of its retraction) it holds it there.
struct Drive {
  Reference coordinate;
  enum class Start { capture, time } start = Start::capture;
  double start_time = 0.0;  // s after capture, or from t = 0
  double speed = 0.0;       // m/s or rad/s
  double gain = 0.0;        // N s/m or N m s/rad
  double stiffness = 0.0;   // N/m or N m/rad
  double max_force = 0.0;   // N or N m
  double end_position = 0.0;
  bool end_at_reference = false;  // `end_position: reference`: the coordinate's reference configuration
};

// An end stop of one actuated coordinate: beyond [lower, upper] a one-sided spring and damper
// pushes it back, tau = -k (q - limit) - c qd, never pulling.
struct Stop {
  Reference coordinate;
  double lower = -std::numeric_limits<double>::infinity(), upper = std::numeric_limits<double>::infinity();
  double stiffness = 0.0, damping = 0.0;
};

struct IntegratorSpec {
  std::string method = "rk4";  // rk4, abm, rk45 (adaptive Dormand-Prince), cvode
  double step = 1e-4;          // s (rk4, abm); rk45: the largest step; cvode: the output step
  double relative_tolerance = 1e-8, absolute_tolerance = 1e-10;  // rk45, cvode
  double coupling_tolerance = 1e-12;  // relative change of the base's acceleration between coupling iterations
  int coupling_iterations = 8;        // at most, per evaluation
};

struct StopSpec {
  double duration = 1.0;  // s
  double after_capture = std::numeric_limits<double>::infinity();     // s after capture
  double after_retraction = std::numeric_limits<double>::infinity();  // s after the end of retraction
  // stop when the units have separated this far along X_PU after a contact (no capture possible)
  double separation = std::numeric_limits<double>::infinity();  // m
};

struct RecordSpec {
  double interval = 1e-3;          // s between history rows (every step when the step is longer)
  double diagram_interval = 1e-2;  // s between diagram frames
};

struct Scenario {
  std::string file;  // the scenario file (paths in it are relative to its folder)
  std::string text;  // its text with the overrides applied (stored with campaigns)
  std::string name, description;

  std::string model;       // mechanism file, resolved
  std::string kernels = "generated";  // generated | numeric
  std::map<std::string, double> model_parameters;  // values replacing the model file's parameters
  std::map<std::string, double> initial_coordinates;  // independent coordinates by name
  std::map<std::string, std::string> initial_coordinate_where;
  Mat3 aligned_axes = Mat3::Identity();  // the mechanism base's axes in PU when the units are aligned (columns)

  std::string geometry;  // contact geometry file, resolved
  std::vector<LinkCarrier> links;

  SpacecraftSpec active, passive;
  std::vector<Transmission> transmissions;
  std::vector<Drive> drives;
  std::vector<Stop> stops;

  // initial.* values by their key (lateral_miss, miss_direction, angular_misalignment,
  // misalignment_direction, closing_velocity, lateral_velocity, lateral_velocity_direction,
  // angular_rate, angular_rate_direction, axial_position)
  std::map<std::string, InitialValue> initial;
  Reference reference_point;  // the mechanism point the initial position and velocity refer to

  IntegratorSpec integrator;
  StopSpec stop;
  RecordSpec record;
};

}  // namespace dyngen::simulation
