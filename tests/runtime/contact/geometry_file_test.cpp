// Geometry files: the bundled representative units load; bad files fail with file:line:column,
// the field and what would be valid.
#include "contact/geometry_file.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace dyngen::contact {
namespace {

const std::string kModels = std::string(DYNGEN_SOURCE_DIR) + "/models/docking_units/";

TEST(GeometryFile, LoadsTheProbeConeUnit) {
  const UnitGeometry g = load_unit_geometry(kModels + "probe_cone.yaml");
  EXPECT_EQ(g.links.size(), 3u);
  EXPECT_EQ(g.central_latches.size(), 4u);
  EXPECT_EQ(g.sensors.size(), 1u);
  EXPECT_EQ(g.capture, CaptureRule::all_latches);
  // head: docking plane + 2 frustums + 3 edges + cylinder + bottom; rollers: 3 x (2 frustums + 3 edges);
  // pads: 4 x 3 edges
  EXPECT_EQ(g.tasks.size(), 8u + 15u + 12u);
  // the pair table link by link, each link's tasks one range (the evaluation skips a far link's)
  ASSERT_EQ(g.link_tasks.size(), g.links.size() + 1);
  EXPECT_EQ(g.link_tasks.front(), 0);
  EXPECT_EQ(g.link_tasks.back(), static_cast<int>(g.tasks.size()));
  for (std::size_t l = 0; l < g.links.size(); ++l)
    for (int k = g.link_tasks[l]; k < g.link_tasks[l + 1]; ++k) EXPECT_EQ(g.tasks[k].link, static_cast<int>(l)) << k;
  const auto& edge = std::get<BoundaryCircle>(g.passive[g.find_passive("edge_12")].shape);
  EXPECT_NEAR(edge.along_before.x(), -0.25 / std::hypot(0.25, 0.30), 1e-12);
  EXPECT_NEAR(edge.along_after.x(), 0.10 / std::hypot(0.10, 0.058), 1e-12);
}

TEST(GeometryFile, LoadsThePeripheralRingUnit) {
  const UnitGeometry g = load_unit_geometry(kModels + "peripheral_ring.yaml");
  EXPECT_EQ(g.links.size(), 1u);
  EXPECT_EQ(g.peripheral_latches.size(), 6u);
  EXPECT_EQ(g.capture, CaptureRule::one_latch_per_group);
  const auto& cone = std::get<ApproximatedCone>(g.passive[g.find_passive("petal_4_cone")].shape);
  EXPECT_EQ(cone.starts.size(), 257u);
  int cone_tasks = 0, segment_segment = 0;
  for (const PairTask& t : g.tasks) {
    cone_tasks += t.kind == PairKind::cone_circle || t.kind == PairKind::circle_cone;
    segment_segment += t.kind == PairKind::segment_segment;
  }
  EXPECT_EQ(cone_tasks, 6);
  EXPECT_EQ(segment_segment, 36);
}

TEST(GeometryFile, TheReadmeExampleLoads) {
  std::ifstream in(std::string(DYNGEN_SOURCE_DIR) + "/runtime/contact/README.md");
  ASSERT_TRUE(in);
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const std::size_t begin = text.find("```yaml\n");
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = text.find("```", begin + 8);
  const UnitGeometry g = parse_unit_geometry(text.substr(begin + 8, end - begin - 8), "README.md");
  EXPECT_EQ(g.central_latches.size(), 1u);
  EXPECT_EQ(g.sensors.size(), 1u);
  // head: plane, cone, socket, bottom (class "cone"), mouth, socket_edge; pad: 2 edges; petal: ring
  EXPECT_EQ(g.tasks.size(), 6u + 2u + 1u);
}

std::string error_of(const std::string& text) {
  try {
    parse_unit_geometry(text, "unit.yaml");
  } catch (const GeometryFileError& e) {
    return e.what();
  }
  return "no error";
}

const std::string kHead = R"(name: t
capture: all_latches
pair_classes:
  - {active: head, passive: cone, stiffness: 1.0e6, damping: 10, friction: 0.1, max_penetration: 0.005, max_tilt_deg: 20}
)";

TEST(GeometryFile, NegativeStiffnessNamesFieldAndPosition) {
  const std::string text = R"(name: t
capture: all_latches
pair_classes:
  - {active: head, passive: cone, stiffness: -5, damping: 10, friction: 0.1, max_penetration: 0.005, max_tilt_deg: 20}
passive: []
links: []
)";
  const std::string e = error_of(text);
  EXPECT_NE(e.find("unit.yaml:4:"), std::string::npos) << e;
  EXPECT_NE(e.find("'stiffness'"), std::string::npos) << e;
  EXPECT_NE(e.find("a positive number"), std::string::npos) << e;
  EXPECT_NE(e.find("got '-5'"), std::string::npos) << e;
}

