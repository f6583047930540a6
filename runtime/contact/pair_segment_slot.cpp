// Back segment of a triggered central latch - slot of the socket (contact preprint sec. 2, fig. 9).
#include "contact/latches.hpp"

#include <cmath>

namespace dyngen::contact {

// Returns the number of contacts (0..2), or -1 when the crossing lies beyond the slot's length.
int segment_slot(const Segment& segment, const Slot& slot, PairContact out[2]) {
  const double rate = slot.plane_normal.dot(segment.vector);
  if (rate == 0.0) return 0;
  // P_C: crossing of the segment with the slot plane
  const double t = slot.plane_normal.dot(slot.vertex - segment.origin) / rate;
  if (t < 0.0 || t > 1.0) return 0;
  const Vec3 crossing = segment.origin + t * segment.vector;
  const Vec3 q = crossing - slot.vertex;
  // d_1 = u from the stop face along X_PU, d_2 = |v| across the slot
  const double u = q.x();
  const double v = q.dot(slot.lateral);
  if (u > slot.length) {
    out[0].range_value = u;
    return -1;
  }
  int n = 0;
  // Delta_x: axial penetration into the stop face (u < 0), n_x = -X_PU
  if (u < 0.0) {
    PairContact& c = out[n++];
    c.penetration = -u;
    c.normal = -Vec3::UnitX();
    c.point_first = crossing;
    c.point_second = crossing + c.penetration * Vec3::UnitX();
  }
  const double side = v < 0.0 ? -1.0 : 1.0;
  const double ua = std::max(u, 0.0);
  double penetration = 0.0;
  Vec3 normal;
  if (ua <= slot.taper_begin || ua >= slot.taper_end) {
    // Delta_L into the vertical walls of the narrow or the wide part, n_L across the slot
    const double half = ua <= slot.taper_begin ? slot.narrow_half_width : slot.wide_half_width;
    penetration = std::abs(v) - half;
    normal = side * slot.lateral;
  } else {
    // Delta_S into the inclined walls at angle beta to the axis, n_S = (-sin beta, +-cos beta)
    const double tan_beta = (slot.wide_half_width - slot.narrow_half_width) / (slot.taper_end - slot.taper_begin);
    const double cos_beta = 1.0 / std::sqrt(1.0 + tan_beta * tan_beta);
    const double half = slot.narrow_half_width + (ua - slot.taper_begin) * tan_beta;
    penetration = (std::abs(v) - half) * cos_beta;
    normal = -tan_beta * cos_beta * Vec3::UnitX() + side * cos_beta * slot.lateral;
  }
  if (penetration > 0.0) {
    PairContact& c = out[n++];
    c.penetration = penetration;
    c.normal = normal;
    c.point_first = crossing;
    c.point_second = crossing - penetration * normal;
  }
  return n;
}

}  // namespace dyngen::contact
