// Docking-unit geometry files (YAML) -> validated UnitGeometry.
#include "contact/geometry_file.hpp"

#include "files/yaml_fields.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <fstream>
#include <numbers>
#include <set>
#include <sstream>

namespace dyngen::contact {

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

using Fields = files::YamlFields<GeometryFileError>;

struct Loader {
  std::string source;
  UnitGeometry g;
  std::set<std::string> passive_names;

  std::string name_of(const Fields& f, std::set<std::string>& used, const std::string& kind) {
    const std::string n = f.text("name");
    if (!used.insert(n).second) f.fail("name", "a name not used by another " + kind);
    return n;
  }

  ContactParameters parameters(const Fields& f) {
    ContactParameters p;
    p.stiffness = f.positive("stiffness");
    p.damping = f.non_negative("damping");
    p.friction = f.non_negative("friction");
    p.max_penetration = f.positive("max_penetration");
    const double tilt = f.number("max_tilt_deg");
    if (!(tilt > 0.0 && tilt <= 180.0)) f.fail("max_tilt_deg", "an angle in (0, 180] degrees");
    p.max_tilt = tilt * kDeg;
    p.zero_velocity = f.has("zero_velocity") ? f.positive("zero_velocity") : p.zero_velocity;
    return p;
  }

  void pair_classes(const YAML::Node& list) {
    for (const auto& n : list) {
      const Fields f(n, source, "pair class",
                     {"active", "passive", "stiffness", "damping", "friction", "max_penetration", "max_tilt_deg",
                      "zero_velocity"});
      PairClass c{f.text("active"), f.text("passive"), parameters(f)};
      if (g.find_pair_class(c.active_surface, c.passive_surface) >= 0)
        f.fail("passive", "a pair (active, passive) not listed before");
      g.pair_classes.push_back(c);
    }
  }

  ApproximatedCone approximated_cone(const Fields& f) {
    ApproximatedConeSpec spec;
    spec.levels = f.integer("levels", 1, 16);
    spec.base_x = f.number("base_x");
    spec.base_radius = f.positive("base_radius");
    spec.half_angle = f.number("half_angle_deg") * kDeg;
    if (!(spec.half_angle > 0.0 && spec.half_angle < std::numbers::pi / 2))
      f.fail("half_angle_deg", "an angle in (0, 90) degrees");
    spec.direction = f.number("direction");
    if (spec.direction != 1.0 && spec.direction != -1.0) f.fail("direction", "+1 or -1 (along +X or -X)");
    const auto [b, e] = f.pair("azimuth_deg");
    if (!(e > b)) f.fail("azimuth_deg", "[begin, end] with end > begin");
    spec.azimuth_begin = b * kDeg;
    spec.azimuth_end = e * kDeg;
    spec.max_length = f.positive("max_length");
    if (f.has("side_faces")) {
      const YAML::Node faces = f.at("side_faces");
      if (!faces.IsSequence()) f.fail("side_faces", "a list of triangles [[x,y,z], [x,y,z], [x,y,z]]");
      for (const auto& t : faces) {
        if (!t.IsSequence() || t.size() != 3) f.fail(t, "side_faces", "a triangle of three points");
        spec.side_faces.push_back({f.vec3(t[0], "side_faces"), f.vec3(t[1], "side_faces"), f.vec3(t[2], "side_faces")});
        const auto& s = spec.side_faces.back();
        if ((s[1] - s[0]).cross(s[2] - s[0]).norm() < 1e-12) f.fail(t, "side_faces", "a triangle of non-collinear points");
      }
    }
    try {
      return make_approximated_cone(spec);
    } catch (const std::invalid_argument& e) {
      f.fail("side_faces", std::string("side faces that leave every generatrix a positive length (") + e.what() + ")");
    }
  }

