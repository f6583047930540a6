// The fixed-step integrators allocate nothing per step, and the driver nothing per step beyond its
// buffers: every heap allocation of this test executable is counted (malloc, calloc and realloc
// are interposed over glibc's, which Eigen's aligned allocation and operator new both reach).
#include "integrators/adams_bashforth_moulton.hpp"
#include "integrators/dormand_prince.hpp"
#include "integrators/houbolt.hpp"
#include "integrators/implicit_euler.hpp"
#include "integrators/integrate.hpp"
#include "integrators/rk4.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#define DYNGEN_COUNTS_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DYNGEN_COUNTS_ALLOCATIONS 0
#endif
#endif
#if !defined(DYNGEN_COUNTS_ALLOCATIONS) && defined(__GLIBC__)
#define DYNGEN_COUNTS_ALLOCATIONS 1
#endif

namespace {
std::atomic<long> allocations{0};
}  // namespace

#if DYNGEN_COUNTS_ALLOCATIONS
extern "C" {
void* __libc_malloc(std::size_t size) noexcept;
void* __libc_calloc(std::size_t count, std::size_t size) noexcept;
void* __libc_realloc(void* pointer, std::size_t size) noexcept;

void* malloc(std::size_t size) noexcept {
  ++allocations;
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  ++allocations;
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, std::size_t size) noexcept {
  ++allocations;
  return __libc_realloc(pointer, size);
}
}
constexpr bool counts_allocations = true;
#else
constexpr bool counts_allocations = false;
#endif

namespace dyngen::integrators {
namespace {

// Allocations made by run().
template <class Run>
long allocations_during(const Run& run) {
  const long before = allocations.load();
  run();
  return allocations.load() - before;
}

TEST(Allocation, CounterSeesEigenAndNew) {
  if (!counts_allocations) GTEST_SKIP() << "allocations are counted on glibc without AddressSanitizer only";
  EXPECT_GE(allocations_during([] { Vector v(100); v.setZero(); }), 1);
  EXPECT_GE(allocations_during([] { ::operator delete(::operator new(64)); }), 1);
}

// A 3-DOF chain of masses and springs, with a nonlinear spring for the Newton paths.
constexpr int dofs = 3;

void chain_rate(double t, const ConstVectorRef& y, VectorRef dydt) {
  dydt.head(dofs) = y.tail(dofs);
  for (int i = 0; i < dofs; ++i) {
    const double left = i == 0 ? y[0] : y[i] - y[i - 1];
    const double right = i + 1 < dofs ? y[i + 1] - y[i] : 0.0;
    dydt[dofs + i] = -left - left * left * left + right + 0.1 * std::sin(t);
  }
}

void chain_jacobian(double, const ConstVectorRef& y, MatrixRef dfdy) {
  dfdy.setZero();
  dfdy.topRightCorner(dofs, dofs).setIdentity();
  for (int i = 0; i < dofs; ++i) {
    const double left = i == 0 ? y[0] : y[i] - y[i - 1];
    const double stiffness = 1 + 3 * left * left;
    dfdy(dofs + i, i) -= stiffness;
    if (i > 0) dfdy(dofs + i, i - 1) += stiffness;
    if (i + 1 < dofs) {
      dfdy(dofs + i, i + 1) += 1;
      dfdy(dofs + i, i) -= 1;
    }
  }
}

SecondOrderSystem chain_system(bool nonlinear, bool analytic_jacobian) {
  SecondOrderSystem system;
  system.mass = Matrix::Identity(dofs, dofs);
  system.damping = 0.05 * Matrix::Identity(dofs, dofs);
  system.stiffness = Matrix{{2, -1, 0}, {-1, 2, -1}, {0, -1, 1}};
  system.force_depends_on_state = nonlinear;
  system.force = [nonlinear](double t, const ConstVectorRef& x, const ConstVectorRef&, VectorRef force) {
    force.setConstant(0.1 * std::sin(t));
    if (nonlinear) force[0] -= x[0] * x[0] * x[0];
  };
  if (analytic_jacobian) {
    system.force_jacobian = [](double, const ConstVectorRef& x, const ConstVectorRef&, MatrixRef dforce_dx,
                               MatrixRef dforce_dv) {
      dforce_dx.setZero();
      dforce_dx(0, 0) = -3 * x[0] * x[0];
      dforce_dv.setZero();
    };
  }
  return system;
}

std::vector<std::unique_ptr<Stepper>> all_steppers() {
  std::vector<std::unique_ptr<Stepper>> steppers;
  steppers.push_back(std::make_unique<Rk4>(chain_rate, 2 * dofs));
  steppers.push_back(std::make_unique<AdamsBashforthMoulton>(chain_rate, 2 * dofs));
  steppers.push_back(std::make_unique<ImplicitEuler>(chain_rate, 2 * dofs));
  steppers.push_back(std::make_unique<ImplicitEuler>(chain_rate, 2 * dofs, chain_jacobian));
  steppers.push_back(std::make_unique<Houbolt>(chain_system(false, false)));
  steppers.push_back(std::make_unique<Houbolt>(chain_system(true, false)));
  steppers.push_back(std::make_unique<Houbolt>(chain_system(true, true)));
  return steppers;
}

Vector chain_start() { return Vector{{0.3, -0.1, 0.2, 0.0, 0.5, -0.2}}; }

TEST(Allocation, StepsAllocateNothing) {
  if (!counts_allocations) GTEST_SKIP() << "allocations are counted on glibc without AddressSanitizer only";
  for (const auto& stepper : all_steppers()) {
    Vector y = chain_start();
    // the start of multistep methods, then steady stepping
    const long count = allocations_during([&] {
      for (int n = 0; n < 200; ++n) stepper->step(n * 0.01, 0.01, y);
      stepper->restart();
      for (int n = 200; n < 210; ++n) stepper->step(n * 0.01, 0.01, y);
    });
    EXPECT_EQ(count, 0) << stepper->name();
    EXPECT_TRUE(y.allFinite()) << stepper->name();
  }
}

TEST(Allocation, DriverAllocatesItsBuffersOnlyOnce) {
  if (!counts_allocations) GTEST_SKIP() << "allocations are counted on glibc without AddressSanitizer only";
  const Event far_away{"far away", [](double, const ConstVectorRef& y) { return y[0] - 100.0; }};
  for (const auto& stepper : all_steppers()) {
    const auto run = [&](double t1) {
      return allocations_during([&] {
        Vector y = chain_start();
        integrate(*stepper, 0.0, t1, 0.01, y, {&far_away, 1});
      });
    };
    EXPECT_EQ(run(1.0), run(0.1)) << stepper->name();
  }
}

TEST(Allocation, DormandPrinceAllocatesItsBuffersOnlyOnce) {
  if (!counts_allocations) GTEST_SKIP() << "allocations are counted on glibc without AddressSanitizer only";
  const Event far_away{"far away", [](double, const ConstVectorRef& y) { return y[0] - 100.0; }};
  DormandPrinceOptions options;
  options.max_step = 0.01;
  DormandPrince method(chain_rate, 2 * dofs, options);
  const auto run = [&](double t1) {
    return allocations_during([&] {
      Vector y = chain_start();
      method.integrate(0.0, t1, y, {&far_away, 1}, [](double, const ConstVectorRef&) { return Continuation::restart; });
    });
  };
  EXPECT_EQ(run(1.0), run(0.1));
}

}  // namespace
}  // namespace dyngen::integrators
