#include "berthing/inverse_kinematics.hpp"

#include "berthing/damped_least_squares.hpp"

namespace dyngen::berthing {

InverseKinematicsResult inverse_kinematics(RingKinematics& ring, const Placement& target, std::vector<double>& q,
                                           int max_iterations) {
  constexpr double kTolerance = 1e-10;
  const DampingSchedule newton{1e300, 1e-6};  // always the small damping mu
  const std::vector<double> rest(q.size(), 0.0);
  Jacobian J;
  Eigen::VectorXd step;
  InverseKinematicsResult result;
  for (result.iterations = 0; result.iterations <= max_iterations; ++result.iterations) {
    const RingMotion m = ring.motion(q.data(), rest.data());
    const Eigen::AngleAxisd turn(target.rotation * m.rotation.transpose());
    Twist e;
    e << target.position - m.position, turn.angle() * turn.axis();
    result.error = e.norm();
    if (result.error <= kTolerance) {
      result.converged = true;
      break;
    }
    if (result.iterations == max_iterations) break;
    ring.jacobian(q.data(), J);
    damped_least_squares(J, e, newton, step);
    for (std::size_t i = 0; i < q.size(); ++i) q[i] += step[static_cast<Eigen::Index>(i)];
  }
  return result;
}

}  // namespace dyngen::berthing
