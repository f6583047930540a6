// A scalar-generic computation exercising every engine operation (products of sums, sin/cos of
// sums, sqrt, reciprocals, shared subexpressions, cancellations), instantiated with double as
// the direct reference and with the engine's Expr for generation.
#pragma once

#include <array>
#include <cmath>

namespace dyngen::test {

constexpr int kSampleInputs = 5;
constexpr int kSampleOutputs = 6;

template <class S>
std::array<S, kSampleOutputs> sample_kernel(const std::array<S, kSampleInputs>& in) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  const S& q1 = in[0];
  const S& q2 = in[1];
  const S& u = in[2];
  const S& v = in[3];
  const S& w = in[4];
  const S c1 = cos(q1), s1 = sin(q1), c12 = cos(q1 + q2), s12 = sin(q1 + q2);
  // two-link planar arm: tip position, link lengths 0.7 and 0.45
  const S x = S(0.7) * c1 + S(0.45) * c12;
  const S y = S(0.7) * s1 + S(0.45) * s12;
  const S r = sqrt(x * x + y * y + S(0.01));
  const S pivot = S(2.0) + u * u + S(0.5) * c1 * c1 + S(0.5) * s1 * s1;
  std::array<S, kSampleOutputs> out{};
  out[0] = x * u - y * v;
  out[1] = (x + y) * (x - y) / r;
  out[2] = (u * v - S(3.0) * w) / pivot + pivot * (S(1.0) / pivot) * w;
  out[3] = sin(x * v - S(0.2)) * cos(y * w + S(0.1)) - (x * u - y * v) * S(0.25);
  out[4] = -S(2.0) * u * v - S(3.0) * w * w;
  out[5] = S(1.5);
  return out;
}

}  // namespace dyngen::test