TEST(GeometryFile, UnknownPrimitiveTypeListsTheValidOnes) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: c, type: torus, surface: cone}
links: []
)");
  EXPECT_NE(e.find("unit.yaml:6:"), std::string::npos) << e;
  EXPECT_NE(e.find("'type'"), std::string::npos) << e;
  EXPECT_NE(e.find("frustum, cylinder, annulus"), std::string::npos) << e;
}

TEST(GeometryFile, FrustumWithEqualAbscissaeIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - name: c
    type: frustum
    surface: cone
    rims: [[0.1, 0.4], [0.1, 0.2]]
links: []
)");
  EXPECT_NE(e.find("unit.yaml:9:11:"), std::string::npos) << e;
  EXPECT_NE(e.find("x1 != x2"), std::string::npos) << e;
}

TEST(GeometryFile, MisspelledKeyIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: c, type: cylinder, surface: cone, radius: 0.05, x: [0, 1], lenght: 3}
links: []
)");
  EXPECT_NE(e.find("'lenght'"), std::string::npos) << e;
  EXPECT_NE(e.find("one of the keys"), std::string::npos) << e;
}

TEST(GeometryFile, PairClassWithoutClosedFormTestIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: c, type: segment, surface: cone, points: [[0, 0, 0], [0, 0, 1]]}
links:
  - name: head
    primitives:
      - {name: s, type: sphere, surface: head, center: [0, 0, 0], radius: 0.04}
)");
  EXPECT_NE(e.find("unit.yaml:1:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("no closed-form contact test"), std::string::npos) << e;
}

TEST(GeometryFile, EdgeNotOnTheNamedSurfaceIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: a, type: frustum, surface: cone, rims: [[0.0, 0.4], [0.2, 0.1]]}
  - {name: b, type: cylinder, surface: cone, radius: 0.1, x: [0.2, 0.3]}
  - {name: e, type: boundary_circle, surface: cone, x: 0.25, radius: 0.1, before: a, after: b}
links: []
)");
  EXPECT_NE(e.find("unit.yaml:8:"), std::string::npos) << e;
  EXPECT_NE(e.find("'before'"), std::string::npos) << e;
  EXPECT_NE(e.find("a surface with a rim at this edge"), std::string::npos) << e;
}

TEST(GeometryFile, LatchReferringToAMissingSlotIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: c, type: cylinder, surface: cone, radius: 0.05, x: [0, 1]}
links:
  - name: head
    primitives: []
central_latches:
  - {name: l, link: head, pivot: [0, 0, 0], axis: [0, 0, 1], front: [[0, 0, 0], [0, 1, 0]], back: [[0, 0, 0], [0, 1, 0]], stiffness: 1, preload: 0, max_deflection_deg: 30, deflection_step_deg: 0.1, guides: [c], slot: nowhere, pair_class: [head, cone]}
)");
  EXPECT_NE(e.find("unit.yaml:11:"), std::string::npos) << e;
  EXPECT_NE(e.find("'slot'"), std::string::npos) << e;
  EXPECT_NE(e.find("the name of a passive primitive"), std::string::npos) << e;
}

// Found by tests/fuzz/geometry_fuzz: YAML allows a list as a key (`taper, [0.01, 0.03]` in a flow
// mapping is one); as<std::string>() of it threw YAML::TypedBadConversion past the reader.
TEST(GeometryFile, KeyThatIsAListIsRejected) {
  const std::string e = error_of(kHead + R"(passive:
  - {name: c, type: cylinder, surface: cone, radius: 0.05, x: [0, 1], [0.01, 0.03]}
links: []
)");
  EXPECT_NE(e.find("unit.yaml:6:71: passive primitive: expected one of the keys:"), std::string::npos) << e;
}

TEST(GeometryFile, SyntaxErrorCarriesItsPosition) {
  const std::string e = error_of("name: [unclosed\n");
  EXPECT_NE(e.find("unit.yaml:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("YAML syntax error"), std::string::npos) << e;
}

TEST(GeometryFile, MissingFileIsReported) {
  EXPECT_THROW(load_unit_geometry(kModels + "no_such_unit.yaml"), GeometryFileError);
}

}  // namespace
}  // namespace dyngen::contact
