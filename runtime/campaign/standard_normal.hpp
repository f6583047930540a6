// The standard normal distribution's lower and upper tail probabilities and its quantile function,
// the pieces inverse-CDF sampling of (truncated) normal inputs is built from.
#pragma once

namespace dyngen::campaign {

// Phi(x) = P(X <= x) = erfc(-x / sqrt 2) / 2, accurate in the lower tail.
double standard_normal_cdf(double x);

// Q(x) = P(X > x) = erfc(x / sqrt 2) / 2 = Phi(-x), accurate in the upper tail where 1 - Phi(x)
// would cancel.
double standard_normal_upper_tail(double x);

// Phi^-1(p) for p in (0, 1): Wichura, "Algorithm AS 241: The percentage points of the normal
// distribution", Applied Statistics 37 (1988) 477-484, PPND16 (relative error about 1e-16): a
// rational function of degree 7 in (0.180625 - q^2), q = p - 1/2, for |q| <= 0.425, and in
// r = sqrt(-ln(min(p, 1 - p))) in the tails (r <= 5 and beyond). Returns -inf at 0 and +inf at 1.
double standard_normal_quantile(double p);

}  // namespace dyngen::campaign
