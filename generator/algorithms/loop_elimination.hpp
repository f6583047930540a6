// Elimination of each loop's dependent coordinates at its cut (thesis 2.3-2.4; spec algorithms.md,
// "Kinematic loops": T^T H T qdd_i = T^T (b - H g) with the block structure of the loops; the
// legs of a Gough-Stewart platform as Cartesian inertias at their tips, as in Khalil & Guegan
// 2004, "Inverse and direct dynamic modeling of Gough-Stewart robots").
//
// For one loop, q = (e, d) with d its dependent coordinates and e all others; in the rows of its
// cut (loop_cuts.hpp) the constraint at acceleration level is
//   D qdd_d = Z qdd_e - gamma,   Z = C X Psi (non-zero on the closing body's path only),
// so qdd_d = G qdd_e - p with G = D^-1 Z, p = D^-1 gamma, and H qdd = b + Phi_q^T lambda reduces to
//   H' = H_ee + H_ed G + G^T H_de + G^T H_dd G,   b' = b_e + H_ed p + G^T (b_d + H_dd p).
// When the closing body's path has more coordinates than the cut has rows (a ring's six against a
// leg's three), G^T H_dd G = Psi^T (X^T A X) Psi with A = C^T Lambda C, Lambda = D^-T H_dd D^-1, and
// G^T (b_d + H_dd p) = Psi^T X^T (C^T mu) with mu = D^-T (b_d + H_dd p): Lambda is the inertia the
// branch shows at its cut (a hexapod leg's apparent mass at its tip) and mu the force it needs
// there at qdd_e = 0, a spatial inertia and a wrench carried to the closing frame as any are
// (Featherstone 2008, sec. 2.13); loops sharing root and closing body (the legs on the ring) add
// them before the one product with Psi. On a shorter path G itself is the small factor. H_ed
// couples the branch to the coordinates H' couples it with (the root's ancestors, open chains on
// the branch, earlier eliminations): none for a leg on the base. Loops are eliminated in reverse
// closure order: a nested loop, closed later, changes only coordinates of loops closed before it.
// Each D^-1 is adjugate_inverse.hpp's (D is m x m, m <= 5).
//
//   void eliminate_loops(mech, cuts, H, b, LoopElimination<S>&)
//     H, b: the cut tree's M qdd = b, every coordinate; replaced by H', b' on the independent
//     coordinates (rows and columns of the dependent ones left as they were). data.inverse[l]:
//     D^-1 and det D of loop l.
//   void close_dependent(mech, cuts, inverse, Bias, rates)
//     rates of the independent coordinates in, of the dependent ones out, loops in closure order:
//     rates_d = G rates_o - p (Bias::with), or without p (velocities).
//   std::vector<S> project_on_independent(mech, cuts, inverse, f)
//     T^T f: generalized forces on every coordinate as forces on the independent ones (each
//     loop's f_d as the cut force mu = D^-T f_d on its closing body, in reverse closure order).
#pragma once

#include <cstddef>
#include <vector>

#include "generator/algorithms/adjugate_inverse.hpp"
#include "generator/algorithms/loop_cuts.hpp"

