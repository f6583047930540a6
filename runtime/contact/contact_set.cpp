// Contact evaluation of a pair of docking units (contact preprint sec. 1).
#include "contact/contact_set.hpp"

#include "contact/contact_error.hpp"
#include "contact/latches.hpp"

#include <algorithm>
#include <cmath>

namespace dyngen::contact {

ContactData make_contact_data(const UnitGeometry& g) {
  ContactData d;
  d.contacts.reserve(g.tasks.size() + 2 * (g.central_latches.size() + g.peripheral_latches.size()));
  d.link_wrenches.assign(g.links.size(), Wrench{});
  d.central_latches.assign(g.central_latches.size(), CentralLatchState{});
  d.peripheral_latches.assign(g.peripheral_latches.size(), PeripheralLatchState{});
  d.sensors.assign(g.sensors.size(), SensorState{});
  d.active_point.assign(g.active_offset.back(), Vec3::Zero());
  d.active_vector.assign(g.active_offset.back(), Vec3::Zero());
  d.active_midpoint.assign(g.active_offset.back(), Vec3::Zero());
  d.link_near.assign(g.links.size(), 0);
  return d;
}

void add_contact_wrench(const LinkState& link, const Vec3& p, const Vec3& force_on_passive, Wrench& on_link,
                        Wrench& on_passive) {
  // f_PU and m_PU = r~_PU,k f_PU (PU axes, about the PU origin)
  on_passive.force += force_on_passive;
  on_passive.moment += p.cross(force_on_passive);
  // f_B,j = A_PUB,j (-f_PU), m_B,j = A_PUB,j (r~_B,j,k (-f_PU)) with r_B,j,k from the link origin
  on_link.force -= link.rotation * force_on_passive;
  on_link.moment -= link.rotation * (p - link.position).cross(force_on_passive);
}

void apply_contact(const UnitGeometry& g, int pair_class, int task, const char* element, int link,
                   const PairContact& contact, const UnitState& state, ContactData& data) {
  const ContactParameters& parameters = g.pair_classes[pair_class].parameters;
  if (contact.penetration > parameters.max_penetration)
    throw ContactError(ContactErrorKind::penetration_limit, task >= 0 ? g.task_name(g.tasks[task]) : element,
                       state.time, contact.penetration, parameters.max_penetration);
  const LinkState& ls = state.links[link];
  ContactRecord r;
  r.task = task;
  r.link = link;
  r.element = element;
  r.geometry = contact;
  r.point = 0.5 * (contact.point_first + contact.point_second);
  // v_B,j,k - v_PU,k at the contact point
  const Vec3 relative = ls.velocity_at(r.point) - (state.passive_velocity + state.passive_angular_velocity.cross(r.point));
  r.force = contact_force(parameters, contact.penetration, contact.normal, relative);
  add_contact_wrench(ls, r.point, r.force.on_passive, data.link_wrenches[link], data.passive_wrench);
  data.contacts.push_back(r);
}

namespace {

void check_finite(const UnitState& state) {
  for (const LinkState& l : state.links) {
    const double sum = l.position.sum() + l.rotation.sum() + l.velocity.sum() + l.angular_velocity.sum();
    if (!std::isfinite(sum)) throw ContactError(ContactErrorKind::not_finite, "link state", state.time, sum, 0.0);
  }
  const double sum = state.passive_velocity.sum() + state.passive_angular_velocity.sum();
  if (!std::isfinite(sum)) throw ContactError(ContactErrorKind::not_finite, "passive unit state", state.time, sum, 0.0);
}

// Transforms a circle of the passive unit into a link frame and back (approximated cones are
// searched in their owner's frame so that only the chosen generatrix needs transforming).
Circle circle_to_link(const Circle& c, const LinkState& l) {
  return Circle{l.rotation * (c.center - l.position), l.rotation * c.axis, c.radius};
}

void contact_to_passive(PairContact& c, const LinkState& l) {
  c.normal = l.rotation.transpose() * c.normal;
  c.point_first = l.to_passive(c.point_first);
  c.point_second = l.to_passive(c.point_second);
}

// Swaps the roles of a contact computed with the passive primitive first: the normal then gives the
// force on the active body.
void passive_first_to_active_first(PairContact& c) {
  c.normal = -c.normal;
  std::swap(c.point_first, c.point_second);
}

// Broad phase: a link's box B (link frame) turned into PU bounds its primitives by the box about
// p + A^T c with half extents |A^T| h (A = A_PUB,j); its tasks are tested only where that box meets
// the passive box (already grown by the reach).
void mark_near_links(const UnitGeometry& g, const UnitState& state, ContactData& data) {
  for (std::size_t l = 0; l < g.links.size(); ++l) {
    const BoundingBox& box = g.link_boxes[l];
    if (box.empty() || g.passive_box.empty()) {
      data.link_near[l] = 0;
      continue;
    }
    const LinkState& ls = state.links[l];
    const Vec3 center = ls.to_passive(box.center);
    const Vec3 half = ls.rotation.transpose().cwiseAbs() * box.half;
    data.link_near[l] = ((center - g.passive_box.center).cwiseAbs().array() <= (half + g.passive_box.half).array()).all();
  }
}

// Active primitives in PU, once per evaluation (eq. 2.1; vectors rotated by A_PUB,j^T), of the
// links near the passive unit.
void transform_active(const UnitGeometry& g, const UnitState& state, ContactData& data) {
  for (std::size_t l = 0; l < g.links.size(); ++l) {
    if (!data.link_near[l]) continue;
    const LinkState& ls = state.links[l];
    for (std::size_t a = 0; a < g.links[l].primitives.size(); ++a) {
      const int i = g.active_offset[l] + static_cast<int>(a);
      const ActiveShape& shape = g.links[l].primitives[a].shape;
      if (const auto* s = std::get_if<Sphere>(&shape)) {
        data.active_point[i] = ls.to_passive(s->center);
      } else if (const auto* s = std::get_if<Segment>(&shape)) {
        data.active_point[i] = ls.to_passive(s->origin);
        data.active_vector[i] = ls.rotation.transpose() * s->vector;
        // the centre of the segment's bounding sphere (its segment - segment tasks read it)
        data.active_midpoint[i] = data.active_point[i] + 0.5 * data.active_vector[i];
      } else if (const auto* c = std::get_if<Circle>(&shape)) {
        data.active_point[i] = ls.to_passive(c->center);
        data.active_vector[i] = ls.rotation.transpose() * c->axis;
      } else if (const auto* cone = std::get_if<ApproximatedCone>(&shape)) {
        data.active_point[i] = ls.to_passive(cone->bound_center);
      }
    }
  }
}

PairOutcome test_pair(const UnitGeometry& g, const PairTask& t, const LinkState& l, PairContact& c, ContactData& data) {
  // the primitives' own shapes are looked up only by the pairs that read them (most tasks end in a
  // broad-phase test)
  const auto active = [&]() -> const ActiveShape& { return g.links[t.link].primitives[t.active].shape; };
  const auto passive = [&]() -> const PassiveShape& { return g.passive[t.passive].shape; };
  const double reach = t.reach;
  const Vec3& point = data.active_point[t.active_index];
  const Vec3& vector = data.active_vector[t.active_index];
  switch (t.kind) {
    case PairKind::sphere_frustum:
      return sphere_frustum(*std::get_if<PreparedFrustum>(&t.prepared), point, c);
    case PairKind::sphere_boundary_circle:
      return sphere_boundary_circle(*std::get_if<PreparedBoundaryCircle>(&t.prepared), point, c);
    case PairKind::sphere_cylinder:
      return sphere_cylinder(*std::get_if<PreparedCylinder>(&t.prepared), point, c);
    case PairKind::sphere_annulus:
      return sphere_annulus(*std::get_if<PreparedAnnulus>(&t.prepared), point, c);
    case PairKind::segment_circle:
      return segment_circle(Segment{point, vector}, *std::get_if<Circle>(&t.prepared), reach, c);
    case PairKind::circle_segment: {
      const Circle circle{point, vector, std::get_if<Circle>(&active())->radius};
      const PairOutcome o = segment_circle(*std::get_if<Segment>(&passive()), circle, reach, c);
      if (o == PairOutcome::contact) passive_first_to_active_first(c);
      return o;
    }
    case PairKind::segment_segment:
      // bounding spheres about the midpoints first
      if ((data.active_midpoint[t.active_index] - t.passive_center).squaredNorm() >
          t.reject_distance * t.reject_distance)
        return PairOutcome::separated;
      return segment_segment(Segment{point, vector}, *std::get_if<Segment>(&passive()), Vec3::UnitX(), reach, c);
    case PairKind::cone_circle: {
      // the cone's bounding sphere about `point` (its centre in PU)
      if (farther_from_circle(point, *std::get_if<Circle>(&t.prepared), t.reject_distance))
        return PairOutcome::separated;
      ConeSearch search;
      const PairOutcome o = approximated_cone_circle(*std::get_if<ApproximatedCone>(&active()),
                                                     circle_to_link(*std::get_if<Circle>(&t.prepared), l), reach, c,
                                                     search);
      data.generatrices_evaluated += search.evaluated;
      if (o == PairOutcome::contact) contact_to_passive(c, l);
      return o;
    }
    case PairKind::circle_cone: {
      const Circle circle{point, vector, std::get_if<Circle>(&active())->radius};
      if (farther_from_circle(t.passive_center, circle, t.reject_distance)) return PairOutcome::separated;
      ConeSearch search;
      const PairOutcome o =
          approximated_cone_circle(*std::get_if<ApproximatedCone>(&passive()), circle, reach, c, search);
      data.generatrices_evaluated += search.evaluated;
      if (o == PairOutcome::contact) passive_first_to_active_first(c);
      return o;
    }
  }
  return PairOutcome::separated;
}

// Cosine of the angle between the link's X axis (row 0 of A_PUB,j in PU) and X_PU, and the angle.
double tilt_cosine(const LinkState& l) { return std::clamp(l.rotation(0, 0), -1.0, 1.0); }
double tilt(const LinkState& l) { return std::acos(tilt_cosine(l)); }

void evaluate_sensor(const UnitGeometry& g, int index, const UnitState& state, ContactData& data) {
  const Sensor& s = g.sensors[index];
  const LinkState& l = state.links[s.link];
  const Vec3 center = l.to_passive(s.sphere.center);
  PairContact c;
  const PairOutcome o = std::visit(
      [&](const auto& prepared) {
        using T = std::decay_t<decltype(prepared)>;
        if constexpr (std::is_same_v<T, PreparedFrustum>) return sphere_frustum(prepared, center, c);
        if constexpr (std::is_same_v<T, PreparedCylinder>) return sphere_cylinder(prepared, center, c);
        if constexpr (std::is_same_v<T, PreparedAnnulus>) return sphere_annulus(prepared, center, c);
        if constexpr (std::is_same_v<T, PreparedBoundaryCircle>) return sphere_boundary_circle(prepared, center, c);
      },
      s.prepared);
  SensorState& st = data.sensors[index];
  if (o == PairOutcome::outside_valid_range)
    throw ContactError(ContactErrorKind::outside_valid_range, "sensor " + s.name, state.time, c.range_value, 0.0);
  if (o != PairOutcome::contact) {
    st = SensorState{};
    return;
  }
  // the plunger retracts by the penetration it would have: travel = Delta_n
  st.travel = c.penetration;
  if (st.travel > s.max_travel)
    throw ContactError(ContactErrorKind::latch_travel_limit, "sensor " + s.name, state.time, st.travel, s.max_travel);
  st.on = st.travel >= s.trigger_travel;
  add_contact_wrench(l, c.point_second, (s.stiffness * st.travel + s.preload) * c.normal, data.link_wrenches[s.link],
                     data.passive_wrench);
}

}  // namespace

void evaluate_contacts(const UnitGeometry& g, const UnitState& state, ContactData& data) {
  check_finite(state);
  data.contacts.clear();
  data.generatrices_evaluated = 0;
  for (Wrench& w : data.link_wrenches) w = Wrench{};
  data.passive_wrench = Wrench{};
  mark_near_links(g, state, data);
  transform_active(g, state, data);
  // a far link's tasks are skipped as one range (pointers: the loop's bounds are read once, not
  // after every store into data)
  const PairTask* const tasks = g.tasks.data();
  const std::size_t link_count = g.links.size();
  // one record for all tests: each writes what its outcome reports (a contact's penetration,
  // normal and points, or the range value), so nothing of an earlier test is read
  PairContact c;
  for (std::size_t link = 0; link < link_count; ++link) {
    if (!data.link_near[link]) continue;
    const LinkState& l = state.links[link];
    const PairTask* const end = tasks + g.link_tasks[link + 1];
    for (const PairTask* task = tasks + g.link_tasks[link]; task != end; ++task) {
      const PairTask& t = *task;
      const PairOutcome o = test_pair(g, t, l, c, data);
      if (o == PairOutcome::separated) continue;
      if (o == PairOutcome::outside_valid_range)
        throw ContactError(ContactErrorKind::outside_valid_range, g.task_name(t), state.time, c.range_value, 0.0);
      if (const PairClass& p = g.pair_classes[t.pair_class]; tilt_cosine(l) < p.tilt_cosine)
        throw ContactError(ContactErrorKind::outside_valid_range, g.task_name(t) + " (link tilt, rad)", state.time,
                           tilt(l), p.parameters.max_tilt);
      apply_contact(g, t.pair_class, static_cast<int>(task - tasks), "", static_cast<int>(link), c, state, data);
    }
  }
  for (std::size_t i = 0; i < g.central_latches.size(); ++i) {
    const CentralLatchState& s = data.central_latches[i];
    if (s.triggered) {
      central_latch_back_contacts(g, static_cast<int>(i), state, data);
    } else {
      const int link = g.central_latches[i].link;
      data.link_wrenches[link].force += s.on_link.force;
      data.link_wrenches[link].moment += s.on_link.moment;
      data.passive_wrench.force += s.on_passive.force;
      data.passive_wrench.moment += s.on_passive.moment;
    }
  }
  for (std::size_t i = 0; i < g.peripheral_latches.size(); ++i) {
    const PeripheralLatchState& s = data.peripheral_latches[i];
    if (s.triggered) {
      peripheral_latch_back_contacts(g, static_cast<int>(i), state, data);
    } else {
      const int link = g.peripheral_latches[i].link;
      data.link_wrenches[link].force += s.on_link.force;
      data.link_wrenches[link].moment += s.on_link.moment;
      data.passive_wrench.force += s.on_passive.force;
      data.passive_wrench.moment += s.on_passive.moment;
    }
  }
  for (std::size_t i = 0; i < g.sensors.size(); ++i) evaluate_sensor(g, static_cast<int>(i), state, data);
}

void update_latches(const UnitGeometry& g, const UnitState& state, double step, ContactData& data) {
  check_finite(state);
  for (std::size_t i = 0; i < g.central_latches.size(); ++i) {
    const CentralLatch& latch = g.central_latches[i];
    update_central_latch(g, latch, state.links[latch.link], state.time, data.central_latches[i]);
  }
  for (std::size_t i = 0; i < g.peripheral_latches.size(); ++i) {
    const PeripheralLatch& latch = g.peripheral_latches[i];
    update_peripheral_latch(g, latch, state.links[latch.link], state.time, step, data.peripheral_latches[i]);
  }
  // capture: all latches triggered (central unit) / at least one latch of each pair (peripheral)
  if (g.capture == CaptureRule::all_latches) {
    bool all = !g.central_latches.empty() || !g.peripheral_latches.empty();
    for (const CentralLatchState& s : data.central_latches) all = all && s.triggered;
    for (const PeripheralLatchState& s : data.peripheral_latches) all = all && s.triggered;
    data.captured = all;
  } else {
    int groups = 0;
    for (const PeripheralLatch& l : g.peripheral_latches) groups = std::max(groups, l.group + 1);
    std::vector<bool> held(groups, false);
    for (std::size_t i = 0; i < g.peripheral_latches.size(); ++i)
      if (data.peripheral_latches[i].triggered) held[g.peripheral_latches[i].group] = true;
    bool all = groups > 0;
    for (const bool h : held) all = all && h;
    data.captured = all;
  }
}

}  // namespace dyngen::contact
