// Generation of the generatrix segments of an approximated conical petal surface (contact preprint
// sec. 3, fig. 12: 2^N + 1 segments, lengths limited by the flat side faces).
#include "contact/pairs.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace dyngen::contact {

ApproximatedCone make_approximated_cone(const ApproximatedConeSpec& spec) {
  if (spec.levels < 1 || spec.levels > 16)
    throw std::invalid_argument("approximated cone: levels N = " + std::to_string(spec.levels) +
                                ", expected 1..16 (2^N + 1 generatrices)");
  ApproximatedCone cone;
  cone.levels = spec.levels;
  cone.base_x = spec.base_x;
  cone.base_radius = spec.base_radius;
  cone.azimuth_begin = spec.azimuth_begin;
  cone.azimuth_end = spec.azimuth_end;
  cone.direction = spec.direction;
  cone.apex_x = spec.base_x + spec.direction * spec.base_radius / std::tan(spec.half_angle);
  const int count = (1 << spec.levels) + 1;
  cone.starts.resize(count);
  cone.vectors.resize(count);
  const double sin_a = std::sin(spec.half_angle), cos_a = std::cos(spec.half_angle);
  const auto start = [&](double phi) {
    return Vec3(spec.base_x, spec.base_radius * std::cos(phi), spec.base_radius * std::sin(phi));
  };
  const Vec3 middle = start(0.5 * (spec.azimuth_begin + spec.azimuth_end));
  // side-face planes (point, normal) with the normal pointing out of the petal
  std::vector<std::pair<Vec3, Vec3>> faces;
  for (const auto& t : spec.side_faces) {
    Vec3 n = (t[1] - t[0]).cross(t[2] - t[0]).normalized();
    if (n.dot(middle - t[0]) > 0.0) n = -n;
    faces.emplace_back(t[0], n);
  }
  for (int i = 0; i < count; ++i) {
    const double phi = spec.azimuth_begin + (spec.azimuth_end - spec.azimuth_begin) * i / (count - 1);
    const Vec3 s = start(phi);
    // u_i = (dir cos a, -sin a cos phi, -sin a sin phi)
    const Vec3 u(spec.direction * cos_a, -sin_a * std::cos(phi), -sin_a * std::sin(phi));
    double length = spec.max_length;
    for (const auto& [p, n] : faces) {
      const double rate = u.dot(n);
      // the generatrix leaves the petal where it crosses a face plane outwards
      if (rate > 0.0) length = std::min(length, n.dot(p - s) / rate);
    }
    if (!(length > 0.0))
      throw std::invalid_argument("approximated cone: generatrix " + std::to_string(i) +
                                  " starts outside the petal's side faces (length " + std::to_string(length) + ")");
    cone.starts[i] = s;
    cone.vectors[i] = length * u;
  }
  // the bounding sphere about the middle of the generatrices' box
  Eigen::AlignedBox3d box;
  for (int i = 0; i < count; ++i) box.extend(cone.starts[i]).extend(cone.starts[i] + cone.vectors[i]);
  cone.bound_center = box.center();
  for (int i = 0; i < count; ++i)
    cone.bound_radius = std::max({cone.bound_radius, (cone.starts[i] - cone.bound_center).norm(),
                                  (cone.starts[i] + cone.vectors[i] - cone.bound_center).norm()});
  return cone;
}

}  // namespace dyngen::contact
