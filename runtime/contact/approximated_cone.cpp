// Approximated cone (2^N + 1 generatrix segments) - circle: bisection over the generatrices and
// its monotone-length modification (contact preprint sec. 3, fig. 12b, 14).
#include "contact/pairs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dyngen::contact {

namespace {

// Whether the direction of w, in the (y, z) plane, lies inside the arc of starts: within the arc's
// half-span of the middle start's direction m. A linear function w.u(phi) takes its largest value
// on the arc there (|w|), otherwise at an end.
bool direction_within_arc(const ApproximatedCone& cone, const Vec2& w) {
  // w.m / |m| >= cos(half-span) |w| with cos(half-span) = b.m / R_B^2 (b the first start's (y, z);
  // both have length R_B), multiplied by R_B^2
  const Vec2 m = cone.starts[(cone.starts.size() - 1) / 2].tail<2>(), b = cone.starts.front().tail<2>();
  return w.dot(m) * cone.base_radius >= b.dot(m) * w.norm();
}

}  // namespace

double plane_lead_over_starts(const ApproximatedCone& cone, const Circle& circle) {
  const Vec3& n = circle.axis;
  // start s(phi) = (x_B, R u(phi)), u = (cos phi, sin phi); the plane n.(p - c) = 0 lies at X distance
  //   delta(s) = direction n.(c - s) / n_x = k0 - k1 w.u(phi),   w = (n_y, n_z),   k1 = direction R / n_x
  // ahead of it: the minimum over the arc is at an end, or where u(phi) is along sign(k1) w when
  // that lies inside the arc (within its half-span of the middle start's direction m).
  const double scale = cone.direction / n.x();
  const auto delta = [&](const Vec3& start) { return scale * n.dot(circle.center - start); };
  const std::size_t last = cone.starts.size() - 1;
  double lead = std::min(delta(cone.starts.front()), delta(cone.starts[last]));
  const Vec2 w(n.y(), n.z());
  const double w_norm = w.norm();
  if (w_norm == 0.0) return lead;
  if (direction_within_arc(cone, (scale > 0.0 ? 1.0 : -1.0) * w)) {
    const double k0 = scale * (n.dot(circle.center) - n.x() * cone.base_x);
    lead = std::min(lead, k0 - std::abs(scale) * cone.base_radius * w_norm);
  }
  return lead;
}

bool crossings_inside_circle(const ApproximatedCone& cone, const Circle& circle) {
  const Vec3& n = circle.axis;
  const double R_B = cone.base_radius, R = circle.radius;
  // D(phi) = D_0 + D_1 cos phi + D_2 sin phi with D_0 = (delta, 0, 0), D_1 = R_B Y, D_2 = R_B Z
  // (orthogonal): m = n.D = m_0 + m_1 cos phi + m_2 sin phi, and with g_i = e.D_i
  //   M_ij = m_i m_j (|e|^2 - R_R^2) + k (m_i g_j + m_j g_i) + k^2 D_i.D_j,
  // F = v^T M v for v = (1, cos phi, sin phi)
  const double delta = cone.base_x - cone.apex_x;
  const Vec3 e = Vec3(cone.apex_x, 0.0, 0.0) - circle.center;
  const double k = -n.dot(e), E = e.squaredNorm() - R * R;
  const double m0 = n.x() * delta, m1 = R_B * n.y(), m2 = R_B * n.z();
  const double g0 = e.x() * delta, g1 = e.y() * R_B, g2 = e.z() * R_B;
  const double M00 = m0 * m0 * E + 2.0 * k * m0 * g0 + k * k * delta * delta;
  const double M01 = m0 * m1 * E + k * (m0 * g1 + m1 * g0);
  const double M02 = m0 * m2 * E + k * (m0 * g2 + m2 * g0);
  const double M12 = m1 * m2 * E + k * (m1 * g2 + m2 * g1);
  // (M_11 + M_22) / 2 and (M_11 - M_22) / 2
  const double M_mean = 0.5 * (m1 * m1 + m2 * m2) * E + k * (m1 * g1 + m2 * g2) + k * k * R_B * R_B;
  const double M_half_difference = 0.5 * (m1 * m1 - m2 * m2) * E + k * (m1 * g1 - m2 * g2);
  // F = a + first.(cos phi, sin phi) + second harmonic of amplitude |(M_half_difference, M_12)|
  const double a = M00 + M_mean;
  const Vec2 first(2.0 * M01, 2.0 * M02);
  const double second = std::sqrt(M_half_difference * M_half_difference + M12 * M12);
  // the first harmonic's largest value on the arc (its starts' (y, z) have length R_B)
  const double first_max =
      direction_within_arc(cone, first)
          ? first.norm()
          : std::max(first.dot(cone.starts.front().tail<2>()), first.dot(cone.starts.back().tail<2>())) / R_B;
  // rounding: well above that of F's terms, far below any separation that matters (1e-12 relative)
  const double scale = (m0 * m0 + m1 * m1 + m2 * m2) * (E + 2.0 * R * R) +
                       k * k * (delta * delta + 2.0 * R_B * R_B);
  return a + first_max + second < -1e-12 * scale;
}

