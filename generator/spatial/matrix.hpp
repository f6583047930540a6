// A dense row-major matrix of scalars S (the joint-space mass matrix and its LTDL factors).
// Entries default to S(0.0), so structural zeros stay literal zeros for symbolic scalars.
#pragma once

#include <cstddef>
#include <vector>

namespace dyngen::spatial {

template <class S>
struct Matrix {
  int rows = 0;
  int cols = 0;
  std::vector<S> data;

  Matrix() = default;
  Matrix(int r, int c) : rows(r), cols(c), data(static_cast<std::size_t>(r * c), S(0.0)) {}

  S& operator()(int i, int j) { return data[static_cast<std::size_t>(i * cols + j)]; }
  const S& operator()(int i, int j) const { return data[static_cast<std::size_t>(i * cols + j)]; }
};

}  // namespace dyngen::spatial
