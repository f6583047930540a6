// The special products of engine.md instantiated with the engine's Expr: their operation counts
// against the plain matrix versions of the same quantities, and their values against double.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "engine/expr.hpp"
#include "engine/instruction_list.hpp"
#include "generator/spatial/spatial.hpp"
#include "generator/spatial/special_products.hpp"

namespace dyngen::engine {
namespace {

using spatial::Mat3;
using spatial::Vec3;

// Symbolic angular velocity, point and symmetric inertia (general parameters, as the thesis
// counts them), built in the current context.
struct Operands {
  Vec3<Expr> w, r;
  Mat3<Expr> I;
};

Operands operands() {
  Operands o;
  for (int i = 0; i < 3; ++i) {
    o.w[i] = Expr::input(InputRole::qd, "w", i, "w" + std::to_string(i));
    o.r[i] = Expr::input(InputRole::parameter, "r", i, "r" + std::to_string(i));
  }
  int k = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j, ++k) {
      o.I(i, j) = o.I(j, i) = Expr::input(InputRole::parameter, "I", k, "I" + std::to_string(k));
    }
  }
  return o;
}

OpCount count(const std::function<std::vector<Expr>(const Operands&)>& build,
              const Options& options = {}) {
  Context ctx(options);
  ContextScope scope(ctx);
  return count_operations(flatten({{"out", build(operands())}}));
}

std::vector<Expr> elements(const Vec3<Expr>& v) { return {v[0], v[1], v[2]}; }

std::vector<Expr> concat(std::vector<Expr> a, const std::vector<Expr>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(SpecialProducts, SixProductsServeBothTripleProducts) {
  const OpCount alone_cc = count([](const Operands& o) {
    return elements(spatial::cross_cross(o.w, o.r, spatial::omega_products(o.w)));
  });
  const OpCount alone_ci = count([](const Operands& o) {
    return elements(spatial::cross_inertia(o.w, o.I, spatial::omega_products(o.w)));
  });
  const OpCount shared = count([](const Operands& o) {
    const auto v = spatial::omega_products(o.w);
    return concat(elements(spatial::cross_cross(o.w, o.r, v)),
                  elements(spatial::cross_inertia(o.w, o.I, v)));
  });
  const OpCount plain = count([](const Operands& o) {
    return concat(elements(spatial::cross(o.w, spatial::cross(o.w, o.r))),
                  elements(spatial::cross(o.w, o.I * o.w)));
  });
  // The combined count is below two independent evaluations by at least v1..v6, computed once.
  EXPECT_LE(shared.total() + 6, alone_cc.total() + alone_ci.total());
  // The canonical polys already find most of this algebra in the plain products (like terms
  // across the expanded cross products), so the special form is no worse, not strictly better.
  EXPECT_LE(shared.mul, plain.mul) << "shared " << shared.mul << " plain " << plain.mul;
  std::cout << "w x (w x r) and w x (I w): plain " << plain.mul << "m+" << plain.add
            << "a, separate " << alone_cc.total() + alone_ci.total() << " ops, shared "
            << shared.mul << "m+" << shared.add << "a\n";
}

// Khalil's U = [e]x + [w]x[w]x serves the two offsets of a body (a child joint's r and the first
// moment h): e x r + w x (w x r) for both costs more than U once and U r, U h.
TEST(SpecialProducts, AccelerationOperatorServesEveryPointOfTheBody) {
  // angular acceleration e and first moment h, inputs of the current context
  const auto points = [] {
    Vec3<Expr> e, h;
    for (int i = 0; i < 3; ++i) {
      e[i] = Expr::input(InputRole::qd, "e", i, "e" + std::to_string(i));
      h[i] = Expr::input(InputRole::parameter, "h", i, "h" + std::to_string(i));
    }
    return std::pair{e, h};
  };
  const OpCount with_U = count([&points](const Operands& o) {
    const auto [e, h] = points();
    const Mat3<Expr> U = spatial::acceleration_operator(e, o.w, spatial::omega_products(o.w));
    return concat(elements(U * o.r), elements(U * h));
  });
  const OpCount separate = count([&points](const Operands& o) {
    const auto [e, h] = points();
    const auto v = spatial::omega_products(o.w);
    return concat(elements(spatial::cross(e, o.r) + spatial::cross_cross(o.w, o.r, v)),
                  elements(spatial::cross(e, h) + spatial::cross_cross(o.w, h, v)));
  });
  EXPECT_LT(with_U.total(), separate.total());
  std::cout << "e x r + w x (w x r) for two points: separate " << separate.mul << "m+" << separate.add
            << "a, through U " << with_U.mul << "m+" << with_U.add << "a\n";
}

// The Euler moment I e + w x (I w) of a body whose U is computed anyway (RNEA): read from U's
// off-diagonal entries it costs less than I e plus cross_inertia.
TEST(SpecialProducts, EulerMomentReusesTheAccelerationOperator) {
  const auto acceleration = [] {
    Vec3<Expr> e;
    for (int i = 0; i < 3; ++i) e[i] = Expr::input(InputRole::qd, "e", i, "e" + std::to_string(i));
    return e;
  };
  const auto U_entries = [](const Mat3<Expr>& U) {
    std::vector<Expr> out;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) out.push_back(U(i, j));
    return out;
  };
  const OpCount through_U = count([&](const Operands& o) {
    const Vec3<Expr> e = acceleration();
    const auto v = spatial::omega_products(o.w);
    const Mat3<Expr> U = spatial::acceleration_operator(e, o.w, v);
    return concat(U_entries(U), elements(spatial::euler_moment(e, o.w, o.I, U, v)));
  });
  const OpCount separate = count([&](const Operands& o) {
    const Vec3<Expr> e = acceleration();
    const auto v = spatial::omega_products(o.w);
    const Mat3<Expr> U = spatial::acceleration_operator(e, o.w, v);
    return concat(U_entries(U), elements(o.I * e + spatial::cross_inertia(o.w, o.I, v)));
  });
  EXPECT_LT(through_U.total(), separate.total());
  std::cout << "U and I e + w x (I w): separate " << separate.mul << "m+" << separate.add << "a, through U "
            << through_U.mul << "m+" << through_U.add << "a\n";
}

