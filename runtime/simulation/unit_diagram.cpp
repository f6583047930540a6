#include "simulation/unit_diagram.hpp"

#include <cmath>
#include <variant>

namespace dyngen::simulation {

namespace {

using nlohmann::json;
using contact::Vec3;

// Radius a characteristic point (a sphere of radius 0) is drawn with, m.
constexpr double kPointRadius = 0.004;

json point(const Vec3& p) { return json::array({p.x(), p.y(), p.z()}); }

json polyline(const std::string& name, const std::vector<Vec3>& points, bool closed = false) {
  json list = json::array();
  for (const Vec3& p : points) list.push_back(point(p));
  return {{"name", name}, {"type", "polyline"}, {"points", list}, {"closed", closed}};
}

json circle(const std::string& name, const Vec3& center, const Vec3& axis, double radius) {
  return {{"name", name}, {"type", "circle"}, {"center", point(center)}, {"axis", point(axis)}, {"radius", radius}};
}

json revolution(const std::string& name, std::initializer_list<std::array<double, 2>> profile) {
  json list = json::array();
  for (const auto& p : profile) list.push_back(json::array({p[0], p[1]}));
  return {{"name", name}, {"type", "revolution"}, {"profile", list}};
}

// First, middle and last generatrix and the arc of starts.
void add_cone(json& shapes, const std::string& name, const contact::ApproximatedCone& cone) {
  const std::size_t n = cone.starts.size();
  for (std::size_t i : {std::size_t{0}, n / 2, n - 1})
    shapes.push_back(polyline(name + " generatrix " + std::to_string(i), {cone.starts[i], cone.starts[i] + cone.vectors[i]}));
  std::vector<Vec3> arc;
  for (std::size_t i = 0; i < n; i += std::max<std::size_t>(1, n / 16)) arc.push_back(cone.starts[i]);
  arc.push_back(cone.starts[n - 1]);
  shapes.push_back(polyline(name + " base", arc));
}

json slot_outline(const std::string& name, const contact::Slot& s) {
  const Vec3 x = Vec3::UnitX();
  const auto at = [&](double u, double v) { return Vec3(s.vertex + u * x + v * s.lateral); };
  return polyline(name, {at(0, -s.narrow_half_width), at(s.taper_begin, -s.narrow_half_width), at(s.taper_end, -s.wide_half_width),
                         at(s.length, -s.wide_half_width), at(s.length, s.wide_half_width), at(s.taper_end, s.wide_half_width),
                         at(s.taper_begin, s.narrow_half_width), at(0, s.narrow_half_width)},
                  true);
}

}  // namespace

nlohmann::json unit_diagram(const contact::UnitGeometry& g) {
  json passive = json::array();
  for (const contact::PassivePrimitive& p : g.passive) {
    const std::string& n = p.name;
    std::visit(
        [&](const auto& shape) {
          using T = std::decay_t<decltype(shape)>;
          if constexpr (std::is_same_v<T, contact::Frustum>)
            passive.push_back(revolution(n, {{shape.rim1.x(), shape.rim1.y()}, {shape.rim2.x(), shape.rim2.y()}}));
          else if constexpr (std::is_same_v<T, contact::Cylinder>)
            passive.push_back(revolution(n, {{shape.x_begin, shape.radius}, {shape.x_end, shape.radius}}));
          else if constexpr (std::is_same_v<T, contact::Annulus>)
            passive.push_back(revolution(n, {{shape.x, shape.r_min}, {shape.x, shape.r_max}}));
          else if constexpr (std::is_same_v<T, contact::BoundaryCircle>)
            passive.push_back(circle(n, Vec3(shape.x, 0, 0), Vec3::UnitX(), shape.radius));
          else if constexpr (std::is_same_v<T, contact::Circle>)
            passive.push_back(circle(n, shape.center, shape.axis, shape.radius));
          else if constexpr (std::is_same_v<T, contact::Segment>)
            passive.push_back(polyline(n, {shape.origin, shape.origin + shape.vector}));
          else if constexpr (std::is_same_v<T, contact::ApproximatedCone>)
            add_cone(passive, n, shape);
          else if constexpr (std::is_same_v<T, contact::Slot>)
            passive.push_back(slot_outline(n, shape));
        },
        p.shape);
  }
  json bodies = json::array();
  for (std::size_t j = 0; j < g.links.size(); ++j) {
    json shapes = json::array();
    for (const contact::ActivePrimitive& p : g.links[j].primitives) {
      std::visit(
          [&](const auto& shape) {
            using T = std::decay_t<decltype(shape)>;
            if constexpr (std::is_same_v<T, contact::Sphere>)
              shapes.push_back({{"name", p.name}, {"type", "sphere"}, {"center", point(shape.center)},
                                {"radius", shape.radius > 0.0 ? shape.radius : kPointRadius}});
            else if constexpr (std::is_same_v<T, contact::Segment>)
              shapes.push_back(polyline(p.name, {shape.origin, shape.origin + shape.vector}));
            else if constexpr (std::is_same_v<T, contact::Circle>)
              shapes.push_back(circle(p.name, shape.center, shape.axis, shape.radius));
            else if constexpr (std::is_same_v<T, contact::ApproximatedCone>)
              add_cone(shapes, p.name, shape);
          },
          p.shape);
    }
    for (const contact::CentralLatch& l : g.central_latches)
      if (l.link == static_cast<int>(j)) shapes.push_back(polyline(l.name, {l.pivot, l.front_inner, l.front_tip}));
    for (const contact::PeripheralLatch& l : g.peripheral_latches)
      if (l.link == static_cast<int>(j)) shapes.push_back(polyline(l.name, {l.origin, l.origin + l.length * l.direction}));
    bodies.push_back({{"name", g.links[j].name}, {"shapes", shapes}});
  }
  return {{"version", 1}, {"title", g.name}, {"passive", passive}, {"bodies", bodies}, {"frames", json::array()}};
}

DiagramContactState diagram_contact_state(const contact::UnitGeometry& g, const contact::ContactData& data,
                                          const contact::ContactEvents& elements) {
  DiagramContactState state{json::array(), json::object()};
  for (const contact::ContactRecord& record : data.contacts) {
    const std::string& pair = elements.elements()[static_cast<std::size_t>(elements.element_of(record))];
    state.contacts.push_back({{"pair", pair}, {"point", point(record.point)}, {"force", point(record.force.on_passive)}});
  }
  const auto add_latches = [&state](const auto& latches, const auto& states) {
    for (std::size_t k = 0; k < latches.size(); ++k) state.latches[latches[k].name] = states[k].triggered;
  };
  add_latches(g.central_latches, data.central_latches);
  add_latches(g.peripheral_latches, data.peripheral_latches);
  return state;
}

}  // namespace dyngen::simulation
