// LTDL factorization H = L^T D L of a joint-space inertia matrix with tree sparsity and the solve
// of H x = b (Featherstone 2008, sec. 6.5, Tables 6.3-6.4). No pivoting; lambda is the coordinate
// parent array (lambda[i] < i, -1 at the base); entries outside the branch-induced sparsity
// pattern are never read. Divisions only as one reciprocal per pivot.
//
//   void ltdl(const std::vector<int>& lambda, const Matrix<S>& H, LtdlData<S>&)
//     output: data.LD (strict lower triangle = L, diagonal = D), data.inv_d = 1 / D_ii
//   void ltdl_solve(const std::vector<int>& lambda, const LtdlData<S>&, std::vector<S>& x)
//     in place: x = H^{-1} x
//   Overloads taking a Mechanism<S> use mech.lambda; ltdl_solve_system(mech, H, b) does both.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/mechanism.hpp"
#include "generator/spatial/matrix.hpp"

namespace dyngen::algorithms {

template <class S>
struct LtdlData {
  spatial::Matrix<S> LD;
  std::vector<S> inv_d;

  explicit LtdlData(int n) : LD(n, n), inv_d(static_cast<std::size_t>(n), S(0.0)) {}
  explicit LtdlData(const Mechanism<S>& mech) : LtdlData(mech.dof) {}
};

template <class S>
void ltdl(const std::vector<int>& lambda, const spatial::Matrix<S>& H, LtdlData<S>& data) {
  const int n = H.rows;
  spatial::Matrix<S>& L = data.LD;
  L = H;
  for (int k = n - 1; k >= 0; --k) {
    // 1 / d_k: H_kk is final once every descendant of k is eliminated
    data.inv_d[static_cast<std::size_t>(k)] = S(1.0) / L(k, k);
    for (int i = lambda[static_cast<std::size_t>(k)]; i >= 0; i = lambda[static_cast<std::size_t>(i)]) {
      // a = H_ki / H_kk
      const S a = L(k, i) * data.inv_d[static_cast<std::size_t>(k)];
      // H_ij -= a H_kj for j on the path from i to the base
      for (int j = i; j >= 0; j = lambda[static_cast<std::size_t>(j)]) L(i, j) = L(i, j) - a * L(k, j);
      L(k, i) = a;
    }
  }
}

template <class S>
void ltdl_solve(const std::vector<int>& lambda, const LtdlData<S>& data, std::vector<S>& x) {
  const spatial::Matrix<S>& L = data.LD;
  const int n = L.rows;
  // L^T y = b, tips -> base: b_j -= L_ij y_i for j on the path of i
  for (int i = n - 1; i >= 0; --i)
    for (int j = lambda[static_cast<std::size_t>(i)]; j >= 0; j = lambda[static_cast<std::size_t>(j)])
      x[static_cast<std::size_t>(j)] = x[static_cast<std::size_t>(j)] - L(i, j) * x[static_cast<std::size_t>(i)];
  // z = D^{-1} y
  for (int i = 0; i < n; ++i)
    x[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(i)] * data.inv_d[static_cast<std::size_t>(i)];
  // L x = z, base -> tips: x_i -= L_ij x_j for j on the path of i
  for (int i = 0; i < n; ++i)
    for (int j = lambda[static_cast<std::size_t>(i)]; j >= 0; j = lambda[static_cast<std::size_t>(j)])
      x[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(i)] - L(i, j) * x[static_cast<std::size_t>(j)];
}

template <class S>
void ltdl(const Mechanism<S>& mech, const spatial::Matrix<S>& H, LtdlData<S>& data) {
  ltdl(mech.lambda, H, data);
}

template <class S>
void ltdl_solve(const Mechanism<S>& mech, const LtdlData<S>& data, std::vector<S>& x) {
  ltdl_solve(mech.lambda, data, x);
}

// x = H^{-1} b: factorization and solve in one call.
template <class S>
std::vector<S> ltdl_solve_system(const Mechanism<S>& mech, const spatial::Matrix<S>& H,
                                 std::vector<S> b) {
  LtdlData<S> factor(mech);
  ltdl(mech, H, factor);
  ltdl_solve(mech, factor, b);
  return b;
}

}  // namespace dyngen::algorithms
