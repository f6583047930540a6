// Peripheral unit latch: implicit-Euler plunger on the stop's guide face, triggering past the lock
// plane, back-face contacts afterwards (contact preprint sec. 3, fig. 15, 16).
#include "contact/contact_error.hpp"
#include "contact/latches.hpp"

#include <cmath>
#include <type_traits>

namespace dyngen::contact {

LatchStep peripheral_latch_step(double m, double k, double f0, double f_R, double h, double v, double x) {
  // [1, h k/m; -h, 1] [v(t+h); x(t+h)] = [v(t) + (f_R,L(t+h) - f_L,0) h/m; x(t)]
  const double delta0 = 1.0 + h * h * k / m;
  const double delta1 = v + (h / m) * ((f_R - f0) - k * x);
  const double delta2 = x + h * (v + (f_R - f0) * h / m);
  return {delta1 / delta0, delta2 / delta0};
}

void update_peripheral_latch(const UnitGeometry&, const PeripheralLatch& latch, const LinkState& link, double time,
                             double step, PeripheralLatchState& state) {
  state.on_link = Wrench{};
  state.on_passive = Wrench{};
  if (state.triggered) return;
  const Vec3 origin = link.to_passive(latch.origin);
  // n_L: unit vector of the latch line, PU axes
  const Vec3 n_L = link.rotation.transpose() * latch.direction;
  // tip E with the current spring deflection x_L
  const Vec3 tip = origin + (latch.length - state.deflection) * n_L;
  PairContact c;
  double f_RL = 0.0;
  const PairOutcome o = sphere_frustum(latch.guide_prepared, tip, c);
  if (o == PairOutcome::outside_valid_range)
    throw ContactError(ContactErrorKind::outside_valid_range, "latch " + latch.name + " on its stop", time,
                       c.range_value, 0.0);
  if (o == PairOutcome::contact) {
    // f_n = k_L,S Delta_n along the guide's normal, f_R,L = n_L^T n_R f_n compresses the spring
    f_RL = std::max(0.0, n_L.dot(c.normal)) * latch.contact_stiffness * c.penetration;
  }
  LatchStep next = peripheral_latch_step(latch.mass, latch.stiffness, latch.preload, f_RL, step, state.rate,
                                         state.deflection);
  // the plunger rests on its extension stop, held by the preload
  if (next.deflection <= 0.0) next = LatchStep{0.0, 0.0};
  if (next.deflection > latch.max_travel)
    throw ContactError(ContactErrorKind::latch_travel_limit, "latch " + latch.name, time, next.deflection,
                       latch.max_travel);
  state.rate = next.rate;
  state.deflection = next.deflection;
  const Vec3 moved_tip = origin + (latch.length - state.deflection) * n_L;
  // past the stop: the tip is beyond the lock plane and outside the lock face's inner edge
  if (moved_tip.x() > latch.lock_x && std::hypot(moved_tip.y(), moved_tip.z()) > latch.lock_circle.radius) {
    state.triggered = true;
    state.deflection = 0.0;
    state.rate = 0.0;
    return;
  }
  if (state.deflection > 0.0) {
    // f_L,A = -(k_L x_L + f_L,0) n_L on the ring at E, the opposite on the passive unit
    add_contact_wrench(link, moved_tip, (latch.stiffness * state.deflection + latch.preload) * n_L, state.on_link,
                       state.on_passive);
  }
}

void peripheral_latch_back_contacts(const UnitGeometry& g, int index, const UnitState& state, ContactData& data) {
  const PeripheralLatch& latch = g.peripheral_latches[index];
  if (latch.back < 0) return;
  const LinkState& link = state.links[latch.link];
  const Vec3 tip = link.to_passive(latch.origin) + latch.length * (link.rotation.transpose() * latch.direction);
  PairContact c;
  // the latch's end point B on the stop's back face
  const PairOutcome o = std::visit(
      [&](const auto& back) {
        using T = std::decay_t<decltype(back)>;
        if constexpr (std::is_same_v<T, PreparedAnnulus>) return sphere_annulus(back, tip, c);
        else return sphere_frustum(back, tip, c);
      },
      latch.back_prepared);
  if (o == PairOutcome::outside_valid_range)
    throw ContactError(ContactErrorKind::outside_valid_range, "latch " + latch.name + " on its back face", state.time,
                       c.range_value, 0.0);
  if (o == PairOutcome::contact) apply_contact(g, latch.pair_class, -1, latch.name.c_str(), latch.link, c, state, data);
}

}  // namespace dyngen::contact
