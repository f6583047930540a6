#include "simulation/initial_conditions.hpp"

#include <cmath>

namespace dyngen::simulation {

Vec3 lateral_direction(double angle) { return {0.0, std::cos(angle), std::sin(angle)}; }

InitialStates initial_states(const Scenario& s, const Vec3& reference_point) {
  const auto value = [&](const char* key) { return s.initial.at(key).value; };
  InitialStates out;
  // passive spacecraft at rest, body axes inertial: PU = its port
  const Mat3 R_PU = s.passive.port_to_body;
  const Vec3 r_PU = s.passive.port_position;

  // the base's attitude in PU: the aligned axes turned by the misalignment
  const Mat3 misalignment =
      Eigen::AngleAxisd(value("angular_misalignment"), lateral_direction(value("misalignment_direction"))).toRotationMatrix();
  const Mat3 base_in_PU = misalignment * s.aligned_axes;
  // the reference point where the initial conditions put it; the base origin follows
  const Vec3 reference_in_PU = Vec3(value("axial_position"), 0.0, 0.0) +
                               value("lateral_miss") * lateral_direction(value("miss_direction"));
  const Vec3 base_origin_in_PU = reference_in_PU - base_in_PU * reference_point;

  // the active port is the base: port_to_inertial = R_1 port_to_body, origin r_C + R_1 l
  const Mat3 base_to_inertial = R_PU * base_in_PU;
  const Mat3 R_1 = base_to_inertial * s.active.port_to_body.transpose();
  const Vec3 base_origin = r_PU + R_PU * base_origin_in_PU;
  out.active.position = base_origin - R_1 * s.active.port_position;
  const Eigen::Quaterniond attitude(R_1);
  out.active.attitude = spacecraft::Quaternion(attitude.w(), attitude.x(), attitude.y(), attitude.z());

  // velocities: the reference point's, and the turn rate, given in PU; the CoM's follows
  const Vec3 omega = R_PU * (value("angular_rate") * lateral_direction(value("angular_rate_direction")));
  const Vec3 reference_velocity =
      R_PU * (value("closing_velocity") * Vec3::UnitX() +
              value("lateral_velocity") * lateral_direction(value("lateral_velocity_direction")));
  const Vec3 reference = r_PU + R_PU * reference_in_PU;
  out.active.velocity = reference_velocity - omega.cross(reference - out.active.position);
  out.active.angular_velocity = R_1.transpose() * omega;
  return out;
}

}  // namespace dyngen::simulation