  Vec2 along_from_edge(const Fields& f, const std::string& key, double x, double r) {
    const std::string ref = f.text(key);
    const int i = g.find_passive(ref);
    if (i < 0) f.fail(key, "the name of a frustum, cylinder or annulus listed before this edge");
    const Vec2 edge(x, r);
    const auto near = [&](const Vec2& p) { return (p - edge).norm() < 1e-9; };
    const PassiveShape& s = g.passive[i].shape;
    if (const auto* fr = std::get_if<Frustum>(&s)) {
      if (near(fr->rim1)) return (fr->rim2 - fr->rim1).normalized();
      if (near(fr->rim2)) return (fr->rim1 - fr->rim2).normalized();
    } else if (const auto* c = std::get_if<Cylinder>(&s)) {
      if (std::abs(r - c->radius) < 1e-9 && std::abs(x - c->x_begin) < 1e-9) return {1.0, 0.0};
      if (std::abs(r - c->radius) < 1e-9 && std::abs(x - c->x_end) < 1e-9) return {-1.0, 0.0};
    } else if (const auto* a = std::get_if<Annulus>(&s)) {
      if (std::abs(x - a->x) < 1e-9 && std::abs(r - a->r_min) < 1e-9) return {0.0, 1.0};
      if (std::abs(x - a->x) < 1e-9 && std::abs(r - a->r_max) < 1e-9) return {0.0, -1.0};
    } else {
      f.fail(key, "a frustum, cylinder or annulus (" + ref + " is a " + shape_type_name(s) + ")");
    }
    f.fail(key, "a surface with a rim at this edge (x " + std::to_string(x) + ", radius " + std::to_string(r) + ")");
  }

  PassiveShape passive_shape(const Fields& f, const std::string& type) {
    if (type == "frustum") {
      const YAML::Node rims = f.at("rims");
      if (!rims.IsSequence() || rims.size() != 2) f.fail("rims", "[[x1, r1], [x2, r2]]");
      const auto a = f.numbers(rims[0], "rims", 2), b = f.numbers(rims[1], "rims", 2);
      if (a[0] == b[0]) f.fail("rims", "rims at different abscissae (x1 != x2)");
      if (a[1] < 0 || b[1] < 0) f.fail("rims", "non-negative radii");
      return Frustum{{a[0], a[1]}, {b[0], b[1]}};
    }
    if (type == "cylinder") {
      const auto [x0, x1] = f.pair("x");
      if (!(x1 > x0)) f.fail("x", "[x_begin, x_end] with x_end > x_begin");
      return Cylinder{f.positive("radius"), x0, x1};
    }
    if (type == "annulus") {
      const auto [r0, r1] = f.pair("radius");
      if (!(r0 >= 0 && r1 > r0)) f.fail("radius", "[r_min, r_max] with 0 <= r_min < r_max");
      const double side = f.number("material_side");
      if (side != 1.0 && side != -1.0) f.fail("material_side", "+1 (material at larger x) or -1");
      return Annulus{f.number("x"), r0, r1, side};
    }
    if (type == "boundary_circle") {
      const double x = f.number("x"), r = f.positive("radius");
      return BoundaryCircle{x, r, along_from_edge(f, "before", x, r), along_from_edge(f, "after", x, r)};
    }
    if (type == "circle") return Circle{f.vec3("center"), f.unit("axis"), f.positive("radius")};
    if (type == "segment") {
      const auto p = f.two_points("points");
      if ((p[1] - p[0]).norm() < 1e-12) f.fail("points", "two distinct points");
      return Segment{p[0], p[1] - p[0]};
    }
    if (type == "approximated_cone") return approximated_cone(f);
    if (type == "slot") {
      Slot s;
      s.vertex = f.vec3("vertex");
      s.plane_normal = f.unit("normal");
      s.lateral = f.unit("lateral");
      if (std::abs(s.plane_normal.x()) > 1e-9 || std::abs(s.lateral.x()) > 1e-9 ||
          std::abs(s.plane_normal.dot(s.lateral)) > 1e-9)
        f.fail("lateral", "normal and lateral directions orthogonal to each other and to X_PU");
      s.narrow_half_width = f.positive("narrow_half_width");
      s.wide_half_width = f.positive("wide_half_width");
      if (s.wide_half_width < s.narrow_half_width) f.fail("wide_half_width", "at least narrow_half_width");
      const auto [t0, t1] = f.pair("taper");
      if (!(t0 >= 0 && t1 > t0)) f.fail("taper", "[begin, end] with 0 <= begin < end");
      s.taper_begin = t0;
      s.taper_end = t1;
      s.length = f.positive("length");
      if (s.length < t1) f.fail("length", "at least the taper's end");
      return s;
    }
    f.fail("type", "frustum, cylinder, annulus, boundary_circle, circle, segment, approximated_cone or slot");
  }

