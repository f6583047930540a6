// require_finite: every vector of finite values passes, the extremes of the double range and
// subnormals included; an infinity of either sign or a NaN anywhere is reported with its component
// (the first one, when there are several), value, time, method and what was checked.
#include "integrators/ode.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace dyngen::integrators {
namespace {

Vector finite_values(Eigen::Index n) {
  const double extremes[] = {std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::denorm_min(), -0.0, 1.0, -3.5e-300};
  Vector y(n);
  for (Eigen::Index i = 0; i < n; ++i) y[i] = extremes[i % 6];
  return y;
}

TEST(RequireFinite, FiniteVectorsPassTheirExtremesIncluded) {
  for (Eigen::Index n = 0; n <= 67; ++n) EXPECT_NO_THROW(require_finite(finite_values(n), 0.0, "rk4", "the state")) << n;
}

TEST(RequireFinite, ReportsTheFirstNonFiniteComponent) {
  const double bad[] = {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                        std::numeric_limits<double>::quiet_NaN()};
  for (Eigen::Index n = 1; n <= 67; n += 3)
    for (Eigen::Index i = 0; i < n; ++i)
      for (const double value : bad) {
        Vector y = finite_values(n);
        y[i] = value;
        if (i + 2 < n) y[i + 2] = std::numeric_limits<double>::quiet_NaN();
        try {
          require_finite(y, 1.25, "rk45", "the right-hand side");
          ADD_FAILURE() << "n " << n << ", component " << i << " = " << value << ": no error";
        } catch (const IntegrationError& e) {
          EXPECT_EQ(e.kind(), IntegrationErrorKind::not_finite);
          EXPECT_EQ(e.component(), i);
          if (std::isnan(value))
            EXPECT_TRUE(std::isnan(e.value()));
          else
            EXPECT_EQ(e.value(), value);
          EXPECT_EQ(e.time(), 1.25);
          EXPECT_EQ(e.method(), "rk45");
          EXPECT_EQ(e.detail(), "the right-hand side");
        }
      }
}

}  // namespace
}  // namespace dyngen::integrators