namespace {

struct Probe {
  const ApproximatedCone& cone;
  const Circle& circle;
  ConeSearch& search;

  // A generatrix parallel to the plane never crosses it: it can neither be the farthest one nor
  // lie on the plane (t = +inf).
  GeneratrixCrossing operator()(int i) const {
    ++search.evaluated;
    GeneratrixCrossing g;
    if (!generatrix_crossing(cone.starts[i], cone.vectors[i], circle, g)) {
      g.t = std::numeric_limits<double>::infinity();
      g.distance_squared = -1.0;
    }
    return g;
  }
};

bool on_segment(const GeneratrixCrossing& g) { return g.t >= 0.0 && g.t <= 1.0; }

// A candidate generatrix: index (-1 for none) and its crossing.
struct Candidate {
  int index = -1;
  GeneratrixCrossing crossing;
};

// The preprint's walk: from generatrix i (crossing g off its segment) step towards the neighbour
// whose t_C is closer to [0, 1] (decreasing when t_C > 1, increasing when t_C < 0) while t_C keeps
// approaching; returns the first generatrix crossing within its length, if any.
Candidate walk(const Probe& probe, int i, const GeneratrixCrossing& g, int last) {
  if (on_segment(g)) return {i, g};
  const bool above = g.t > 1.0;
  const auto closer = [above](const GeneratrixCrossing& next, const GeneratrixCrossing& prev) {
    return above ? next.t < prev.t : next.t > prev.t;
  };
  int step = 0;
  GeneratrixCrossing next;
  for (const int side : {1, -1}) {
    if (i + side < 0 || i + side > last) continue;
    const GeneratrixCrossing n = probe(i + side);
    if (closer(n, g)) {
      step = side;
      next = n;
      break;
    }
  }
  if (step == 0) return {};
  int j = i + step;
  while (!on_segment(next)) {
    if (j + step < 0 || j + step > last) return {};
    const GeneratrixCrossing n = probe(j + step);
    if (!closer(n, next)) return {};
    next = n;
    j += step;
  }
  return {j, next};
}

}  // namespace