  void passive(const YAML::Node& list) {
    static const std::set<std::string> keys = {"name", "type", "surface", "rims", "x", "radius", "material_side",
                                               "before", "after", "center", "axis", "points", "levels", "base_x",
                                               "base_radius", "half_angle_deg", "direction", "azimuth_deg",
                                               "max_length", "side_faces", "vertex", "normal", "lateral",
                                               "narrow_half_width", "wide_half_width", "taper", "length"};
    for (const auto& n : list) {
      const Fields f(n, source, "passive primitive", keys);
      PassivePrimitive p;
      p.name = name_of(f, passive_names, "passive primitive");
      p.surface = f.has("surface") ? f.text("surface") : p.name;
      p.shape = passive_shape(f, f.text("type"));
      g.passive.push_back(std::move(p));
    }
  }

  ActiveShape active_shape(const Fields& f, const std::string& type) {
    if (type == "sphere") return Sphere{f.vec3("center"), f.positive("radius")};
    if (type == "point") return Sphere{f.vec3("center"), 0.0};
    if (type == "segment") {
      const auto p = f.two_points("points");
      if ((p[1] - p[0]).norm() < 1e-12) f.fail("points", "two distinct points");
      return Segment{p[0], p[1] - p[0]};
    }
    if (type == "circle") return Circle{f.vec3("center"), f.unit("axis"), f.positive("radius")};
    if (type == "approximated_cone") return approximated_cone(f);
    f.fail("type", "sphere, point, segment, circle or approximated_cone");
  }

  void links(const YAML::Node& list) {
    std::set<std::string> link_names;
    for (const auto& n : list) {
      const Fields lf(n, source, "link", {"name", "primitives"});
      Link link;
      link.name = name_of(lf, link_names, "link");
      std::set<std::string> names;
      const YAML::Node prims = lf.at("primitives");
      if (!prims.IsSequence()) lf.fail("primitives", "a list of primitives");
      for (const auto& pn : prims) {
        const Fields f(pn, source, "primitive of link " + link.name,
                       {"name", "type", "surface", "center", "radius", "points", "axis", "levels", "base_x",
                        "base_radius", "half_angle_deg", "direction", "azimuth_deg", "max_length", "side_faces"});
        ActivePrimitive p;
        p.name = name_of(f, names, "primitive of this link");
        p.surface = f.has("surface") ? f.text("surface") : p.name;
        p.shape = active_shape(f, f.text("type"));
        link.primitives.push_back(std::move(p));
      }
      g.links.push_back(std::move(link));
    }
  }

  int link_ref(const Fields& f) {
    const int l = g.find_link(f.text("link"));
    if (l < 0) f.fail("link", "the name of a link");
    return l;
  }
  int passive_ref(const Fields& f, const std::string& key) {
    const int p = g.find_passive(f.text(key));
    if (p < 0) f.fail(key, "the name of a passive primitive");
    return p;
  }
  int class_ref(const Fields& f) {
    const YAML::Node n = f.at("pair_class");
    if (!n.IsSequence() || n.size() != 2 || !n[0].IsScalar() || !n[1].IsScalar())
      f.fail("pair_class", "[active surface, passive surface] of a listed pair class");
    const int c = g.find_pair_class(n[0].Scalar(), n[1].Scalar());
    if (c < 0) f.fail("pair_class", "[active surface, passive surface] of a listed pair class");
    return c;
  }

  void central_latches(const YAML::Node& list) {
    std::set<std::string> names;
    for (const auto& n : list) {
      const Fields f(n, source, "central latch",
                     {"name", "link", "pivot", "axis", "front", "back", "stiffness", "preload", "max_deflection_deg",
                      "deflection_step_deg", "guides", "slot", "pair_class"});
      CentralLatch l;
      l.name = name_of(f, names, "central latch");
      l.link = link_ref(f);
      l.pivot = f.vec3("pivot");
      l.axis = f.unit("axis");
      const auto front = f.two_points("front");
      l.front_inner = front[0];
      l.front_tip = front[1];
      const auto back = f.two_points("back");
      l.back = Segment{back[0], back[1] - back[0]};
      l.stiffness = f.positive("stiffness");
      l.preload = f.non_negative("preload");
      l.max_deflection = f.positive("max_deflection_deg") * kDeg;
      l.deflection_step = f.positive("deflection_step_deg") * kDeg;
      if (l.deflection_step >= l.max_deflection) f.fail("deflection_step_deg", "a step below max_deflection_deg");
      const YAML::Node guides = f.at("guides");
      if (!guides.IsSequence() || guides.size() == 0) f.fail("guides", "a list of passive primitive names");
      for (const auto& gn : guides) {
        const int p = gn.IsScalar() ? g.find_passive(gn.Scalar()) : -1;
        if (p < 0) f.fail(gn, "guides", "the name of a passive frustum, cylinder or boundary_circle");
        l.guide_primitives.push_back(p);
      }
      l.slot = passive_ref(f, "slot");
      l.pair_class = class_ref(f);
      g.central_latches.push_back(std::move(l));
    }
  }

