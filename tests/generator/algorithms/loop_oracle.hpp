// An oracle for looped mechanisms that shares nothing with loop_constraints.hpp but the model: the
// cut constraints written from forward kinematics (kinematics.hpp, base axes) as
//   spherical  x_t - x_c (3);  universal  + closing axis . terminal axis (4);  revolute  + two
//   normals of the closing axis . terminal axis (5);  planar  the in-plane components of x_t - x_c
//   (2) (no test mechanism has a prismatic cut),
// differentiated exactly along a path q(t) = q + t v by a second-order jet scalar, so Phi_q v and
// v^T Phi_qq v = gamma (the acceleration bias at qdd = 0) come out without any hand-derived formula.
// The Lagrange-multiplier solution [H Phi_q^T; Phi_q 0] [qdd; -lambda] = [b; -gamma] (Eigen, LU)
// with H, b of the cut tree is the reference the reduced equations are checked against.
// Random consistent states: independent coordinates near the reference, closed by the algorithm
// under test (the tests check the closure itself against this oracle's Phi).
#pragma once

#include <Eigen/Dense>

#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "generator/algorithms/crba.hpp"
#include "generator/algorithms/generalized_forces.hpp"
#include "generator/algorithms/kinematics.hpp"
#include "generator/algorithms/loop_closure.hpp"

namespace dyngen::test {

// f(t), f'(t), f''(t) at t = 0 of a function along a path.
struct Jet {
  double v = 0.0, d1 = 0.0, d2 = 0.0;
  Jet() = default;
  Jet(double value) : v(value) {}  // NOLINT(google-explicit-constructor)
  Jet(double value, double first, double second) : v(value), d1(first), d2(second) {}
};

inline Jet operator+(const Jet& a, const Jet& b) { return {a.v + b.v, a.d1 + b.d1, a.d2 + b.d2}; }
inline Jet operator-(const Jet& a, const Jet& b) { return {a.v - b.v, a.d1 - b.d1, a.d2 - b.d2}; }
inline Jet operator-(const Jet& a) { return {-a.v, -a.d1, -a.d2}; }
// (fg)' = f'g + fg', (fg)'' = f''g + 2f'g' + fg''
inline Jet operator*(const Jet& a, const Jet& b) {
  return {a.v * b.v, a.d1 * b.v + a.v * b.d1, a.d2 * b.v + 2.0 * a.d1 * b.d1 + a.v * b.d2};
}
// (1/g)' = -g'/g^2, (1/g)'' = 2g'^2/g^3 - g''/g^2
inline Jet operator/(const Jet& a, const Jet& b) {
  const double inv = 1.0 / b.v;
  const Jet r{inv, -b.d1 * inv * inv, 2.0 * b.d1 * b.d1 * inv * inv * inv - b.d2 * inv * inv};
  return a * r;
}
inline Jet& operator+=(Jet& a, const Jet& b) { return a = a + b; }
inline Jet& operator-=(Jet& a, const Jet& b) { return a = a - b; }
// (sin f)' = cos f f', (sin f)'' = -sin f f'^2 + cos f f''
inline Jet sin(const Jet& a) {
  const double s = std::sin(a.v), c = std::cos(a.v);
  return {s, c * a.d1, -s * a.d1 * a.d1 + c * a.d2};
}
inline Jet cos(const Jet& a) {
  const double s = std::sin(a.v), c = std::cos(a.v);
  return {c, -s * a.d1, -c * a.d1 * a.d1 - s * a.d2};
}
inline Jet sqrt(const Jet& a) {
  const double r = std::sqrt(a.v);
  return {r, a.d1 / (2.0 * r), a.d2 / (2.0 * r) - a.d1 * a.d1 / (4.0 * r * a.v)};
}

// The oracle's constraints of every loop (rows stacked in Model::loops order) along q + t v.
inline std::vector<Jet> oracle_constraints(const Model& model, const std::vector<double>& q, const std::vector<double>& v) {
  const auto mech = algorithms::make_mechanism<Jet>(model, [](const Quantity& x) { return Jet(x.value); });
  algorithms::State<Jet> state(mech);
  for (int i = 0; i < mech.dof; ++i) state.q[static_cast<std::size_t>(i)] = Jet(q[static_cast<std::size_t>(i)], v[static_cast<std::size_t>(i)], 0.0);
  algorithms::KinematicsData<Jet> kin(mech);
  algorithms::kinematics(mech, state, kin);
  const auto in_base = [&](int body, const Vec3Q& r) {
    const spatial::Vec3<Jet> local{Jet(r[0].value), Jet(r[1].value), Jet(r[2].value)};
    return kin.p[static_cast<std::size_t>(body)] + kin.R[static_cast<std::size_t>(body)] * local;
  };
  // a direction of a body's frame in base axes
  const auto turned = [&](int body, const Eigen::Vector3d& d) {
    const Eigen::Vector3d u = d.normalized();
    return kin.R[static_cast<std::size_t>(body)] * spatial::Vec3<Jet>{Jet(u[0]), Jet(u[1]), Jet(u[2])};
  };
  const auto vector = [](const std::optional<std::array<double, 3>>& a) { return Eigen::Vector3d((*a)[0], (*a)[1], (*a)[2]); };
  std::vector<Jet> phi;
  for (const Loop& loop : model.loops) {
    const int terminal = loop.dependent.back(), closing = loop.closes_on;
    const spatial::Vec3<Jet> gap = in_base(terminal, loop.terminal_point) - in_base(closing, loop.closing_point);
    if (!loop.planar) {
      for (int k = 0; k < 3; ++k) phi.push_back(gap[k]);
      // universal: the two axes normal; revolute: the terminal axis normal to two normals of the closing one
      if (loop.cut == CutType::universal)
        phi.push_back(spatial::dot(turned(closing, vector(loop.closing_axis)), turned(terminal, vector(loop.terminal_axis))));
      if (loop.cut == CutType::revolute) {
        const Eigen::Vector3d c = vector(loop.closing_axis).normalized(), u = c.unitOrthogonal(), w = c.cross(u);
        for (const Eigen::Vector3d& d : {u, w}) phi.push_back(spatial::dot(turned(closing, d), turned(terminal, vector(loop.terminal_axis))));
      }
      continue;
    }
    // two in-plane directions of the root, in base axes
    const Eigen::Vector3d n(loop.plane_normal[0], loop.plane_normal[1], loop.plane_normal[2]);
    const Eigen::Vector3d u = n.unitOrthogonal(), w = n.cross(u);
    for (const Eigen::Vector3d& d : {u, w}) {
      const spatial::Vec3<Jet> dir{Jet(d[0]), Jet(d[1]), Jet(d[2])};
      phi.push_back(spatial::dot(kin.R[static_cast<std::size_t>(loop.root)] * dir, gap));
    }
  }
  return phi;
}

struct OracleConstraints {
  Eigen::VectorXd phi;    // Phi(q)
  Eigen::MatrixXd phi_q;  // m x n
  Eigen::VectorXd gamma;  // qd^T Phi_qq qd
};

inline OracleConstraints oracle(const Model& model, const algorithms::State<double>& state) {
  const int n = model.dof();
  OracleConstraints out;
  const std::vector<Jet> along_qd = oracle_constraints(model, state.q, state.qd);
  const int m = static_cast<int>(along_qd.size());
  out.phi.resize(m);
  out.gamma.resize(m);
  out.phi_q.resize(m, n);
  for (int r = 0; r < m; ++r) {
    out.phi[r] = along_qd[static_cast<std::size_t>(r)].v;
    out.gamma[r] = along_qd[static_cast<std::size_t>(r)].d2;
  }
  for (int i = 0; i < n; ++i) {
    std::vector<double> e(static_cast<std::size_t>(n), 0.0);
    e[static_cast<std::size_t>(i)] = 1.0;
    const std::vector<Jet> column = oracle_constraints(model, state.q, e);
    for (int r = 0; r < m; ++r) out.phi_q(r, i) = column[static_cast<std::size_t>(r)].d1;
  }
  return out;
}

// qdd of the Lagrange-multiplier system with the cut tree's H and b.
inline Eigen::VectorXd lagrange_accelerations(const Model& model, const algorithms::Mechanism<double>& mech,
                                              const algorithms::State<double>& state) {
  const int n = mech.dof;
  algorithms::CrbaData<double> crba(mech);
  algorithms::crba(mech, state, crba);
  algorithms::GeneralizedForcesData<double> forces(mech);
  algorithms::generalized_forces(mech, state, forces);
  const OracleConstraints c = oracle(model, state);
  const int m = static_cast<int>(c.phi.size());
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n + m, n + m);
  Eigen::VectorXd rhs(n + m);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) K(i, j) = crba.H(i, j);
    rhs[i] = forces.b[static_cast<std::size_t>(i)];
  }
  K.block(0, n, n, m) = c.phi_q.transpose();
  K.block(n, 0, m, n) = c.phi_q;
  rhs.tail(m) = -c.gamma;
  return K.fullPivLu().solve(rhs).head(n);
}

