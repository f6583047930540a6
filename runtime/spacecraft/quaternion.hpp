// Unit quaternions for spacecraft attitude (Hamilton product; Schaub & Junkins, Analytical
// Mechanics of Space Systems, ch. 3 "Euler parameters", whose beta_0 is our scalar part).
//
// Convention of the whole module:
//   q = [q0, q1, q2, q3] = [cos(a/2), sin(a/2) e]   scalar FIRST, e the unit rotation axis;
//   q rotates BODY axes into INERTIAL axes: x_inertial = rotation_matrix(q) x_body.
// The direction-cosine matrix A_C of the contact preprint (x_C = A_C x_I) is rotation_matrix(q)^T.
// Eigen::Quaterniond stores its scalar last; it is not used, so the order is never ambiguous.
#pragma once

#include "spacecraft/vectors.hpp"

namespace dyngen::spacecraft {

using Quaternion = Eigen::Vector4d;

// p (x) q = [p0 q0 - p.q;  p0 q + q0 p + p x q]; rotation_matrix(p (x) q) = R(p) R(q).
Quaternion quaternion_product(const Quaternion& p, const Quaternion& q);

// R(q), body -> inertial; orthonormal only for a unit q.
Mat3 rotation_matrix(const Quaternion& q);

// dq/dt = 1/2 q (x) [0; omega] for the angular velocity omega in BODY axes.
Quaternion quaternion_rate(const Quaternion& q, const Vec3& body_angular_velocity);

// The rotation by the angle |theta| about theta / |theta| (the identity for theta = 0).
Quaternion quaternion_from_rotation_vector(const Vec3& theta);

// q / |q|; throws std::domain_error for a zero or non-finite q (a diverged integration).
Quaternion normalized_quaternion(const Quaternion& q);

}  // namespace dyngen::spacecraft
