#include "model/frames.hpp"

#include <cmath>

namespace dyngen::model_detail {

ExVec zero_vec() { return {GiNaC::ex(0), GiNaC::ex(0), GiNaC::ex(0)}; }

ExMat zero_mat() { return {zero_vec(), zero_vec(), zero_vec()}; }

ExMat identity_mat() {
  ExMat m = zero_mat();
  for (int i = 0; i < 3; ++i) m[i][i] = 1;
  return m;
}

ExMat transpose(const ExMat& a) {
  ExMat t = zero_mat();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) t[i][j] = a[j][i];
  return t;
}

ExMat multiply(const ExMat& a, const ExMat& b) {
  ExMat c = zero_mat();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) c[i][j] += a[i][k] * b[k][j];
  return c;
}

ExVec multiply(const ExMat& a, const ExVec& v) {
  ExVec r = zero_vec();
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) r[i] += a[i][k] * v[k];
  return r;
}

ExVec add(const ExVec& a, const ExVec& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }

ExMat add(const ExMat& a, const ExMat& b) {
  ExMat c = zero_mat();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i][j] = a[i][j] + b[i][j];
  return c;
}

ExMat scale(const GiNaC::ex& s, const ExMat& a) {
  ExMat c = zero_mat();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) c[i][j] = s * a[i][j];
  return c;
}

GiNaC::ex dot(const ExVec& a, const ExVec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

ExMat rpy_matrix(const GiNaC::ex& roll, const GiNaC::ex& pitch, const GiNaC::ex& yaw) {
  const GiNaC::ex cr = GiNaC::cos(roll), sr = GiNaC::sin(roll);
  const GiNaC::ex cp = GiNaC::cos(pitch), sp = GiNaC::sin(pitch);
  const GiNaC::ex cy = GiNaC::cos(yaw), sy = GiNaC::sin(yaw);
  const ExMat rx = {ExVec{1, 0, 0}, ExVec{0, cr, -sr}, ExVec{0, sr, cr}};
  const ExMat ry = {ExVec{cp, 0, sp}, ExVec{0, 1, 0}, ExVec{-sp, 0, cp}};
  const ExMat rz = {ExVec{cy, -sy, 0}, ExVec{sy, cy, 0}, ExVec{0, 0, 1}};
  return multiply(rz, multiply(ry, rx));
}

ExMat parallel_axis_shift(const GiNaC::ex& mass, const ExVec& com) {
  // m (|c|^2 E - c c^T)
  ExMat shift = zero_mat();
  const GiNaC::ex c2 = dot(com, com);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) shift[i][j] = mass * ((i == j ? c2 : GiNaC::ex(0)) - com[i] * com[j]);
  return shift;
}

ExMat tensor_from_entries(const std::array<GiNaC::ex, 6>& e) {
  return {ExVec{e[0], e[3], e[4]}, ExVec{e[3], e[1], e[5]}, ExVec{e[4], e[5], e[2]}};
}

std::array<GiNaC::ex, 6> entries_from_tensor(const ExMat& t) {
  return {t[0][0], t[1][1], t[2][2], t[0][1], t[0][2], t[1][2]};
}

int axis_alignment(const std::array<double, 3>& u, ExMat& q) {
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(u[i]) > std::abs(u[k])) k = i;
  // F: a half turn about an axis other than k when u points along -e_k (so F u has u_k > 0).
  ExMat flip = identity_mat();
  std::array<double, 3> v = u;
  if (u[k] < 0) {
    const int about = k == 2 ? 0 : 2;
    for (int i = 0; i < 3; ++i)
      if (i != about) {
        flip[i][i] = -1;
        v[i] = -v[i];
      }
  }
  const bool aligned = std::abs(v[(k + 1) % 3]) == 0.0 && std::abs(v[(k + 2) % 3]) == 0.0;
  if (aligned) {
    q = flip;
    return k;
  }
  // Rodrigues rotation taking v to e_k: R = E + [w]x + [w]x^2 / (1 + c), w = v x e_k, c = v . e_k
  const std::array<double, 3> e = {k == 0 ? 1.0 : 0.0, k == 1 ? 1.0 : 0.0, k == 2 ? 1.0 : 0.0};
  const std::array<double, 3> w = {v[1] * e[2] - v[2] * e[1], v[2] * e[0] - v[0] * e[2],
                                   v[0] * e[1] - v[1] * e[0]};
  const double c = v[0] * e[0] + v[1] * e[1] + v[2] * e[2];
  const double wx[3][3] = {{0, -w[2], w[1]}, {w[2], 0, -w[0]}, {-w[1], w[0], 0}};
  ExMat r = zero_mat();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double wx2 = 0;
      for (int m = 0; m < 3; ++m) wx2 += wx[i][m] * wx[m][j];
      r[i][j] = GiNaC::ex((i == j ? 1.0 : 0.0) + wx[i][j] + wx2 / (1.0 + c));
    }
  q = multiply(r, flip);
  return k;
}

}  // namespace dyngen::model_detail
