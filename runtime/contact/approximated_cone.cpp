// Approximated cone (2^N + 1 generatrix segments) - circle: bisection over the generatrices and
// its monotone-length modification (contact preprint sec. 3, fig. 12b, 14).
#include "contact/pairs.hpp"

#include <limits>

namespace dyngen::contact {

bool generatrix_crossing(const Vec3& start, const Vec3& vector, const Circle& circle, GeneratrixCrossing& out) {
  const double rate = circle.axis.dot(vector);
  if (rate == 0.0) return false;
  // t_C of the generatrix line with the circle's plane, then d = |P_C - P_B|
  out.t = circle.axis.dot(circle.center - start) / rate;
  out.distance = (start + out.t * vector - circle.center).norm();
  return true;
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
      g.distance = -std::numeric_limits<double>::infinity();
    }
    return g;
  }
};

bool on_segment(const GeneratrixCrossing& g) { return g.t >= 0.0 && g.t <= 1.0; }

}  // namespace

PairOutcome approximated_cone_circle(const ApproximatedCone& cone, const Circle& circle, PairContact& out,
                                     ConeSearch& search) {
  search = ConeSearch{};
  const Probe probe{cone, circle, search};
  const int last = static_cast<int>(cone.starts.size()) - 1;  // 2^N
  // first iteration: i_B = 1, i_E = i_B + 2^N, i_M = i_B + 2^(N-1) (zero-based here)
  int iB = 0, iE = last, iM = last / 2;
  GeneratrixCrossing gB = probe(iB), gE = probe(iE), gM = probe(iM);
  int i_max = -1;
  GeneratrixCrossing g_max;
  while (iE - iB > 1) {
    // equal distances: the cone's axis is the circle's axis, the middle one is taken
    if (gB.distance == gM.distance && gM.distance == gE.distance) {
      i_max = iM;
      g_max = gM;
      break;
    }
    // keep the two generatrices with the largest distances and halve the sector
    if (gB.distance >= gE.distance) {
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
    const bool begin = gB.distance >= gE.distance;
    i_max = begin ? iB : iE;
    g_max = begin ? gB : gE;
  }
  // d(i_Max) < R_R: no generatrix reaches the material around the circle
  if (!(g_max.distance > circle.radius)) return PairOutcome::separated;
  int chosen = i_max;
  if (!on_segment(g_max)) {
    // monotone-length modification: walk from i_Max in the direction in which t_C approaches
    // [0, 1] (decreasing when t_C > 1, increasing when t_C < 0) while it keeps doing so
    const bool above = g_max.t > 1.0;
    const auto closer = [above](const GeneratrixCrossing& next, const GeneratrixCrossing& prev) {
      return above ? next.t < prev.t : next.t > prev.t;
    };
    int step = 0;
    GeneratrixCrossing g_next;
    if (i_max < last) {
      const GeneratrixCrossing g = probe(i_max + 1);
      if (closer(g, g_max)) {
        step = 1;
        g_next = g;
      }
    }
    if (step == 0 && i_max > 0) {
      const GeneratrixCrossing g = probe(i_max - 1);
      if (closer(g, g_max)) {
        step = -1;
        g_next = g;
      }
    }
    if (step == 0) return PairOutcome::separated;
    int j = i_max + step;
    GeneratrixCrossing g_prev = g_max;
    while (!on_segment(g_next)) {
      const int k = j + step;
      if (k < 0 || k > last || !closer(g_next, g_prev)) return PairOutcome::separated;
      g_prev = g_next;
      g_next = probe(k);
      j = k;
      if (!closer(g_next, g_prev)) return PairOutcome::separated;
    }
    // the first generatrix reaching the plane: no contact when it crosses inside the circle
    if (!(g_next.distance > circle.radius)) return PairOutcome::separated;
    chosen = j;
  }
  search.generatrix = chosen;
  return segment_circle(Segment{cone.starts[chosen], cone.vectors[chosen]}, circle, out);
}

}  // namespace dyngen::contact
