// `dyngen demo`: the engine on the rigid-body velocity terms every dynamics algorithm evaluates,
// ω×(ω×c) (centripetal acceleration of the centre of mass c) and ω×(Iω) (gyroscopic moment),
// built once with plain cross products and once through the shared six products
// v = (ω1², ω2², ω3², ω1ω2, ω1ω3, ω2ω3) of the thesis appendix; prints both operation counts and
// the optimized kernel.
#include <array>
#include <iostream>

#include "commands.hpp"
#include "engine/emit_cpp.hpp"
#include "engine/expr.hpp"

namespace dyngen::cli {

namespace {

using engine::Expr;
using V3 = std::array<Expr, 3>;

V3 cross(const V3& a, const V3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

V3 bound(const V3& v) { return {engine::bind(v[0]), engine::bind(v[1]), engine::bind(v[2])}; }

struct Body {
  std::array<double, 3> c{0.12, -0.05, 0.31};
  // Inertia about the origin: xx, yy, zz, xy, xz, yz.
  std::array<double, 6> inertia{0.52, 0.61, 0.27, 0.013, -0.021, 0.008};
};

std::vector<engine::NamedOutput> plain(const V3& w, const Body& body) {
  const V3 c{body.c[0], body.c[1], body.c[2]};
  const auto& I = body.inertia;
  const V3 Iw{I[0] * w[0] + I[3] * w[1] + I[4] * w[2], I[3] * w[0] + I[1] * w[1] + I[5] * w[2],
              I[4] * w[0] + I[5] * w[1] + I[2] * w[2]};
  const V3 wxc = bound(cross(w, c));
  const V3 acc = bound(cross(w, wxc));
  const V3 gyro = bound(cross(w, bound(Iw)));
  return {{"centripetal", {acc.begin(), acc.end()}}, {"gyroscopic", {gyro.begin(), gyro.end()}}};
}

std::vector<engine::NamedOutput> shared_products(const V3& w, const Body& body) {
  // v1..v6 = ω1², ω2², ω3², ω1ω2, ω1ω3, ω2ω3
  const std::array<Expr, 6> v{engine::bind(w[0] * w[0]), engine::bind(w[1] * w[1]),
                              engine::bind(w[2] * w[2]), engine::bind(w[0] * w[1]),
                              engine::bind(w[0] * w[2]), engine::bind(w[1] * w[2])};
  const auto& c = body.c;
  // ω×(ω×c) = ω(ωᵀc) − (ωᵀω)c, written over v
  const V3 acc = bound(V3{v[3] * c[1] + v[4] * c[2] - (v[1] + v[2]) * c[0],
                          v[3] * c[0] + v[5] * c[2] - (v[0] + v[2]) * c[1],
                          v[4] * c[0] + v[5] * c[1] - (v[0] + v[1]) * c[2]});
  // ω×(Iω), each component a linear form in v with coefficients from I
  const auto& I = body.inertia;
  const double xx = I[0], yy = I[1], zz = I[2], xy = I[3], xz = I[4], yz = I[5];
  const V3 gyro = bound(V3{(zz - yy) * v[5] + yz * (v[1] - v[2]) + xz * v[3] - xy * v[4],
                           (xx - zz) * v[4] + xz * (v[2] - v[0]) + xy * v[5] - yz * v[3],
                           (yy - xx) * v[3] + xy * (v[0] - v[1]) + yz * v[4] - xz * v[5]});
  return {{"centripetal", {acc.begin(), acc.end()}}, {"gyroscopic", {gyro.begin(), gyro.end()}}};
}

engine::Kernel kernel(std::vector<engine::NamedOutput> outputs) {
  return {"velocity_terms",
          "centripetal acceleration w x (w x c) and gyroscopic moment w x (I w) of one body",
          {{"w", 3, "angular velocity, rad/s, body axes"}},
          {{"centripetal", 3, "w x (w x c), m/s^2, body axes"},
           {"gyroscopic", 3, "w x (I w), N m, body axes"}},
          engine::flatten(outputs)};
}

}  // namespace

int run_demo(const Args&) {
  const Body body;
  engine::Context plain_context;
  engine::Context shared_context;
  auto make_w = [](engine::Context& ctx) {
    return V3{Expr::input(engine::InputRole::other, "w", 0, "w1", ctx),
              Expr::input(engine::InputRole::other, "w", 1, "w2", ctx),
              Expr::input(engine::InputRole::other, "w", 2, "w3", ctx)};
  };
  engine::Kernel naive = [&] {
    engine::ContextScope scope(plain_context);
    return kernel(plain(make_w(plain_context), body));
  }();
  engine::Kernel optimized = [&] {
    engine::ContextScope scope(shared_context);
    return kernel(shared_products(make_w(shared_context), body));
  }();
  const auto a = engine::count_operations(naive.code);
  const auto b = engine::count_operations(optimized.code);
  std::cout << "dyngen engine demonstration: velocity terms of one rigid body\n"
            << "  plain cross products:   " << a.mul << " mul, " << a.add << " add = " << a.total()
            << " operations\n"
            << "  shared six products:    " << b.mul << " mul, " << b.add << " add = " << b.total()
            << " operations\n\n";
  std::cout << engine::emit_cpp({"single rigid body (demonstration)", "shared six products", "-",
                                 "dyngen_demo", {}},
                                {optimized});
  return 0;
}

}  // namespace dyngen::cli
