// The inverse of a small square matrix as its adjugate over its determinant (Cramer's rule),
// D^-1 = adj(D) / det(D), adj(D)_ji = (-1)^(i+j) M_ij: the straight-line form for the m x m
// Jacobian blocks Phi_d of loop cuts (m <= 5). No pivoting, so no branch on values: well defined
// wherever det(D) != 0, which the caller checks. The minors are built by Laplace expansion along
// their first row and each is computed once (memoised by its row and column sets), so a 3 x 3
// inverse costs 9 cofactors of two products, a 5 x 5 one shares its 2 x 2 and 3 x 3 minors.
//
//   AdjugateInverse<S> adjugate_inverse(const Matrix<S>& D)   .inverse (m x m), .det
#pragma once

#include <cstdint>
#include <map>
#include <utility>

#include "generator/spatial/matrix.hpp"

namespace dyngen::algorithms {

template <class S>
struct AdjugateInverse {
  spatial::Matrix<S> inverse;
  S det = S(0.0);
};

namespace detail {

template <class S>
class Minors {
 public:
  explicit Minors(const spatial::Matrix<S>& D) : D_(D) {}

  // The determinant of D restricted to the rows and columns in the two bit sets (equal sizes).
  S of(std::uint32_t rows, std::uint32_t cols) {
    if (rows == 0) return S(1.0);
    const auto key = std::make_pair(rows, cols);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int first = 0;
    while (!(rows >> first & 1u)) ++first;
    const std::uint32_t rest = rows & ~(1u << first);
    S sum = S(0.0);
    int position = 0;
    for (int c = 0; c < D_.cols; ++c) {
      if (!(cols >> c & 1u)) continue;
      // det = sum_c (-1)^position D_first,c M_first,c
      const S term = D_(first, c) * of(rest, cols & ~(1u << c));
      sum = position % 2 == 0 ? sum + term : sum - term;
      ++position;
    }
    memo_.emplace(key, sum);
    return sum;
  }

 private:
  const spatial::Matrix<S>& D_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, S> memo_;
};

}  // namespace detail

template <class S>
AdjugateInverse<S> adjugate_inverse(const spatial::Matrix<S>& D) {
  const int m = D.rows;
  const std::uint32_t all = (1u << m) - 1u;
  detail::Minors<S> minors(D);
  AdjugateInverse<S> result{spatial::Matrix<S>(m, m), minors.of(all, all)};
  // 1 / det once, then adj(D)_ji / det
  const S inv_det = S(1.0) / result.det;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      const S cofactor = minors.of(all & ~(1u << i), all & ~(1u << j));
      result.inverse(j, i) = ((i + j) % 2 == 0 ? cofactor : -cofactor) * inv_det;
    }
  return result;
}

}  // namespace dyngen::algorithms
