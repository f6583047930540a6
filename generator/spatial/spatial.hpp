// Scalar-generic spatial (6D) algebra in the seed's layout [linear; angular] (algorithms.md):
// a motion vector is [v_O; w] (velocity of the frame origin O, angular velocity), an acceleration
// is the classical [a_O; e] (acceleration of O, angular acceleration), a force is [F; n_O] (force,
// moment about O). All are expressed in one body's axes.
//
// Entry points:
//   Vec6<S>, Mat6<S> (3x3 blocks), Axis (axis-aligned motion subspace S, a unit 6-vector),
//   along(S, x) = S x, component(f, S) = S^T f, column(M, S) = M S, project(S, M) = S^T M S,
//   Transform<S>: X from a parent frame to a child frame, stored as (E, r): E rotates parent
//     coordinates to child coordinates, r is the child origin in the parent frame (parent axes);
//     with the structure E = a(q) gamma kept so congruences use rotate_about_axis_congruence.
//   apply_motion(X, m) = X m,  apply_transpose_force(X, f) = X^T f,
//   rotate_to_parent(X, A) = E^T A E,  transform_to_parent(X, I) = X^T I X (rigid or 6x6),
//   RigidInertia<S> {m, h = m c, I_O}: I * a = [m a_O - h x e; h x a_O + I_O e],
//   velocity_product_force(I, w, v) = [w x (w x h); w x (I_O w)].
#pragma once

#include "generator/spatial/special_products.hpp"
#include "generator/spatial/vec3.hpp"

namespace dyngen::spatial {

template <class S>
struct Vec6 {
  Vec3<S> lin;
  Vec3<S> ang;

  S& operator[](int i) { return i < 3 ? lin[i] : ang[i - 3]; }
  const S& operator[](int i) const { return i < 3 ? lin[i] : ang[i - 3]; }
};

template <class S>
Vec6<S> operator+(const Vec6<S>& a, const Vec6<S>& b) {
  return {a.lin + b.lin, a.ang + b.ang};
}

template <class S>
Vec6<S> operator-(const Vec6<S>& a, const Vec6<S>& b) {
  return {a.lin - b.lin, a.ang - b.ang};
}

template <class S>
Vec6<S> operator-(const Vec6<S>& a) {
  return {-a.lin, -a.ang};
}

template <class S>
Vec6<S>& operator+=(Vec6<S>& a, const Vec6<S>& b) {
  a.lin += b.lin;
  a.ang += b.ang;
  return a;
}

template <class S>
Vec6<S> operator*(const S& k, const Vec6<S>& a) {
  return {k * a.lin, k * a.ang};
}

template <class S>
S dot(const Vec6<S>& a, const Vec6<S>& b) {
  return dot(a.lin, b.lin) + dot(a.ang, b.ang);
}

// 6x6 matrix as 3x3 blocks: [[ll, la], [al, aa]] (rows: linear, angular).
template <class S>
struct Mat6 {
  Mat3<S> ll, la, al, aa;