  void peripheral_latches(const YAML::Node& list) {
    std::set<std::string> names;
    for (const auto& n : list) {
      const Fields f(n, source, "peripheral latch",
                     {"name", "link", "group", "origin", "direction", "length", "mass", "stiffness", "preload",
                      "max_travel", "contact_stiffness", "guide", "lock", "back", "pair_class"});
      PeripheralLatch l;
      l.name = name_of(f, names, "peripheral latch");
      l.link = link_ref(f);
      l.group = f.integer("group", 0, 1000);
      l.origin = f.vec3("origin");
      l.direction = f.unit("direction");
      l.length = f.positive("length");
      l.mass = f.positive("mass");
      l.stiffness = f.positive("stiffness");
      l.preload = f.non_negative("preload");
      l.max_travel = f.positive("max_travel");
      l.contact_stiffness = f.positive("contact_stiffness");
      l.guide = passive_ref(f, "guide");
      l.lock = passive_ref(f, "lock");
      l.back = f.has("back") ? passive_ref(f, "back") : -1;
      l.pair_class = class_ref(f);
      g.peripheral_latches.push_back(std::move(l));
    }
  }

  void sensors(const YAML::Node& list) {
    std::set<std::string> names;
    for (const auto& n : list) {
      const Fields f(n, source, "sensor",
                     {"name", "link", "center", "radius", "passive", "stiffness", "preload", "trigger_travel",
                      "max_travel"});
      Sensor s;
      s.name = name_of(f, names, "sensor");
      s.link = link_ref(f);
      s.sphere = Sphere{f.vec3("center"), f.positive("radius")};
      s.passive = passive_ref(f, "passive");
      s.stiffness = f.non_negative("stiffness");
      s.preload = f.non_negative("preload");
      s.trigger_travel = f.positive("trigger_travel");
      s.max_travel = f.positive("max_travel");
      if (s.max_travel < s.trigger_travel) f.fail("max_travel", "at least trigger_travel");
      g.sensors.push_back(std::move(s));
    }
  }

  UnitGeometry load(const YAML::Node& root) {
    const Fields top(root, source, "geometry file",
                     {"name", "capture", "pair_classes", "passive", "links", "central_latches",
                      "peripheral_latches", "sensors"});
    g.name = top.text("name");
    const std::string capture = top.text("capture");
    if (capture == "all_latches")
      g.capture = CaptureRule::all_latches;
    else if (capture == "one_latch_per_group")
      g.capture = CaptureRule::one_latch_per_group;
    else
      top.fail("capture", "all_latches or one_latch_per_group");
    const auto list = [&](const std::string& key, bool required) {
      if (!top.has(key)) {
        if (required) top.fail(key, "this list (missing)");
        return YAML::Node(YAML::NodeType::Sequence);
      }
      const YAML::Node n = top.at(key);
      if (!n.IsSequence()) top.fail(n, key, "a list");
      return n;
    };
    pair_classes(list("pair_classes", true));
    passive(list("passive", true));
    links(list("links", true));
    central_latches(list("central_latches", false));
    peripheral_latches(list("peripheral_latches", false));
    sensors(list("sensors", false));
    try {
      finalize_geometry(g);
    } catch (const std::invalid_argument& e) {
      top.fail(root, "", std::string("a consistent geometry: ") + e.what());
    }
    return std::move(g);
  }
};

}  // namespace

UnitGeometry parse_unit_geometry(const std::string& text, const std::string& source) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw GeometryFileError(source + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                            ": YAML syntax error: " + e.msg);
  }
  Loader loader{source, {}, {}};
  return loader.load(root);
}

UnitGeometry load_unit_geometry(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw GeometryFileError(path + ":0:0: cannot open the geometry file");
  std::stringstream text;
  text << in.rdbuf();
  return parse_unit_geometry(text.str(), path);
}

}  // namespace dyngen::contact
