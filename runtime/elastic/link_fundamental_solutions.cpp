#include "elastic/link_fundamental_solutions.hpp"

#include <stdexcept>

namespace dyngen::elastic {

namespace {

// The four Cauchy problems side by side: column j of Y is y of solution j (q, 8, 9, 10).
using Solutions = Eigen::Matrix4d;

// Y' = A(xi) Y + e_4 f(xi), with A the companion matrix of w'''' = N w'' + N' w' - c w and
// f(xi) = (known load, 0, -1, xi) for the columns (q, 8, 9, 10).
Solutions derivative(double xi, double known_load, double c, const AxialForce& axial_force, const Solutions& y) {
  Solutions dy;
  dy.topRows<3>() = y.bottomRows<3>();
  dy.row(3) = -c * y.row(0) + axial_force.slope(xi) * y.row(1) + axial_force.value(xi) * y.row(2);
  dy(3, 0) += known_load;
  dy(3, 2) += -1.0;
  dy(3, 3) += xi;
  return dy;
}

void store(int station, const Solutions& y, FundamentalSolutions& out) {
  out.particular.row(station) = y.col(0).transpose();
  out.unit_root_shear.row(station) = y.col(1).transpose();
  out.unit_origin_acceleration.row(station) = y.col(2).transpose();
  out.unit_angular_acceleration.row(station) = y.col(3).transpose();
}

}  // namespace

FundamentalSolutions integrate_fundamental_solutions(double c, const AxialForce& axial_force, double root_curvature,
                                                     const StationLoad& load, int segments) {
  if (segments < 1) throw std::invalid_argument("integrate_fundamental_solutions: segments must be >= 1");
  const bool has_station_load = load.values.size() > 0;
  if (has_station_load && (load.values.size() != segments + 1 || load.slopes.size() != segments + 1)) {
    throw std::invalid_argument("integrate_fundamental_solutions: the station load needs segments + 1 values and slopes");
  }
  const double d = 1.0 / segments;
  const auto known_load_at_station = [&](int i) { return load.uniform + (has_station_load ? load.values[i] : 0.0); };
  // cubic Hermite midpoint: r(xi_i + d/2) = (r_i + r_i+1) / 2 + d (r'_i - r'_i+1) / 8
  const auto known_load_at_midpoint = [&](int i) {
    if (!has_station_load) return load.uniform;
    return load.uniform + 0.5 * (load.values[i] + load.values[i + 1]) + d * (load.slopes[i] - load.slopes[i + 1]) / 8.0;
  };

  FundamentalSolutions out;
  for (Eigen::MatrixX4d* m : {&out.particular, &out.unit_root_shear, &out.unit_origin_acceleration,
                              &out.unit_angular_acceleration}) {
    m->resize(segments + 1, 4);
  }
  Solutions y = Solutions::Zero();
  y(2, 0) = root_curvature;  // w^q: w''(0) = M-bar
  y(3, 1) = 1.0;             // w^8: w'''(0) = 1
  store(0, y, out);
  for (int i = 0; i < segments; ++i) {
    const double xi = i * d;
    const double load_start = known_load_at_station(i);
    const double load_middle = known_load_at_midpoint(i);
    const double load_end = known_load_at_station(i + 1);
    // classical Runge-Kutta step (Kutta 1901), as the seed integrates its Cauchy problems
    const Solutions k1 = derivative(xi, load_start, c, axial_force, y);
    const Solutions k2 = derivative(xi + 0.5 * d, load_middle, c, axial_force, y + 0.5 * d * k1);
    const Solutions k3 = derivative(xi + 0.5 * d, load_middle, c, axial_force, y + 0.5 * d * k2);
    const Solutions k4 = derivative(xi + d, load_end, c, axial_force, y + d * k3);
    y += d / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    store(i + 1, y, out);
  }
  return out;
}

}  // namespace dyngen::elastic
