#include "elastic/axial_force.hpp"

namespace dyngen::elastic {

double AxialForce::value(double xi) const {
  return root + root_acceleration_excess * xi - 0.5 * angular_rate * angular_rate * xi * xi;
}

double AxialForce::slope(double xi) const { return root_acceleration_excess - angular_rate * angular_rate * xi; }

}  // namespace dyngen::elastic