// A random state closed by the algorithms under test: independent coordinates at the model's
// reference (q0) plus uniform offsets of up to `spread`, dependent ones from the reference guess,
// independent rates uniform in [-rate, rate], tau, base motion and wrenches random.
inline algorithms::State<double> random_closed_state(std::mt19937& rng, const Model& model,
                                                     const algorithms::Mechanism<double>& mech, double spread,
                                                     double rate, algorithms::ClosureReport& report) {
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  algorithms::State<double> state(mech);
  for (int i = 0; i < mech.dof; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const dyngen::Body& body = model.bodies[static_cast<std::size_t>(mech.coordinate_body[u])];
    state.q[u] = body.joint.q0.value + (mech.independent[u] ? spread * unit(rng) : 0.0);
    state.qd[u] = mech.independent[u] ? rate * unit(rng) : 0.0;
    state.tau[u] = 20.0 * unit(rng);
  }
  const auto uniform3 = [&] { return spatial::Vec3<double>(unit(rng), unit(rng), unit(rng)); };
  state.w0 = 0.1 * uniform3();
  state.e0 = 0.1 * uniform3();
  state.a0 = uniform3();
  for (auto& f : state.f_ext) f = {20.0 * uniform3(), 2.0 * uniform3()};
  report = algorithms::close_positions(mech, state);
  algorithms::close_velocities(mech, state);
  return state;
}

}  // namespace dyngen::test