PairOutcome approximated_cone_circle(const ApproximatedCone& cone, const Circle& circle, double reach,
                                     PairContact& out, ConeSearch& search) {
  search = ConeSearch{};
  if (std::abs(circle.axis.x()) < kMinPlaneAxisCosine) {
    out.range_value = circle.axis.x();
    return PairOutcome::outside_valid_range;
  }
  // the whole petal short of the plane (seen along its direction): every start has the plane ahead
  // (valid) and no generatrix reaches it, so none crosses it within its length
  const double side = cone.direction * circle.axis.x() > 0.0 ? 1.0 : -1.0;
  if (side * circle.axis.dot(circle.center - cone.bound_center) > cone.bound_radius) return PairOutcome::separated;
  if (const double lead = plane_lead_over_starts(cone, circle); lead < 0.0) {
    out.range_value = lead;
    return PairOutcome::outside_valid_range;
  }
  if (crossings_inside_circle(cone, circle)) return PairOutcome::separated;
  const Probe probe{cone, circle, search};
  const int last = static_cast<int>(cone.starts.size()) - 1;  // 2^N
  // first iteration: i_B = 1, i_E = i_B + 2^N, i_M = i_B + 2^(N-1) (zero-based here)
  int iB = 0, iE = last, iM = last / 2;
  GeneratrixCrossing gB = probe(iB), gE = probe(iE), gM = probe(iM);
  int i_max = -1;
  GeneratrixCrossing g_max;
  while (iE - iB > 1) {
    // equal distances: the cone's axis is the circle's axis, the middle one is taken
    if (gB.distance_squared == gM.distance_squared && gM.distance_squared == gE.distance_squared) {
      i_max = iM;
      g_max = gM;
      break;
    }
    // keep the two generatrices with the largest distances and halve the sector
    if (gB.distance_squared >= gE.distance_squared) {
      iE = iM;
      gE = gM;
    } else {
      iB = iM;
      gB = gM;
    }
    if (iE - iB > 1) {
      iM = (iB + iE) / 2;
      gM = probe(iM);
    }
  }
  search.bisection_evaluated = search.evaluated;
  if (i_max < 0) {
    const bool begin = gB.distance_squared >= gE.distance_squared;
    i_max = begin ? iB : iE;
    g_max = begin ? gB : gE;
  }
  // Engineering addition: the preprint's rule (keep the half with the larger end) is exact for a
  // symmetric peak; the crossing curve of a tilted plane makes the peak slightly asymmetric, so the
  // neighbours are checked and, if one is larger, the peak is found on that side by bisection on
  // the discrete slope (exact for a unimodal profile).
  for (const int side : {-1, 1}) {
    const int n = i_max + side;
    if (n < 0 || n > last) continue;
    const GeneratrixCrossing g = probe(n);
    if (g.distance_squared <= g_max.distance_squared) continue;
    int lo = side > 0 ? n : 0, hi = side > 0 ? last : n;
    while (hi - lo > 1) {
      const int m = (lo + hi) / 2;
      if (probe(m + 1).distance_squared > probe(m).distance_squared) lo = m + 1;
      else hi = m;
    }
    const GeneratrixCrossing g_lo = probe(lo), g_hi = probe(hi);
    i_max = g_lo.distance_squared >= g_hi.distance_squared ? lo : hi;
    g_max = g_lo.distance_squared >= g_hi.distance_squared ? g_lo : g_hi;
    break;
  }
  // d(i_Max) < R_R: no generatrix reaches the material around the circle
  if (!(g_max.distance_squared > circle.radius * circle.radius)) return PairOutcome::separated;
  int chosen = i_max;
  if (!on_segment(g_max)) {
    // monotone-length modification: from i_Max walk in the direction in which t_C approaches [0, 1]
    // while it keeps approaching; the first generatrix reaching the plane within its length is the
    // candidate. Engineering addition: when the circle is offset towards the petal, d has a valley
    // and two contact regions, so the same walk is also made inwards from the ends of the petal and
    // the candidate with the largest d is taken.
    Candidate candidates[3] = {walk(probe, i_max, g_max, last)};
    int n = 1;
    for (const int end : {0, last})
      if (end != i_max) candidates[n++] = walk(probe, end, probe(end), last);
    chosen = -1;
    double best = circle.radius * circle.radius;
    for (int k = 0; k < n; ++k) {
      const Candidate& c = candidates[k];
      if (c.index >= 0 && c.crossing.distance_squared > best) {
        best = c.crossing.distance_squared;
        chosen = c.index;
      }
    }
    if (chosen < 0) return PairOutcome::separated;
  }
  search.generatrix = chosen;
  return segment_circle(Segment{cone.starts[chosen], cone.vectors[chosen]}, circle, reach, out);
}

}  // namespace dyngen::contact
