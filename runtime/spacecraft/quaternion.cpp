// Unit quaternions, scalar first, body -> inertial (Schaub & Junkins, ch. 3).
#include "spacecraft/quaternion.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace dyngen::spacecraft {

Quaternion quaternion_product(const Quaternion& p, const Quaternion& q) {
  const double p0 = p(0), q0 = q(0);
  const Vec3 pv = p.tail<3>(), qv = q.tail<3>();
  Quaternion r;
  r(0) = p0 * q0 - pv.dot(qv);
  r.tail<3>() = p0 * qv + q0 * pv + pv.cross(qv);
  return r;
}

Mat3 rotation_matrix(const Quaternion& q) {
  const double w = q(0), x = q(1), y = q(2), z = q(3);
  Mat3 r;
  // R = (q0^2 - |e|^2) I + 2 e e^T + 2 q0 [e]x, with q0^2 + |e|^2 = 1
  r << 1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y - w * z), 2.0 * (x * z + w * y),
       2.0 * (x * y + w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z - w * x),
       2.0 * (x * z - w * y), 2.0 * (y * z + w * x), 1.0 - 2.0 * (x * x + y * y);
  return r;
}

Quaternion quaternion_rate(const Quaternion& q, const Vec3& body_angular_velocity) {
  Quaternion omega;
  omega << 0.0, body_angular_velocity;
  return 0.5 * quaternion_product(q, omega);
}

Quaternion quaternion_from_rotation_vector(const Vec3& theta) {
  const double angle = theta.norm();
  // sin(a/2)/a, by its series below a = 1e-4 where the next term (a^4/3840) is below rounding
  const double half_sine_over_angle = angle < 1e-4 ? 0.5 - angle * angle / 48.0 : std::sin(0.5 * angle) / angle;
  Quaternion q;
  q << std::cos(0.5 * angle), half_sine_over_angle * theta;
  return q;
}

Quaternion normalized_quaternion(const Quaternion& q) {
  const double norm = q.norm();
  if (!(norm > 0.0) || !std::isfinite(norm))
    throw std::domain_error("attitude quaternion of norm " + std::to_string(norm) +
                            " cannot be renormalised; the integration has diverged (reduce the step)");
  return q / norm;
}

}  // namespace dyngen::spacecraft