TEST(SpecialProducts, RotationAboutOneAxisCongruence) {
  for (int k = 0; k < 3; ++k) {
    const OpCount special = count([k](const Operands& o) {
      const Expr q = Expr::input(InputRole::q, "q", 0, "q");
      const Mat3<Expr> B = spatial::rotate_about_axis_congruence(k, cos(q), sin(q), o.I);
      return std::vector<Expr>{B(0, 0), B(0, 1), B(0, 2), B(1, 1), B(1, 2), B(2, 2)};
    });
    const OpCount plain = count([k](const Operands& o) {
      const Expr q = Expr::input(InputRole::q, "q", 0, "q");
      const Mat3<Expr> a = spatial::axis_rotation(k, cos(q), sin(q));
      const Mat3<Expr> B = spatial::transpose(a) * o.I * a;
      return std::vector<Expr>{B(0, 0), B(0, 1), B(0, 2), B(1, 1), B(1, 2), B(2, 2)};
    });
    // Monomials c², s², s·c are shared by the flattener and sin² + cos² cancels in the plain
    // product too, so the engine reaches the special form's count either way.
    EXPECT_LE(special.total(), plain.total()) << "axis " << k;
    std::cout << "a^T A a about axis " << k << ": plain " << plain.total() << " ops, special "
              << special.total() << "\n";
  }
}

TEST(SpecialProducts, SwitchedOffTheyAreThePlainProducts) {
  Options off;
  off.special_products = false;
  const auto special = [](const Operands& o) {
    const auto v = spatial::omega_products(o.w);
    return concat(elements(spatial::cross_cross(o.w, o.r, v)),
                  elements(spatial::cross_inertia(o.w, o.I, v)));
  };
  const auto plain = [](const Operands& o) {
    return concat(elements(spatial::cross(o.w, spatial::cross(o.w, o.r))),
                  elements(spatial::cross(o.w, o.I * o.w)));
  };
  EXPECT_EQ(count(special, off), count(plain));
}

TEST(SpecialProducts, CongruenceValuesMatchDouble) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    Mat3<double> A;
    for (int i = 0; i < 3; ++i) {
      for (int j = i; j < 3; ++j) A(i, j) = A(j, i) = u(rng);
    }
    const double q = 3.0 * u(rng);
    for (int k = 0; k < 3; ++k) {
      const Mat3<double> a = spatial::axis_rotation(k, std::cos(q), std::sin(q));
      const Mat3<double> plain = spatial::transpose(a) * A * a;
      const Mat3<double> special = spatial::rotate_about_axis_congruence(k, std::cos(q), std::sin(q), A);
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) EXPECT_NEAR(special(i, j), plain(i, j), 1e-14);
      }
    }
  }
}

TEST(SpecialProducts, AxisAlignedRotationHasFourNonConstantEntries) {
  Context ctx;
  ContextScope scope(ctx);
  const Expr q = Expr::input(InputRole::q, "q", 0, "q");
  for (int k = 0; k < 3; ++k) {
    const Mat3<Expr> a = spatial::axis_rotation(k, cos(q), sin(q));
    int non_constant = 0;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) non_constant += a(i, j).is_constant() ? 0 : 1;
    }
    EXPECT_EQ(non_constant, 4);
  }
}

TEST(SpecialProducts, ProjectionOnAnAxisCostsNothing) {
  Context ctx;
  ContextScope scope(ctx);
  spatial::Mat6<Expr> M;
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) M(i, j) = Expr::input(InputRole::parameter, "M", 6 * i + j, "M");
  }
  for (int axis = 0; axis < 6; ++axis) {
    const Expr special = spatial::project(spatial::Axis{axis}, M);
    spatial::Vec6<Expr> S;
    S[axis] = Expr(1.0);
    const Expr plain = spatial::dot(S, M * S);
    EXPECT_EQ(special, plain);
    EXPECT_EQ(count_operations(flatten({{"out", {special}}})).total(), 0);
  }
}

}  // namespace
}  // namespace dyngen::engine
