// Central unit latch: deflection found iteratively from the contact geometry, triggering by the
// tip entering its slot, back-face contacts afterwards (contact preprint sec. 2, fig. 3c, 8, 9).
#include "contact/contact_error.hpp"
#include "contact/latches.hpp"

#include <cmath>

namespace dyngen::contact {

namespace {

// The latch's rotation at deflection phi in the link frame: by phi about the pivot axis. At
// phi = 0 (the latch at rest, and every trigger test) it is the identity and is not formed: the
// identity's products are exact, so the points are the same to the bit.
class Deflection {
 public:
  Deflection(const CentralLatch& latch, double phi) : pivot_(latch.pivot), turned_(phi != 0.0) {
    if (turned_) rotation_ = Eigen::AngleAxisd(phi, latch.axis).toRotationMatrix();
  }
  Vec3 operator()(const Vec3& p) const { return pivot_ + (turned_ ? Vec3(rotation_ * (p - pivot_)) : Vec3(p - pivot_)); }

 private:
  const Vec3& pivot_;
  bool turned_;
  Mat3 rotation_;
};

// Deepest guide contact at phi; throws when a closed-form test leaves its valid range.
bool front_contact(const CentralLatch& latch, const LinkState& link, double phi, double time, PairContact& deepest) {
  const Deflection deflected(latch, phi);
  const Vec3 inner = link.to_passive(deflected(latch.front_inner));
  const Vec3 tip = link.to_passive(deflected(latch.front_tip));
  bool found = false;
  for (const LatchGuide& guide : latch.guides) {
    PairContact c;
    PairOutcome o = PairOutcome::separated;
    if (const auto* f = std::get_if<PreparedFrustum>(&guide.prepared))
      o = sphere_frustum(*f, tip, c);
    else if (const auto* y = std::get_if<PreparedCylinder>(&guide.prepared))
      o = sphere_cylinder(*y, tip, c);
    else
      o = segment_circle(Segment{inner, tip - inner}, std::get<Circle>(guide.prepared), latch.guide_reach, c);
    if (o == PairOutcome::outside_valid_range)
      throw ContactError(ContactErrorKind::outside_valid_range, "latch " + latch.name + " front segment", time,
                         c.range_value, 0.0);
    if (o == PairOutcome::contact && (!found || c.penetration > deepest.penetration)) {
      deepest = c;
      found = true;
    }
  }
  return found;
}

double slot_half_width(const Slot& s, double u) {
  if (u <= s.taper_begin) return s.narrow_half_width;
  if (u >= s.taper_end) return s.wide_half_width;
  return s.narrow_half_width +
         (u - s.taper_begin) * (s.wide_half_width - s.narrow_half_width) / (s.taper_end - s.taper_begin);
}

}  // namespace

bool central_latch_front_contact(const CentralLatch& latch, const LinkState& link, double deflection,
                                 PairContact& deepest) {
  return front_contact(latch, link, deflection, 0.0, deepest);
}

Vec3 central_latch_tip(const CentralLatch& latch, const LinkState& link, double deflection) {
  return link.to_passive(Deflection(latch, deflection)(latch.front_tip));
}

bool inside_slot(const Slot& slot, const Vec3& point) {
  // projection on the slot plane: (d_1, d_2) = (u, v)
  const Vec3 q = point - slot.vertex;
  const double u = q.x();
  const double v = q.dot(slot.lateral);
  return u >= 0.0 && u <= slot.length && std::abs(v) <= slot_half_width(slot, u);
}

void update_central_latch(const UnitGeometry& g, const CentralLatch& latch, const LinkState& link, double time,
                          CentralLatchState& state) {
  state.on_link = Wrench{};
  state.on_passive = Wrench{};
  if (state.triggered) return;
  double phi = state.deflection;
  PairContact last;
  bool touching = front_contact(latch, link, phi, time, last);
  if (touching) {
    // steps 1-3: turn the latch by the precision step until the front segment clears the guides
    for (;;) {
      const double next = phi + latch.deflection_step;
      if (next > latch.max_deflection)
        throw ContactError(ContactErrorKind::latch_travel_limit, "latch " + latch.name + " deflection (rad)", time,
                           next, latch.max_deflection);
      phi = next;
      PairContact c;
      if (!front_contact(latch, link, phi, time, c)) break;
      last = c;
    }
  } else {
    // the spring returns the latch by the same steps as long as the guides let it
    while (phi > 0.0) {
      const double lower = std::max(0.0, phi - latch.deflection_step);
      if (front_contact(latch, link, lower, time, last)) {
        touching = true;
        break;
      }
      phi = lower;
    }
  }
  state.deflection = phi;
  state.touching = touching;
  // step 6: the tip (2) projected on the slot plane falls inside the slot -- the tip of the latch
  // opened out (phi = 0), where it then stands: a deflected tip over the slot's mouth would trigger
  // a latch whose back face is still short of the stop face, and the snap would start the back
  // contact deep inside it
  if (inside_slot(std::get<Slot>(g.passive[latch.slot].shape), central_latch_tip(latch, link, 0.0))) {
    state.triggered = true;
    state.deflection = 0.0;
    state.touching = false;
    return;
  }
  if (!touching) return;
  // step 4: lever arm of the reaction about the latch axis through the pivot
  const Vec3 pivot = link.to_passive(latch.pivot);
  const Vec3 axis = link.rotation.transpose() * latch.axis;
  const Vec3& p = last.point_first;
  const double arm = std::abs((p - pivot).cross(last.normal).dot(axis));
  if (arm < 1e-9)
    throw ContactError(ContactErrorKind::outside_valid_range, "latch " + latch.name + " lever arm (m)", time, arm, 1e-9);
  // step 5: spring moment M = k phi + M_0 and force magnitude M / arm along n_R
  const double force = (latch.stiffness * phi + latch.preload) / arm;
  add_contact_wrench(link, p, force * last.normal, state.on_link, state.on_passive);
}

void central_latch_back_contacts(const UnitGeometry& g, int index, const UnitState& state, ContactData& data) {
  const CentralLatch& latch = g.central_latches[index];
  const LinkState& link = state.links[latch.link];
  const Segment back{link.to_passive(latch.back.origin), link.rotation.transpose() * latch.back.vector};
  PairContact c[2];
  const int n = segment_slot(back, std::get<Slot>(g.passive[latch.slot].shape), c);
  if (n < 0)
    throw ContactError(ContactErrorKind::outside_valid_range, "latch " + latch.name + " back segment in its slot (u, m)",
                       state.time, c[0].range_value, std::get<Slot>(g.passive[latch.slot].shape).length);
  for (int i = 0; i < n; ++i) apply_contact(g, latch.pair_class, -1, latch.name.c_str(), latch.link, c[i], state, data);
}

}  // namespace dyngen::contact
