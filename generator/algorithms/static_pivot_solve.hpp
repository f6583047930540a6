// A x = b for a small square A by Gaussian elimination with a pivot sequence fixed beforehand
// (Golub & Van Loan 2013, sec. 3.4, complete pivoting): the straight-line form of a solve whose
// pivots a numeric evaluation at a reference configuration has chosen, so the generated code has
// no branch on values and the elimination stays stable near that configuration.
//
//   std::vector<Pivot> complete_pivoting_order(const Matrix<double-like>& A)
//     the pivots complete pivoting takes on A (largest remaining |entry| at each step)
//   std::vector<S> static_pivot_solve(const Matrix<S>& A, std::vector<S> b, const std::vector<Pivot>&)
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "generator/spatial/matrix.hpp"

namespace dyngen::algorithms {

struct Pivot {
  int row = 0;
  int col = 0;
  bool operator==(const Pivot&) const = default;
};

template <class S>
std::vector<Pivot> complete_pivoting_order(spatial::Matrix<S> A) {
  const int n = A.rows;
  std::vector<bool> row_used(static_cast<std::size_t>(n), false), col_used(row_used);
  std::vector<Pivot> order;
  for (int step = 0; step < n; ++step) {
    Pivot best{-1, -1};
    double largest = -1.0;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        if (!row_used[static_cast<std::size_t>(r)] && !col_used[static_cast<std::size_t>(c)] &&
            std::abs(static_cast<double>(A(r, c))) > largest) {
          largest = std::abs(static_cast<double>(A(r, c)));
          best = {r, c};
        }
    row_used[static_cast<std::size_t>(best.row)] = col_used[static_cast<std::size_t>(best.col)] = true;
    order.push_back(best);
    // A_rc -= A_r,col A_row,c / A_row,col on the rows and columns left
    for (int r = 0; r < n; ++r) {
      if (row_used[static_cast<std::size_t>(r)]) continue;
      const S factor = A(r, best.col) / A(best.row, best.col);
      for (int c = 0; c < n; ++c) A(r, c) = A(r, c) - factor * A(best.row, c);
    }
  }
  return order;
}

template <class S>
std::vector<S> static_pivot_solve(spatial::Matrix<S> A, std::vector<S> b, const std::vector<Pivot>& pivots) {
  const int n = A.rows;
  std::vector<bool> eliminated(static_cast<std::size_t>(n), false);
  std::vector<S> inverse_pivot(static_cast<std::size_t>(n), S(0.0));
  // forward: eliminate each pivot's column from the rows not yet used as pivots
  for (std::size_t s = 0; s < pivots.size(); ++s) {
    const Pivot p = pivots[s];
    eliminated[static_cast<std::size_t>(p.row)] = true;
    inverse_pivot[s] = S(1.0) / A(p.row, p.col);
    for (int r = 0; r < n; ++r) {
      if (eliminated[static_cast<std::size_t>(r)]) continue;
      // row_r -= (A_r,c / A_p,c) row_p
      const S factor = A(r, p.col) * inverse_pivot[s];
      for (std::size_t later = s + 1; later < pivots.size(); ++later) {
        const int c = pivots[later].col;
        A(r, c) = A(r, c) - factor * A(p.row, c);
      }
      b[static_cast<std::size_t>(r)] = b[static_cast<std::size_t>(r)] - factor * b[static_cast<std::size_t>(p.row)];
    }
  }
  // backward: x_c = (b_p - sum over later pivots A_p,c' x_c') / A_p,c
  std::vector<S> x(static_cast<std::size_t>(n), S(0.0));
  for (std::size_t s = pivots.size(); s-- > 0;) {
    const Pivot p = pivots[s];
    S sum = b[static_cast<std::size_t>(p.row)];
    for (std::size_t later = s + 1; later < pivots.size(); ++later)
      sum = sum - A(p.row, pivots[later].col) * x[static_cast<std::size_t>(pivots[later].col)];
    x[static_cast<std::size_t>(p.col)] = sum * inverse_pivot[s];
  }
  return x;
}

}  // namespace dyngen::algorithms
