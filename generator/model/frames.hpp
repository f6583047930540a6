// 3-vectors and 3x3 matrices of GiNaC expressions: the loader's frame and inertia transformations
// are done on expressions over the model parameters so that a transformed field keeps its source.
#pragma once

#include <ginac/ginac.h>

#include <array>

namespace dyngen::model_detail {

using ExVec = std::array<GiNaC::ex, 3>;
using ExMat = std::array<ExVec, 3>;  // row-major

ExVec zero_vec();
ExMat zero_mat();
ExMat identity_mat();
ExMat transpose(const ExMat& a);
ExMat multiply(const ExMat& a, const ExMat& b);
ExVec multiply(const ExMat& a, const ExVec& v);
ExVec add(const ExVec& a, const ExVec& b);
ExMat add(const ExMat& a, const ExMat& b);
ExMat scale(const GiNaC::ex& s, const ExMat& a);
GiNaC::ex dot(const ExVec& a, const ExVec& b);

// R = Rz(yaw) Ry(pitch) Rx(roll): fixed-axis roll-pitch-yaw; maps joint-frame vectors into the
// parent frame.
ExMat rpy_matrix(const GiNaC::ex& roll, const GiNaC::ex& pitch, const GiNaC::ex& yaw);

// Parallel-axis term m (|c|^2 E - c c^T): I_origin = I_com + shift for a centre of mass at c.
ExMat parallel_axis_shift(const GiNaC::ex& mass, const ExVec& com);

// Symmetric tensor from {xx, yy, zz, xy, xz, yz} tensor entries, and back.
ExMat tensor_from_entries(const std::array<GiNaC::ex, 6>& entries);
std::array<GiNaC::ex, 6> entries_from_tensor(const ExMat& tensor);

// A rotation Q with Q u = e_k for the unit vector u (k = index of u's largest component); exact
// (entries 0, +-1) when u is +-x, +-y or +-z. Returns k.
int axis_alignment(const std::array<double, 3>& u, ExMat& q);

}  // namespace dyngen::model_detail