  S& operator()(int i, int j) {
    Mat3<S>& b = i < 3 ? (j < 3 ? ll : la) : (j < 3 ? al : aa);
    return b(i % 3, j % 3);
  }
  const S& operator()(int i, int j) const {
    const Mat3<S>& b = i < 3 ? (j < 3 ? ll : la) : (j < 3 ? al : aa);
    return b(i % 3, j % 3);
  }
};

template <class S>
Mat6<S> operator+(const Mat6<S>& a, const Mat6<S>& b) {
  return {a.ll + b.ll, a.la + b.la, a.al + b.al, a.aa + b.aa};
}

template <class S>
Mat6<S> operator-(const Mat6<S>& a, const Mat6<S>& b) {
  return {a.ll - b.ll, a.la - b.la, a.al - b.al, a.aa - b.aa};
}

template <class S>
Mat6<S>& operator+=(Mat6<S>& a, const Mat6<S>& b) {
  a = a + b;
  return a;
}

template <class S>
Vec6<S> operator*(const Mat6<S>& M, const Vec6<S>& v) {
  return {M.ll * v.lin + M.la * v.ang, M.al * v.lin + M.aa * v.ang};
}

// a b^T
template <class S>
Mat6<S> outer(const Vec6<S>& a, const Vec6<S>& b) {
  return {outer(a.lin, b.lin), outer(a.lin, b.ang), outer(a.ang, b.lin), outer(a.ang, b.ang)};
}

// An axis-aligned motion subspace S (6x1): the unit vector e_index of [linear; angular].
// Products with it are selections: no multiplications.
struct Axis {
  int index = 0;
};

// S x
template <class S>
Vec6<S> along(Axis axis, const S& x) {
  Vec6<S> r;
  r[axis.index] = x;
  return r;
}

// S^T f
template <class S>
const S& component(const Vec6<S>& f, Axis axis) {
  return f[axis.index];
}

// M S
template <class S>
Vec6<S> column(const Mat6<S>& M, Axis axis) {
  Vec6<S> r;
  for (int i = 0; i < 6; ++i) r[i] = M(i, axis.index);
  return r;
}

// S^T M S
template <class S>
const S& project(Axis axis, const Mat6<S>& M) {
  return M(axis.index, axis.index);
}

// Plucker transform from a parent frame to a child frame, X = [[E, -E [r]x], [0, E]].
// E = a gamma where a is the joint rotation about coordinate axis `axis` (identity when axis < 0)
// and gamma a constant rotation (identity when gamma_identity).
template <class S>
struct Transform {
  Mat3<S> E;  // parent coordinates -> child coordinates
  Vec3<S> r;  // child origin in the parent frame, parent axes
  int axis = -1;
  S c = S(1.0);
  S s = S(0.0);
  Mat3<S> gamma = Mat3<S>::identity();
  bool gamma_identity = true;
};

// X m = [E (v + w x r); E w]
template <class S>
Vec6<S> apply_motion(const Transform<S>& X, const Vec6<S>& m) {
  return {X.E * (m.lin + cross(m.ang, X.r)), X.E * m.ang};
}

// X^T f = [E^T F; E^T n + r x E^T F]
template <class S>
Vec6<S> apply_transpose_force(const Transform<S>& X, const Vec6<S>& f) {
  const Vec3<S> F = transpose_times(X.E, f.lin);
  return {F, transpose_times(X.E, f.ang) + cross(X.r, F)};
}

// E^T A E for symmetric A: gamma^T (a^T A a) gamma.
template <class S>
Mat3<S> rotate_to_parent(const Transform<S>& X, const Mat3<S>& A) {
  const Mat3<S> B = X.axis < 0 ? A : rotate_about_axis_congruence(X.axis, X.c, X.s, A);
  if (X.gamma_identity) return B;
  return transpose(X.gamma) * B * X.gamma;
}

// E^T A E for a general A.
template <class S>
Mat3<S> rotate_general_to_parent(const Transform<S>& X, const Mat3<S>& A) {
  return transpose(X.E) * A * X.E;
}

// X^T M X for symmetric M; with M' = blockwise E^T M E and T = [[1, -[r]], [0, 1]]:
// X^T M X = T^T M' T = [[M'll, M'la - M'll [r]], [sym, [r] (M'la - M'll [r]) + M'aa - M'al [r]]].
// The aa block is symmetric: its upper triangle is computed and mirrored (the two triangles are
// equal only after expansion, which the engine does not see through the temporaries of `upper`).
template <class S>
Mat6<S> transform_to_parent(const Transform<S>& X, const Mat6<S>& M) {
  const Mat3<S> ll = rotate_to_parent(X, M.ll);
  const Mat3<S> la = rotate_general_to_parent(X, M.la);
  const Mat3<S> aa = rotate_to_parent(X, M.aa);
  const Mat3<S> rx = skew(X.r);
  const Mat3<S> upper = la - ll * rx;
  Mat3<S> out_aa;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      // ([r] upper + aa - la^T [r])_ij
      S r_upper = rx(i, 0) * upper(0, j);
      S la_r = la(0, i) * rx(0, j);
      for (int k = 1; k < 3; ++k) {
        r_upper = r_upper + rx(i, k) * upper(k, j);
        la_r = la_r + la(k, i) * rx(k, j);
      }
      out_aa(i, j) = r_upper + aa(i, j) - la_r;
      out_aa(j, i) = out_aa(i, j);
    }
  }
  return {ll, upper, transpose(upper), out_aa};
}

// Rigid-body inertia about a frame origin O: mass m, first moment h = m c, rotational inertia I_O.
template <class S>
struct RigidInertia {
  S m = S(0.0);
  Vec3<S> h;
  Mat3<S> I;
};

template <class S>
RigidInertia<S>& operator+=(RigidInertia<S>& a, const RigidInertia<S>& b) {
  a.m = a.m + b.m;
  a.h += b.h;
  a.I += b.I;
  return a;
}

// [[m 1, -[h]x], [[h]x, I_O]]
template <class S>
Mat6<S> to_mat6(const RigidInertia<S>& I) {
  const Mat3<S> hx = skew(I.h);
  return {I.m * Mat3<S>::identity(), -hx, hx, I.I};
}

// I a = [m a_O - h x e; h x a_O + I_O e]
template <class S>
Vec6<S> operator*(const RigidInertia<S>& I, const Vec6<S>& a) {
  return {I.m * a.lin - cross(I.h, a.ang), cross(I.h, a.lin) + I.I * a.ang};
}

// p = [w x (w x h); w x (I_O w)]: the force a rigid body needs at zero classical acceleration
// (Newton-Euler about the body origin: f = I a + p), v = omega_products(w).
template <class S>
Vec6<S> velocity_product_force(const RigidInertia<S>& I, const Vec3<S>& w, const OmegaProducts<S>& v) {
  return {cross_cross(w, I.h, v), cross_inertia(w, I.I, v)};
}

// X^T I X for a rigid-body inertia: h' = E^T h, I' = E^T I_O E, then the shift from the child
// origin to the parent origin (the child origin sits at r): with w = h' + (m/2) r,
//   h_p = h' + m r,  I_p = I' + 2 (r . w) 1 - (r w^T + w r^T)   (= I' - [h']x[r]x - [r]x[h']x - m [r]x[r]x).
template <class S>
RigidInertia<S> transform_to_parent(const Transform<S>& X, const RigidInertia<S>& I) {
  const Vec3<S> h = transpose_times(X.E, I.h);
  const Vec3<S> w = h + (S(0.5) * I.m) * X.r;
  const S two_rw = S(2.0) * dot(X.r, w);
  RigidInertia<S> out{I.m, h + I.m * X.r, rotate_to_parent(X, I.I)};
  for (int i = 0; i < 3; ++i) {
    out.I(i, i) = out.I(i, i) + two_rw;
    for (int j = 0; j < 3; ++j) out.I(i, j) = out.I(i, j) - (X.r[i] * w[j] + w[i] * X.r[j]);
  }
  return out;
}

}  // namespace dyngen::spatial
