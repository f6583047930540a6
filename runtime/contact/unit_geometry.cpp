// Pair table of a docking unit: which primitive pairs are tested and their precomputed constants
// (contact preprint sec. 1 item 5: pairs chosen so that each has a closed-form test).
#include "contact/unit_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dyngen::contact {

namespace {

template <class... F>
struct Overload : F... {
  using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

Circle coaxial_circle(const BoundaryCircle& edge) { return Circle{Vec3(edge.x, 0.0, 0.0), Vec3::UnitX(), edge.radius}; }

// Boxes of the primitives: a surface of revolution about X_PU between abscissae x0, x1 up to radius
// r, a circle (its extent along axis i is R sqrt(1 - n_i^2)), a ball.
void add_coaxial(BoundingBox& box, double x0, double x1, double r) {
  box.add(Vec3(std::min(x0, x1), -r, -r), Vec3(std::max(x0, x1), r, r));
}
void add_circle(BoundingBox& box, const Circle& c) {
  const Vec3 extent = c.radius * (Vec3::Ones() - c.axis.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
  box.add(c.center - extent, c.center + extent);
}
void add_ball(BoundingBox& box, const Vec3& center, double radius) {
  box.add(center - Vec3::Constant(radius), center + Vec3::Constant(radius));
}
void add_segment(BoundingBox& box, const Segment& s) {
  box.add(s.origin.cwiseMin(s.origin + s.vector), s.origin.cwiseMax(s.origin + s.vector));
}

void add_passive(BoundingBox& box, const PassiveShape& shape) {
  std::visit(Overload{[&](const Frustum& f) { add_coaxial(box, f.rim1.x(), f.rim2.x(), std::max(f.rim1.y(), f.rim2.y())); },
                      [&](const Cylinder& c) { add_coaxial(box, c.x_begin, c.x_end, c.radius); },
                      [&](const Annulus& a) { add_coaxial(box, a.x, a.x, a.r_max); },
                      [&](const BoundaryCircle& b) { add_coaxial(box, b.x, b.x, b.radius); },
                      [&](const Circle& c) { add_circle(box, c); },
                      [&](const Segment& s) { add_segment(box, s); },
                      [&](const ApproximatedCone& c) { add_ball(box, c.bound_center, c.bound_radius); },
                      [&](const Slot&) { throw std::logic_error("a slot has no pair task"); }},
             shape);
}

void add_active(BoundingBox& box, const ActiveShape& shape) {
  std::visit(Overload{[&](const Sphere& s) { add_ball(box, s.center, s.radius); },
                      [&](const Segment& s) { add_segment(box, s); },
                      [&](const Circle& c) { add_circle(box, c); },
                      [&](const ApproximatedCone& c) { add_ball(box, c.bound_center, c.bound_radius); }},
             shape);
}

[[noreturn]] void unsuitable(const std::string& owner, const PassivePrimitive& p, const char* expected) {
  throw std::invalid_argument(owner + " refers to " + p.name + " (" + shape_type_name(p.shape) + "), expected " +
                              expected);
}

double class_margin(const UnitGeometry& g, int pair_class) {
  return kDepthMarginFactor * g.pair_classes.at(pair_class).parameters.max_penetration;
}

// Latch guides are met by the latch's tip point (frustum, cylinder) or its front segment (edges).
void prepare_central_latch(const UnitGeometry& g, CentralLatch& latch) {
  latch.guides.clear();
  const double margin = class_margin(g, latch.pair_class);
  latch.guide_reach = margin;
  for (const int p : latch.guide_primitives) {
    const PassiveShape& shape = g.passive.at(p).shape;
    LatchGuide guide{p, Circle{}};
    if (const auto* f = std::get_if<Frustum>(&shape))
      guide.prepared = prepare_sphere_frustum(*f, 0.0, margin);
    else if (const auto* c = std::get_if<Cylinder>(&shape))
      guide.prepared = prepare_sphere_cylinder(*c, 0.0, margin);
    else if (const auto* e = std::get_if<BoundaryCircle>(&shape))
      guide.prepared = coaxial_circle(*e);
    else
      unsuitable("latch " + latch.name, g.passive[p], "frustum, cylinder or boundary_circle");
    latch.guides.push_back(guide);
  }
  if (!std::holds_alternative<Slot>(g.passive.at(latch.slot).shape))
    unsuitable("latch " + latch.name, g.passive[latch.slot], "slot");
}

void prepare_peripheral_latch(const UnitGeometry& g, PeripheralLatch& latch) {
  const double margin = class_margin(g, latch.pair_class);
  const auto* guide = std::get_if<Frustum>(&g.passive.at(latch.guide).shape);
  if (!guide) unsuitable("latch " + latch.name, g.passive[latch.guide], "frustum");
  latch.guide_prepared = prepare_sphere_frustum(*guide, 0.0, margin);
  const PassiveShape& lock = g.passive.at(latch.lock).shape;
  if (const auto* c = std::get_if<Circle>(&lock))
    latch.lock_circle = *c;
  else if (const auto* e = std::get_if<BoundaryCircle>(&lock))
    latch.lock_circle = coaxial_circle(*e);
  else
    unsuitable("latch " + latch.name, g.passive[latch.lock], "circle or boundary_circle");
  latch.lock_x = latch.lock_circle.center.x();
  if (latch.back >= 0) {
    const PassiveShape& back = g.passive.at(latch.back).shape;
    if (const auto* a = std::get_if<Annulus>(&back))
      latch.back_prepared = prepare_sphere_annulus(*a, 0.0, margin);
    else if (const auto* f = std::get_if<Frustum>(&back))
      latch.back_prepared = prepare_sphere_frustum(*f, 0.0, margin);
    else
      unsuitable("latch " + latch.name, g.passive[latch.back], "annulus or frustum");
  }
}

void prepare_sensor(const UnitGeometry& g, Sensor& sensor) {
  const PassiveShape& shape = g.passive.at(sensor.passive).shape;
  const double r = sensor.sphere.radius;
  const double margin = sensor.max_travel;
  if (const auto* f = std::get_if<Frustum>(&shape))
    sensor.prepared = prepare_sphere_frustum(*f, r, margin);
  else if (const auto* c = std::get_if<Cylinder>(&shape))
    sensor.prepared = prepare_sphere_cylinder(*c, r, margin);
  else if (const auto* a = std::get_if<Annulus>(&shape))
    sensor.prepared = prepare_sphere_annulus(*a, r, margin);
  else if (const auto* e = std::get_if<BoundaryCircle>(&shape))
    sensor.prepared = prepare_sphere_boundary_circle(*e, r);
  else
    unsuitable("sensor " + sensor.name, g.passive[sensor.passive], "frustum, cylinder, annulus or boundary_circle");
}

}  // namespace

int UnitGeometry::find_passive(const std::string& n) const {
  for (std::size_t i = 0; i < passive.size(); ++i)
    if (passive[i].name == n) return static_cast<int>(i);
  return -1;
}

int UnitGeometry::find_link(const std::string& n) const {
  for (std::size_t i = 0; i < links.size(); ++i)
    if (links[i].name == n) return static_cast<int>(i);
  return -1;
}

int UnitGeometry::find_pair_class(const std::string& active_surface, const std::string& passive_surface) const {
  for (std::size_t i = 0; i < pair_classes.size(); ++i)
    if (pair_classes[i].active_surface == active_surface && pair_classes[i].passive_surface == passive_surface)
      return static_cast<int>(i);
  return -1;
}

std::string UnitGeometry::task_name(const PairTask& task) const {
  return links[task.link].name + "/" + links[task.link].primitives[task.active].name + " - " +
         passive[task.passive].name;
}

const char* shape_type_name(const ActiveShape& shape) {
  return std::visit(Overload{[](const Sphere& s) { return s.radius > 0.0 ? "sphere" : "point"; },
                             [](const Segment&) { return "segment"; }, [](const Circle&) { return "circle"; },
                             [](const ApproximatedCone&) { return "approximated_cone"; }},
                    shape);
}

const char* shape_type_name(const PassiveShape& shape) {
  return std::visit(
      Overload{[](const Frustum&) { return "frustum"; }, [](const Cylinder&) { return "cylinder"; },
               [](const Annulus&) { return "annulus"; }, [](const BoundaryCircle&) { return "boundary_circle"; },
               [](const Circle&) { return "circle"; }, [](const Segment&) { return "segment"; },
               [](const ApproximatedCone&) { return "approximated_cone"; }, [](const Slot&) { return "slot"; }},
      shape);
}

bool pair_kind(const ActiveShape& active, const PassiveShape& passive, PairKind& kind) {
  const bool circle_like = std::holds_alternative<Circle>(passive) || std::holds_alternative<BoundaryCircle>(passive);
  if (std::holds_alternative<Sphere>(active)) {
    if (std::holds_alternative<Frustum>(passive)) return kind = PairKind::sphere_frustum, true;
    if (std::holds_alternative<BoundaryCircle>(passive)) return kind = PairKind::sphere_boundary_circle, true;
    if (std::holds_alternative<Cylinder>(passive)) return kind = PairKind::sphere_cylinder, true;
    if (std::holds_alternative<Annulus>(passive)) return kind = PairKind::sphere_annulus, true;
    return false;
  }
  if (std::holds_alternative<Segment>(active)) {
    if (circle_like) return kind = PairKind::segment_circle, true;
    if (std::holds_alternative<Segment>(passive)) return kind = PairKind::segment_segment, true;
    return false;
  }
  if (std::holds_alternative<Circle>(active)) {
    if (std::holds_alternative<Segment>(passive)) return kind = PairKind::circle_segment, true;
    if (std::holds_alternative<ApproximatedCone>(passive)) return kind = PairKind::circle_cone, true;
    return false;
  }
  if (circle_like) return kind = PairKind::cone_circle, true;
  return false;
}

void BoundingBox::add(const Vec3& low, const Vec3& high) {
  Vec3 lo = low, hi = high;
  if (!empty()) {
    lo = lo.cwiseMin(center - half);
    hi = hi.cwiseMax(center + half);
  }
  center = 0.5 * (lo + hi);
  half = 0.5 * (hi - lo);
}

void finalize_geometry(UnitGeometry& g) {
  g.tasks.clear();
  g.passive_box = BoundingBox{};
  g.link_boxes.assign(g.links.size(), BoundingBox{});
  double largest_reach = 0.0;
  g.active_offset.assign(1, 0);
  for (const Link& link : g.links) g.active_offset.push_back(g.active_offset.back() + static_cast<int>(link.primitives.size()));
  g.link_tasks.assign(1, 0);
  for (PairClass& c : g.pair_classes) c.tilt_cosine = std::cos(c.parameters.max_tilt);
  for (std::size_t l = 0; l < g.links.size(); ++l) {
    const Link& link = g.links[l];
    for (std::size_t a = 0; a < link.primitives.size(); ++a) {
      const ActivePrimitive& active = link.primitives[a];
      for (std::size_t p = 0; p < g.passive.size(); ++p) {
        const PassivePrimitive& passive = g.passive[p];
        const int cls = g.find_pair_class(active.surface, passive.surface);
        if (cls < 0) continue;
        PairTask task;
        if (!pair_kind(active.shape, passive.shape, task.kind))
          throw std::invalid_argument("pair class '" + active.surface + "' - '" + passive.surface + "' joins " +
                                      link.name + "/" + active.name + " (" + shape_type_name(active.shape) +
                                      ") and " + passive.name + " (" + shape_type_name(passive.shape) +
                                      "), which have no closed-form contact test");
        task.link = static_cast<int>(l);
        task.active = static_cast<int>(a);
        task.passive = static_cast<int>(p);
        task.pair_class = cls;
        task.active_index = g.active_offset[l] + static_cast<int>(a);
        const double margin = class_margin(g, cls);
        task.reach = margin;
        const double radius = std::holds_alternative<Sphere>(active.shape) ? std::get<Sphere>(active.shape).radius : 0.0;
        switch (task.kind) {
          case PairKind::sphere_frustum:
            task.prepared = prepare_sphere_frustum(std::get<Frustum>(passive.shape), radius, margin);
            break;
          case PairKind::sphere_boundary_circle:
            task.prepared = prepare_sphere_boundary_circle(std::get<BoundaryCircle>(passive.shape), radius);
            break;
          case PairKind::sphere_cylinder:
            task.prepared = prepare_sphere_cylinder(std::get<Cylinder>(passive.shape), radius, margin);
            break;
          case PairKind::sphere_annulus:
            task.prepared = prepare_sphere_annulus(std::get<Annulus>(passive.shape), radius, margin);
            break;
          case PairKind::cone_circle:
            task.reject_distance = std::get<ApproximatedCone>(active.shape).bound_radius + margin;
            [[fallthrough]];
          case PairKind::segment_circle:
            task.prepared = std::holds_alternative<Circle>(passive.shape)
                                ? std::get<Circle>(passive.shape)
                                : coaxial_circle(std::get<BoundaryCircle>(passive.shape));
            break;
          case PairKind::segment_segment: {
            const Segment& p = std::get<Segment>(passive.shape);
            task.reject_distance = 0.5 * std::get<Segment>(active.shape).vector.norm() + 0.5 * p.vector.norm() + margin;
            task.passive_center = p.origin + 0.5 * p.vector;
            break;
          }
          case PairKind::circle_segment:
            break;
          case PairKind::circle_cone: {
            const ApproximatedCone& cone = std::get<ApproximatedCone>(passive.shape);
            task.reject_distance = cone.bound_radius + margin;
            task.passive_center = cone.bound_center;
            break;
          }
        }
        add_passive(g.passive_box, passive.shape);
        add_active(g.link_boxes[l], active.shape);
        largest_reach = std::max(largest_reach, margin);
        g.tasks.push_back(std::move(task));
      }
    }
    g.link_tasks.push_back(static_cast<int>(g.tasks.size()));
  }
  if (!g.passive_box.empty()) g.passive_box.half.array() += largest_reach;
  for (CentralLatch& latch : g.central_latches) prepare_central_latch(g, latch);
  for (PeripheralLatch& latch : g.peripheral_latches) prepare_peripheral_latch(g, latch);
  for (Sensor& sensor : g.sensors) prepare_sensor(g, sensor);
}

}  // namespace dyngen::contact
