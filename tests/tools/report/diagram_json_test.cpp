// diagram.json: the schema of README.md checked value by value, faults named by
// file:line:column and path.
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "report/diagram.hpp"
#include "report/run_file.hpp"

namespace dyngen::report {
namespace {

// The example of tools/report/README.md, section "diagram.json": the README shows what is read.
std::string readme_example() {
  std::ifstream in(std::string(DYNGEN_SOURCE_DIR) + "/tools/report/README.md");
  const std::string readme{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::size_t section = readme.find("### diagram.json");
  const std::size_t begin = readme.find("```json\n", section) + 8;
  return readme.substr(begin, readme.find("```", begin) - begin);
}

const std::string kDiagram = readme_example();

std::string error_of(const std::string& text) {
  try {
    parse_diagram_json(text, "run/diagram.json");
  } catch (const RunFileError& error) {
    return error.what();
  }
  return "no error";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  return text;
}

TEST(DiagramJson, ReadsTheReadmeExample) {
  const Diagram diagram = parse_diagram_json(kDiagram, "d");
  EXPECT_EQ(diagram.frames, 2u);
  EXPECT_EQ(diagram.begin, 0.0);
  EXPECT_EQ(diagram.end, 0.01);
  EXPECT_EQ(diagram.document["bodies"][0]["name"], "head");
}

TEST(DiagramJson, ShapesAreChecked) {
  EXPECT_EQ(error_of(replaced(kDiagram, "\"type\": \"revolution\"", "\"type\": \"cone\"")),
            "run/diagram.json:5:32: error: passive[0].type: expected \"revolution\", \"circle\", \"sphere\" or "
            "\"polyline\", found \"cone\"");
  EXPECT_EQ(error_of(replaced(kDiagram, "[[0.0, 0.40], [0.25, 0.10]]", "[[0.0, 0.40]]")),
            "run/diagram.json:5:57: error: passive[0].profile: expected an array of at least two [x, r] points, found "
            "[[0.0,0.4]]");
  EXPECT_EQ(error_of(replaced(kDiagram, "[0.25, 0.10]", "[0.25, -0.10]")),
            "run/diagram.json:5:71: error: passive[0].profile[1]: a radius r must not be negative");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"axis\": [1, 0, 0]", "\"axis\": [0, 0, 0]")),
            "run/diagram.json:6:75: error: passive[1].axis: the axis must not be zero");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"radius\": 0.04}", "\"radius\": 0}")),
            "run/diagram.json:11:57: error: bodies[0].shapes[0].radius: expected a positive number, found 0");
  EXPECT_EQ(error_of(replaced(kDiagram, "[-0.04, 0, 0]", "[-0.04, 0]")),
            "run/diagram.json:12:53: error: bodies[0].shapes[1].points[1]: expected an array of 3 numbers, found "
            "[-0.04,0]");
}

TEST(DiagramJson, FramesAreChecked) {
  EXPECT_EQ(error_of(replaced(kDiagram, "\"version\": 1", "\"version\": 2")),
            "run/diagram.json:2:14: error: version: this dyngen reads version 1, found 2");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"time\": 0.01", "\"time\": -0.01")),
            "run/diagram.json:20:14: error: frames[1].time: earlier than the frame before (0.000000 s); frames must be "
            "in time order");
  EXPECT_EQ(error_of(replaced(kDiagram, "[[0.99500417, -0.09983342, 0]", "[[0.99500417, 0.09983342, 0]")),
            "run/diagram.json:21:68: error: frames[1].poses.head.rotation: not a rotation matrix (R R^T differs from I "
            "by 0.198669, det R = 0.980067)");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"poses\": {\"head\"", "\"poses\": {\"probe\"")),
            "run/diagram.json:17:25: error: frames[0].poses.probe: no body of that name in 'bodies'");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"force\": [480.2, 400.1, 120.0]", "\"force\": [480.2, 400.1]")),
            "run/diagram.json:22:89: error: frames[1].contacts[0].force: expected an array of 3 numbers, found "
            "[480.2,400.1]");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"latch_py\": 1", "\"latch_py\": 2")),
            "run/diagram.json:23:30: error: frames[1].latches.latch_py: expected true/false or 1/0, found 2");
  EXPECT_EQ(error_of(replaced(kDiagram, "\"frames\": [", "\"frames\": [], \"x\": [")),
            "run/diagram.json:15:13: error: frames: no frames: the diagram needs at least one");
}

TEST(DiagramJson, EveryBodyIsPosedInEveryFrame) {
  const std::string two_bodies =
      replaced(kDiagram, "\"bodies\": [", "\"bodies\": [{\"name\": \"rod\", \"shapes\": []}, ");
  EXPECT_EQ(error_of(two_bodies), "run/diagram.json:17:15: error: frames[0].poses: no pose of the body 'rod'");
}

}  // namespace
}  // namespace dyngen::report
