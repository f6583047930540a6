// The special products of the symbolic engine's design (spec engine.md), with generic bodies:
//
//   omega_products(w)                       v1..v6 = w1^2, w2^2, w3^2, w1 w2, w1 w3, w2 w3
//   cross_cross(w, r, v)                    w x (w x r) = w (w^T r) - (w^T w) r
//   cross_inertia(w, I, v)                  w x (I w), I symmetric
//   acceleration_operator(e, w, v)          U = [e]x + [w]x[w]x, so U r = e x r + w x (w x r)
//   euler_moment(e, w, I, U, v)             I e + w x (I w) read from U's entries
//   rotate_about_axis_congruence(k, c, s, A)  a^T A a, a = rotation about coordinate axis k, A symmetric
//
// The six products v of one angular velocity serve every triple product with two equal factors
// w (thesis appendix, engine.md); the engine overloads these functions to emit exactly these
// formulas. project(S, M) = S^T M S for an axis-aligned S lives with Axis in spatial.hpp.
#pragma once

#include <array>
#include <cstddef>

#include "generator/spatial/vec3.hpp"

namespace dyngen::spatial {

// Whether the special forms below are used for scalar S. Always for numbers; the engine's Expr
// overloads it (found by argument-dependent lookup) so that its Options can switch the special
// products off and measure what they save.
template <class S>
bool special_products_enabled(const S&) {
  return true;
}

// v[0..5] = w1^2, w2^2, w3^2, w1 w2, w1 w3, w2 w3 (v1..v6 of engine.md).
template <class S>
using OmegaProducts = std::array<S, 6>;

template <class S>
OmegaProducts<S> omega_products(const Vec3<S>& w) {
  return {w[0] * w[0], w[1] * w[1], w[2] * w[2], w[0] * w[1], w[0] * w[2], w[1] * w[2]};
}

namespace detail {
// w_i w_j for i, j in {0, 1, 2}, read from the six products.
template <class S>
const S& omega_product(const OmegaProducts<S>& v, int i, int j) {
  static constexpr int index[3][3] = {{0, 3, 4}, {3, 1, 5}, {4, 5, 2}};
  return v[static_cast<std::size_t>(index[i][j])];
}
}  // namespace detail

// w x (w x r) = w (w^T r) - (w^T w) r; component i = w_i w_m r_m + w_i w_n r_n - (w_m^2 + w_n^2) r_i
// with (i, m, n) cyclic: 9 multiplications given v.
template <class S>
Vec3<S> cross_cross([[maybe_unused]] const Vec3<S>& w, const Vec3<S>& r,
                    const OmegaProducts<S>& v) {
  if (!special_products_enabled(r[0])) return cross(w, cross(w, r));
  const auto p = [&v](int i, int j) -> const S& { return detail::omega_product(v, i, j); };
  Vec3<S> out;
  for (int i = 0; i < 3; ++i) {
    const int m = (i + 1) % 3;
    const int n = (i + 2) % 3;
    out[i] = p(i, m) * r[m] + p(i, n) * r[n] - (p(m, m) + p(n, n)) * r[i];
  }
  return out;
}

// w x (I w) for symmetric I; component i with (i, m, n) cyclic:
//   I_ni w_i w_m - I_im w_i w_n + I_mn (w_m^2 - w_n^2) + (I_nn - I_mm) w_m w_n   (12 products given v)
template <class S>
Vec3<S> cross_inertia([[maybe_unused]] const Vec3<S>& w, const Mat3<S>& I,
                      const OmegaProducts<S>& v) {
  if (!special_products_enabled(I(0, 0))) return cross(w, I * w);
  const auto p = [&v](int i, int j) -> const S& { return detail::omega_product(v, i, j); };
  Vec3<S> out;
  for (int i = 0; i < 3; ++i) {
    const int m = (i + 1) % 3;
    const int n = (i + 2) % 3;
    out[i] = I(n, i) * p(i, m) - I(i, m) * p(i, n) + I(m, n) * (p(m, m) - p(n, n)) +
             (I(n, n) - I(m, m)) * p(m, n);
  }
  return out;
}

// U = [e]x + [w]x[w]x (Khalil & Kleinfinger 1987, "W_j"): U r is the acceleration, relative to
// the body origin, of a point of the body at r (angular acceleration e, angular velocity w). Built
// once per body from the six products it serves every r of the body (the child joints' offsets
// and the first moment h) with 9 multiplications each, instead of 15 for e x r + w x (w x r):
//   U_ii = -(w_m^2 + w_n^2),  U_im = w_i w_m - e_n,  U_in = w_i w_n + e_m   ((i, m, n) cyclic).
template <class S>
Mat3<S> acceleration_operator(const Vec3<S>& e, [[maybe_unused]] const Vec3<S>& w, const OmegaProducts<S>& v) {
  if (!special_products_enabled(e[0])) {
    const Mat3<S> wx = skew(w);
    return skew(e) + wx * wx;
  }
  const auto p = [&v](int i, int j) -> const S& { return detail::omega_product(v, i, j); };
  Mat3<S> U;
  for (int i = 0; i < 3; ++i) {
    const int m = (i + 1) % 3;
    const int n = (i + 2) % 3;
    U(i, i) = -(p(m, m) + p(n, n));
    U(i, m) = p(i, m) - e[n];
    U(i, n) = p(i, n) + e[m];
  }
  return U;
}

// I e + w x (I w) for symmetric I, read from U = acceleration_operator(e, w, v): with (i, m, n)
// cyclic, I_ni (e_n + w_i w_m) = I_ni U_mi and I_im (e_m - w_i w_n) = -I_im U_ni, so component i is
//   I_ii e_i + I_ni U_mi - I_im U_ni + I_mn (w_m^2 - w_n^2) + (I_nn - I_mm) w_m w_n
// (15 multiplications given U and v, instead of 21 for I e and cross_inertia).
template <class S>
Vec3<S> euler_moment(const Vec3<S>& e, const Vec3<S>& w, const Mat3<S>& I, const Mat3<S>& U,
                     const OmegaProducts<S>& v) {
  if (!special_products_enabled(e[0])) return I * e + cross(w, I * w);
  const auto p = [&v](int i, int j) -> const S& { return detail::omega_product(v, i, j); };
  Vec3<S> out;
  for (int i = 0; i < 3; ++i) {
    const int m = (i + 1) % 3;
    const int n = (i + 2) % 3;
    out[i] = I(i, i) * e[i] + I(n, i) * U(m, i) - I(i, m) * U(n, i) + I(m, n) * (p(m, m) - p(n, n)) +
             (I(n, n) - I(m, m)) * p(m, n);
  }
  return out;
}

// The direction-cosine matrix a of a rotation by q about coordinate axis k (p_child = a p_parent):
// a_kk = 1, a_mm = a_nn = c, a_mn = s, a_nm = -s with m = k+1, n = k+2 (mod 3), c = cos q, s = sin q.
template <class S>
Mat3<S> axis_rotation(int k, const S& c, const S& s) {
  const int m = (k + 1) % 3;
  const int n = (k + 2) % 3;
  Mat3<S> a;
  a(k, k) = S(1.0);
  a(m, m) = c;
  a(n, n) = c;
  a(m, n) = s;
  a(n, m) = -s;
  return a;
}

// B = a^T A a for symmetric A and a = axis_rotation(k, c, s). Columns of a: e_k, c e_m - s e_n,
// s e_m + c e_n. With s^2 = 1 - c^2 the m,n block needs c^2 and s c only: with d = A_mm - A_nn,
//   X = d c^2 - 2 s c A_mn,  B_mm = A_nn + X,  B_nn = A_mm - X  (the block's trace is kept),
//   B_mn = s c d + (2 c^2 - 1) A_mn,
// and B_kk = A_kk,  B_km = c A_km - s A_kn,  B_kn = s A_km + c A_kn.
template <class S>
Mat3<S> rotate_about_axis_congruence(int k, const S& c, const S& s, const Mat3<S>& A) {
  if (!special_products_enabled(c)) {
    const Mat3<S> a = axis_rotation(k, c, s);
    return transpose(a) * A * a;
  }
  const int m = (k + 1) % 3;
  const int n = (k + 2) % 3;
  const S cc = c * c;
  const S sc = s * c;
  const S d = A(m, m) - A(n, n);
  const S X = d * cc - S(2.0) * sc * A(m, n);
  Mat3<S> B;
  B(k, k) = A(k, k);
  B(k, m) = c * A(k, m) - s * A(k, n);
  B(k, n) = s * A(k, m) + c * A(k, n);
  B(m, m) = A(n, n) + X;
  B(n, n) = A(m, m) - X;
  B(m, n) = sc * d + (S(2.0) * cc - S(1.0)) * A(m, n);
  B(m, k) = B(k, m);
  B(n, k) = B(k, n);
  B(n, m) = B(m, n);
  return B;
}

}  // namespace dyngen::spatial
