#include "elastic/natural_frequencies.hpp"

#include "elastic/level_problem.hpp"
#include "elastic/link_fundamental_solutions.hpp"

#include <cmath>

namespace dyngen::elastic {

double clamped_link_determinant(double frequency, double tip_mass, int segments) {
  const double c = -frequency * frequency;
  // w^q with w''(0) = 1 (the torque's slot as the unknown root moment) and w^8 with w'''(0) = 1
  const FundamentalSolutions w = integrate_fundamental_solutions(c, AxialForce{}, 1.0, StationLoad{}, segments);
  const auto tip_conditions = [&](const Eigen::MatrixX4d& solution) {
    const Eigen::RowVector4d y = solution.row(segments);
    // w''(1) and -w'''(1) - tip_mass Omega^2 w(1)  (F(1) = -m a(1), a = -Omega^2 w)
    return Eigen::Vector2d(y[2], -y[3] - tip_mass * frequency * frequency * y[0]);
  };
  Eigen::Matrix2d a;
  a << tip_conditions(w.particular), tip_conditions(w.unit_root_shear);
  return a.determinant();
}

double hinged_chain_determinant(double frequency, int links, double tip_mass, int segments) {
  LevelInput input;
  input.acceleration_coefficient = -frequency * frequency;
  input.tip_mass = tip_mass;
  input.segments = segments;
  input.links.assign(links, LinkLevelInput{});
  return LevelProblem(input).matrix().determinant();
}

std::vector<double> determinant_roots(const std::function<double(double)>& determinant, double low, double high,
                                      int intervals) {
  std::vector<double> roots;
  const double width = (high - low) / intervals;
  double left = low, f_left = determinant(low);
  for (int i = 1; i <= intervals; ++i) {
    const double right = low + i * width;
    const double f_right = determinant(right);
    if (f_left == 0.0) {
      roots.push_back(left);
    } else if (f_left * f_right < 0.0) {
      double a = left, b = right, f_a = f_left;
      while (b - a > 1e-14 * std::abs(b)) {
        const double middle = 0.5 * (a + b);
        const double f_middle = determinant(middle);
        if (f_middle == 0.0) a = b = middle;
        else if (f_a * f_middle < 0.0) b = middle;
        else {
          a = middle;
          f_a = f_middle;
        }
      }
      roots.push_back(0.5 * (a + b));
    }
    left = right;
    f_left = f_right;
  }
  return roots;
}

}  // namespace dyngen::elastic
