// Scalar-generic 3-vectors and 3x3 matrices (namespace dyngen::spatial).
//
// Entry points: Vec3<S>, Mat3<S>; +, -, scalar *, dot, cross, skew, Mat3 * Vec3,
// transpose_times (E^T v without forming E^T), Mat3 * Mat3, transpose, congruence (R A R^T for a
// symmetric A), outer.
// Bodies use only +, -, *, / and construct constants as S(value), so S may be double, GiNaC::ex
// or the engine's expression type; nothing branches on a scalar's value.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

namespace dyngen::spatial {

template <class S>
struct Vec3 {
  std::array<S, 3> e{S(0.0), S(0.0), S(0.0)};

  Vec3() = default;
  Vec3(S x, S y, S z) : e{std::move(x), std::move(y), std::move(z)} {}

  S& operator[](int i) { return e[static_cast<std::size_t>(i)]; }
  const S& operator[](int i) const { return e[static_cast<std::size_t>(i)]; }
};

// Row-major 3x3 matrix.
template <class S>
struct Mat3 {
  std::array<std::array<S, 3>, 3> m{{{S(0.0), S(0.0), S(0.0)},
                                     {S(0.0), S(0.0), S(0.0)},
                                     {S(0.0), S(0.0), S(0.0)}}};

  S& operator()(int i, int j) { return m[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; }
  const S& operator()(int i, int j) const {
    return m[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  }

  static Mat3 identity() {
    Mat3 r;
    for (int i = 0; i < 3; ++i) r(i, i) = S(1.0);
    return r;
  }
};

template <class S>
Vec3<S> operator+(const Vec3<S>& a, const Vec3<S>& b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}

template <class S>
Vec3<S> operator-(const Vec3<S>& a, const Vec3<S>& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}

template <class S>
Vec3<S> operator-(const Vec3<S>& a) {
  return {-a[0], -a[1], -a[2]};
}

template <class S>
Vec3<S>& operator+=(Vec3<S>& a, const Vec3<S>& b) {
  for (int i = 0; i < 3; ++i) a[i] = a[i] + b[i];
  return a;
}

template <class S>
Vec3<S>& operator-=(Vec3<S>& a, const Vec3<S>& b) {
  for (int i = 0; i < 3; ++i) a[i] = a[i] - b[i];
  return a;
}

template <class S>
Vec3<S> operator*(const S& k, const Vec3<S>& a) {
  return {k * a[0], k * a[1], k * a[2]};
}

template <class S>
Vec3<S> operator*(const Vec3<S>& a, const S& k) {
  return {a[0] * k, a[1] * k, a[2] * k};
}

template <class S>
S dot(const Vec3<S>& a, const Vec3<S>& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// a x b
template <class S>
Vec3<S> cross(const Vec3<S>& a, const Vec3<S>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// w x e_k for the unit vector e_k of coordinate axis k: a selection with one sign, no products.
// (w x e_k)_m = w_n, (w x e_k)_n = -w_m, (w x e_k)_k = 0 with m = k+1, n = k+2 (mod 3).
template <class S>
Vec3<S> cross_unit(const Vec3<S>& w, int k) {
  const int m = (k + 1) % 3;
  const int n = (k + 2) % 3;
  Vec3<S> r;
  r[m] = w[n];
  r[n] = -w[m];
  return r;
}

// [a]x such that skew(a) * b = a x b.
template <class S>
Mat3<S> skew(const Vec3<S>& a) {
  Mat3<S> r;
  r(0, 1) = -a[2];
  r(0, 2) = a[1];
  r(1, 0) = a[2];
  r(1, 2) = -a[0];
  r(2, 0) = -a[1];
  r(2, 1) = a[0];
  return r;
}

template <class S>
Mat3<S> operator+(const Mat3<S>& a, const Mat3<S>& b) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = a(i, j) + b(i, j);
  return r;
}

template <class S>
Mat3<S> operator-(const Mat3<S>& a, const Mat3<S>& b) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = a(i, j) - b(i, j);
  return r;
}

template <class S>
Mat3<S> operator-(const Mat3<S>& a) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = -a(i, j);
  return r;
}

template <class S>
Mat3<S>& operator+=(Mat3<S>& a, const Mat3<S>& b) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a(i, j) = a(i, j) + b(i, j);
  return a;
}

template <class S>
Mat3<S> operator*(const S& k, const Mat3<S>& a) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = k * a(i, j);
  return r;
}

template <class S>
Vec3<S> operator*(const Mat3<S>& a, const Vec3<S>& v) {
  Vec3<S> r;
  for (int i = 0; i < 3; ++i) r[i] = a(i, 0) * v[0] + a(i, 1) * v[1] + a(i, 2) * v[2];
  return r;
}

// a^T v
template <class S>
Vec3<S> transpose_times(const Mat3<S>& a, const Vec3<S>& v) {
  Vec3<S> r;
  for (int i = 0; i < 3; ++i) r[i] = a(0, i) * v[0] + a(1, i) * v[1] + a(2, i) * v[2];
  return r;
}

template <class S>
Mat3<S> operator*(const Mat3<S>& a, const Mat3<S>& b) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = a(i, 0) * b(0, j) + a(i, 1) * b(1, j) + a(i, 2) * b(2, j);
  return r;
}

template <class S>
Mat3<S> transpose(const Mat3<S>& a) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = a(j, i);
  return r;
}

// R A R^T for a symmetric A: the upper triangle computed, the lower one mirrored.
template <class S>
Mat3<S> congruence(const Mat3<S>& R, const Mat3<S>& A) {
  const Mat3<S> RA = R * A;
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) {
      r(i, j) = RA(i, 0) * R(j, 0) + RA(i, 1) * R(j, 1) + RA(i, 2) * R(j, 2);
      r(j, i) = r(i, j);
    }
  return r;
}

// a b^T
template <class S>
Mat3<S> outer(const Vec3<S>& a, const Vec3<S>& b) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = a[i] * b[j];
  return r;
}

}  // namespace dyngen::spatial