namespace dyngen::algorithms {

using spatial::Mat6;

template <class S>
struct LoopElimination {
  std::vector<AdjugateInverse<S>> inverse;  // per loop: D^-1, det D
};

namespace detail {

// Per coordinate pair: H couples them in the tree (one joint on the other's path to the base).
template <class S>
std::vector<std::vector<bool>> tree_coupling(const Mechanism<S>& mech) {
  const auto n = static_cast<std::size_t>(mech.dof);
  std::vector<std::vector<bool>> coupled(n, std::vector<bool>(n, false));
  for (int i = 0; i < mech.dof; ++i)
    for (int k = i; k >= 0; k = mech.lambda[static_cast<std::size_t>(k)]) {
      coupled[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = true;
      coupled[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)] = true;
    }
  return coupled;
}

template <class S>
bool same_ends(const LoopData<S>& a, const LoopData<S>& b) {
  return a.root == b.root && a.closing == b.closing;
}

// A path with no more coordinates than the cut has rows: G = D^-1 Z is the small factor; a longer
// one (a ring's six coordinates against a leg's three rows): the m x m inertia at the cut.
template <class S>
bool short_path(const LoopCut<S>& cut) {
  return cut.path.size() <= cut.C.size();
}

// M v
template <class S>
std::vector<S> times(const spatial::Matrix<S>& M, const std::vector<S>& v) {
  std::vector<S> out(static_cast<std::size_t>(M.rows), S(0.0));
  for (int r = 0; r < M.rows; ++r)
    for (int c = 0; c < M.cols; ++c) out[static_cast<std::size_t>(r)] = out[static_cast<std::size_t>(r)] + M(r, c) * v[static_cast<std::size_t>(c)];
  return out;
}

// M^T v
template <class S>
std::vector<S> transpose_times(const spatial::Matrix<S>& M, const std::vector<S>& v) {
  std::vector<S> out(static_cast<std::size_t>(M.cols), S(0.0));
  for (int c = 0; c < M.cols; ++c)
    for (int r = 0; r < M.rows; ++r) out[static_cast<std::size_t>(c)] = out[static_cast<std::size_t>(c)] + M(r, c) * v[static_cast<std::size_t>(r)];
  return out;
}

// A B
template <class S>
spatial::Matrix<S> product(const spatial::Matrix<S>& A, const spatial::Matrix<S>& B) {
  spatial::Matrix<S> out(A.rows, B.cols);
  for (int r = 0; r < A.rows; ++r)
    for (int c = 0; c < B.cols; ++c) {
      S sum = S(0.0);
      for (int k = 0; k < A.cols; ++k) sum = sum + A(r, k) * B(k, c);
      out(r, c) = sum;
    }
  return out;
}

// G = D^-1 Z, Z = C X Psi: the dependent rates per unit rate of each path coordinate.
template <class S>
spatial::Matrix<S> path_gains(const LoopCut<S>& cut, const spatial::Matrix<S>& Dinv) {
  const auto m = static_cast<int>(cut.C.size());
  spatial::Matrix<S> Z(m, static_cast<int>(cut.path.size()));
  for (std::size_t a = 0; a < cut.path.size(); ++a) {
    const Vec6<S> at_cut = spatial::apply_motion(cut.X, cut.psi[a]);
    for (int r = 0; r < m; ++r) Z(r, static_cast<int>(a)) = spatial::dot(cut.C[static_cast<std::size_t>(r)], at_cut);
  }
  return product(Dinv, Z);
}

// The rows of C weighted: sum_r w_r C_r.
template <class S>
Vec6<S> row_combination(const std::vector<Vec6<S>>& C, const std::vector<S>& w) {
  Vec6<S> sum;
  for (std::size_t r = 0; r < C.size(); ++r) sum += w[r] * C[r];
  return sum;
}

// X^T A X for a symmetric A in the cut frame: the blocks turned to root axes (R = E^T, R A R^T),
// then moved from the cut origin to the closing body's origin.
template <class S>
Mat6<S> to_closing_frame(const Transform<S>& X, const Mat6<S>& A) {
  const Mat3<S> R = spatial::transpose(X.E);
  Transform<S> shift;
  shift.E = Mat3<S>::identity();
  shift.r = X.r;
  return spatial::transform_to_parent(
      shift, Mat6<S>{spatial::congruence(R, A.ll), R * A.la * X.E, R * A.al * X.E, spatial::congruence(R, A.aa)});
}

// C^T L C for a symmetric m x m L.
template <class S>
Mat6<S> row_congruence(const std::vector<Vec6<S>>& C, const spatial::Matrix<S>& L) {
  Mat6<S> out;
  for (int r = 0; r < L.rows; ++r) {
    const Vec6<S>& Cr = C[static_cast<std::size_t>(r)];
    out += spatial::outer(L(r, r) * Cr, Cr);
    for (int c = r + 1; c < L.rows; ++c) {
      const Vec6<S> weighted = L(r, c) * Cr;
      out += spatial::outer(weighted, C[static_cast<std::size_t>(c)]) + spatial::outer(C[static_cast<std::size_t>(c)], weighted);
    }
  }
  return out;
}

}  // namespace detail

template <class S>
void eliminate_loops(const Mechanism<S>& mech, const std::vector<LoopCut<S>>& cuts, spatial::Matrix<S>& H,
                     std::vector<S>& b, LoopElimination<S>& data) {
  const auto n = static_cast<std::size_t>(mech.dof);
  std::vector<std::vector<bool>> coupled = detail::tree_coupling(mech);
  std::vector<bool> eliminated(n, false);
  const auto couple = [&](int i, int j) {
    coupled[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = coupled[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = true;
  };
  // H(i, j) and H(j, i) += v
  const auto add_symmetric = [&](int i, int j, const S& v) {
    H(i, j) = H(i, j) + v;
    if (i != j) H(j, i) = H(i, j);
    couple(i, j);
  };
  data.inverse.assign(mech.loops.size(), {});
  const std::vector<int> order(mech.loop_order.rbegin(), mech.loop_order.rend());
  for (std::size_t first = 0; first < order.size();) {
    // the group: loops sharing root and closing body whose branches H' does not couple
    std::size_t end = first + 1;
    const auto joins = [&](int l) {
      const LoopData<S>& loop = mech.loops[static_cast<std::size_t>(l)];
      if (!detail::same_ends(mech.loops[static_cast<std::size_t>(order[first])], loop)) return false;
      for (std::size_t k = first; k < end; ++k)
        for (int i : mech.loops[static_cast<std::size_t>(order[k])].dependent_coordinates)
          for (int j : loop.dependent_coordinates)
            if (coupled[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]) return false;
      return true;
    };
    while (end < order.size() && joins(order[end])) ++end;
    Mat6<S> A;  // the group's inertia and wrench on the closing body, closing frame
    Vec6<S> F;
    for (std::size_t k = first; k < end; ++k) {
      const auto l = static_cast<std::size_t>(order[k]);
      const LoopCut<S>& cut = cuts[l];
      const std::vector<int>& d = mech.loops[l].dependent_coordinates;
      const int m = static_cast<int>(d.size());
      data.inverse[l] = adjugate_inverse(cut.D);
      const spatial::Matrix<S>& Dinv = data.inverse[l].inverse;
      spatial::Matrix<S> Hdd(m, m);
      std::vector<S> b_d;
      for (int r = 0; r < m; ++r) {
        b_d.push_back(b[static_cast<std::size_t>(d[static_cast<std::size_t>(r)])]);
        for (int c = 0; c < m; ++c) Hdd(r, c) = H(d[static_cast<std::size_t>(r)], d[static_cast<std::size_t>(c)]);
      }
      // p = D^-1 gamma; what the branch needs at qdd_e = 0: b_d + H_dd p
      const std::vector<S> p = detail::times(Dinv, cut.gamma);
      std::vector<S> need = detail::times(Hdd, p);
      for (int r = 0; r < m; ++r) need[static_cast<std::size_t>(r)] = b_d[static_cast<std::size_t>(r)] + need[static_cast<std::size_t>(r)];
      // the coordinates H' couples the branch with
      std::vector<int> linked;
      for (std::size_t e = 0; e < n; ++e) {
        bool in_branch = false, coupled_to_branch = false;
        for (int i : d) {
          in_branch = in_branch || static_cast<std::size_t>(i) == e;
          coupled_to_branch = coupled_to_branch || coupled[e][static_cast<std::size_t>(i)];
        }
        if (!eliminated[e] && !in_branch && coupled_to_branch) linked.push_back(static_cast<int>(e));
      }
      const spatial::Matrix<S> G =
          detail::short_path(cut) || !linked.empty() ? detail::path_gains(cut, Dinv) : spatial::Matrix<S>();
      if (detail::short_path(cut)) {
        // H'_oo += G^T H_dd G, b'_o += G^T (b_d + H_dd p)
        const spatial::Matrix<S> HG = detail::product(Hdd, G);
        for (int a = 0; a < G.cols; ++a) {
          const int oa = cut.path[static_cast<std::size_t>(a)];
          for (int r = 0; r < m; ++r) b[static_cast<std::size_t>(oa)] = b[static_cast<std::size_t>(oa)] + G(r, a) * need[static_cast<std::size_t>(r)];
          for (int c = a; c < G.cols; ++c) {
            S sum = S(0.0);
            for (int r = 0; r < m; ++r) sum = sum + G(r, a) * HG(r, c);
            add_symmetric(cut.path[static_cast<std::size_t>(c)], oa, sum);
          }
        }
      } else {
        // A += X^T (C^T Lambda C) X with Lambda = D^-T H_dd D^-1, F += X^T (C^T mu) with
        // mu = D^-T (b_d + H_dd p): one product with Psi for the group below
        const spatial::Matrix<S> HD = detail::product(Hdd, Dinv);
        spatial::Matrix<S> Lambda(m, m);
        for (int r = 0; r < m; ++r)
          for (int c = r; c < m; ++c) {
            S sum = S(0.0);
            for (int s = 0; s < m; ++s) sum = sum + Dinv(s, r) * HD(s, c);
            Lambda(r, c) = sum;
            Lambda(c, r) = sum;
          }
        A += detail::to_closing_frame(cut.X, detail::row_congruence(cut.C, Lambda));
        F += spatial::apply_transpose_force(cut.X, detail::row_combination(cut.C, detail::transpose_times(Dinv, need)));
      }
      // H'_eo += H_ed G (and its mirror), b'_e += H_ed p
      for (int e : linked) {
        for (int a = 0; a < G.cols; ++a) {
          S sum = S(0.0);
          for (int s = 0; s < m; ++s) sum = sum + H(e, d[static_cast<std::size_t>(s)]) * G(s, a);
          const int o = cut.path[static_cast<std::size_t>(a)];
          H(e, o) = H(e, o) + sum;
          H(o, e) = H(o, e) + sum;
          couple(e, o);
        }
        for (int s = 0; s < m; ++s) b[static_cast<std::size_t>(e)] = b[static_cast<std::size_t>(e)] + H(e, d[static_cast<std::size_t>(s)]) * p[static_cast<std::size_t>(s)];
      }
      for (int i : d) eliminated[static_cast<std::size_t>(i)] = true;
    }
    // H'_oo += Psi^T A Psi, b'_o += Psi^T F
    const LoopCut<S>& shared = cuts[static_cast<std::size_t>(order[first])];
    for (std::size_t a = 0; a < shared.path.size(); ++a) {
      const int oa = shared.path[a];
      const Vec6<S> A_psi = A * shared.psi[a];
      b[static_cast<std::size_t>(oa)] = b[static_cast<std::size_t>(oa)] + spatial::dot(shared.psi[a], F);
      for (std::size_t c = a; c < shared.path.size(); ++c) add_symmetric(shared.path[c], oa, spatial::dot(shared.psi[c], A_psi));
    }
    first = end;
  }
}

enum class Bias { with, without };

template <class S>
void close_dependent(const Mechanism<S>& mech, const std::vector<LoopCut<S>>& cuts,
                     const std::vector<AdjugateInverse<S>>& inverse, Bias bias, std::vector<S>& rates) {
  for (int l : mech.loop_order) {
    const auto u = static_cast<std::size_t>(l);
    const LoopCut<S>& cut = cuts[u];
    const spatial::Matrix<S>& Dinv = inverse[u].inverse;
    std::vector<S> out;
    if (detail::short_path(cut)) {
      // G rates_o
      std::vector<S> path_rates;
      for (int o : cut.path) path_rates.push_back(rates[static_cast<std::size_t>(o)]);
      out = detail::times(detail::path_gains(cut, Dinv), path_rates);
    } else {
      // D^-1 C X V with V = Psi rates_o, the closing body's motion relative to the root
      Vec6<S> V;
      for (std::size_t a = 0; a < cut.path.size(); ++a) V += rates[static_cast<std::size_t>(cut.path[a])] * cut.psi[a];
      const Vec6<S> at_cut = spatial::apply_motion(cut.X, V);
      std::vector<S> z;
      for (const Vec6<S>& row : cut.C) z.push_back(spatial::dot(row, at_cut));
      out = detail::times(Dinv, z);
    }
    // - p, p = D^-1 gamma
    const std::vector<S> p = bias == Bias::with ? detail::times(Dinv, cut.gamma) : std::vector<S>(out.size(), S(0.0));
    const std::vector<int>& d = mech.loops[u].dependent_coordinates;
    for (std::size_t c = 0; c < out.size(); ++c) rates[static_cast<std::size_t>(d[c])] = bias == Bias::with ? out[c] - p[c] : out[c];
  }
}

template <class S>
std::vector<S> project_on_independent(const Mechanism<S>& mech, const std::vector<LoopCut<S>>& cuts,
                                      const std::vector<AdjugateInverse<S>>& inverse, std::vector<S> f) {
  const std::vector<int> order(mech.loop_order.rbegin(), mech.loop_order.rend());
  for (std::size_t first = 0; first < order.size();) {
    // loops sharing root and closing body: their wrenches added before the product with Psi
    Vec6<S> F;
    std::size_t end = first;
    for (; end < order.size() && detail::same_ends(mech.loops[static_cast<std::size_t>(order[first])],
                                                   mech.loops[static_cast<std::size_t>(order[end])]);
         ++end) {
      const auto l = static_cast<std::size_t>(order[end]);
      const std::vector<int>& d = mech.loops[l].dependent_coordinates;
      std::vector<S> f_d;
      for (int i : d) f_d.push_back(f[static_cast<std::size_t>(i)]);
      // mu = D^-T f_d at the cut
      F += spatial::apply_transpose_force(cuts[l].X,
                                          detail::row_combination(cuts[l].C, detail::transpose_times(inverse[l].inverse, f_d)));
    }
    const LoopCut<S>& shared = cuts[static_cast<std::size_t>(order[first])];
    for (std::size_t a = 0; a < shared.path.size(); ++a)
      f[static_cast<std::size_t>(shared.path[a])] = f[static_cast<std::size_t>(shared.path[a])] + spatial::dot(shared.psi[a], F);
    first = end;
  }
  std::vector<S> projected;
  for (int i : mech.independent_coordinates) projected.push_back(f[static_cast<std::size_t>(i)]);
  return projected;
}

}  // namespace dyngen::algorithms
