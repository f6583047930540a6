// `dyngen export-mjcf` end to end: the document it writes loads in MuJoCo with the model's bodies,
// joints and masses; models with loops are refused without writing anything.
#include <filesystem>

#include <gtest/gtest.h>

#include "mujoco_oracle.hpp"
#include "run_dyngen.hpp"

namespace dyngen {
namespace {

using testing::run_dyngen;

const std::string kChain6 = std::string(DYNGEN_SOURCE_DIR) + "/models/chain6.yaml";

TEST(ExportMjcfCommand, WritesAModelMujocoLoads) {
  const auto file = testing::scratch_dir() / "chain6.xml";
  const testing::RunResult to_file = run_dyngen("export-mjcf " + kChain6 + " -o " + file.string());
  ASSERT_EQ(to_file.exit_code, 0) << to_file.err;
  EXPECT_TRUE(to_file.out.empty());
  const testing::RunResult to_stdout = run_dyngen("export-mjcf " + kChain6);
  EXPECT_EQ(to_stdout.out, testing::read_text(file));

  const testing::MujocoOracle oracle(testing::read_text(file), {"link1", "link2", "link3", "link4", "link5", "link6"}, "");
  EXPECT_EQ(oracle.model().nbody, 7);
  EXPECT_EQ(oracle.model().nv, 6);
  // chain6.yaml: link masses 3.0, 2.2, 1.6, repeated
  EXPECT_NEAR(mj_getTotalmass(&oracle.model()), 2 * (3.0 + 2.2 + 1.6), 1e-13);
  EXPECT_EQ(oracle.model().opt.gravity[2], -9.81);
}

TEST(ExportMjcfCommand, RefusesALoopMujocoCannotCloseWithoutWritingOutput) {
  const auto model = testing::write_text("looped.yaml", R"yaml(name: looped
base: {name: base, motion: moving}
bodies:
  - {name: crank, parent: base, joint: {type: revolute, axis: z, frame: {xyz: [0, 0, 0.3]}}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: strut, parent: base, joint: {type: universal, frame: {xyz: [0.4, 0, 0], rpy: [0, "atan2(-0.2, 0.3)", 0]}}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: rod, parent: strut, joint: {type: prismatic, axis: z, q0: "sqrt(0.13)"}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
  - {name: sleeve, parent: rod, joint: {type: revolute, axis: z}, inertia: {mass: 1, tensor: {xx: 1, yy: 1, zz: 1}}}
loops:
  - name: leg
    root: base
    dependent: [strut, rod, sleeve]
    closes_on: crank
    cut: {type: universal, terminal_point: [0, 0, 0], closing_point: [0.2, 0, 0], terminal_axis: x, closing_axis: y}
)yaml");
  const auto file = testing::scratch_dir() / "looped.xml";
  std::filesystem::remove(file);
  const testing::RunResult result = run_dyngen("export-mjcf " + model.string() + " -o " + file.string());
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("spherical cuts and planar cuts"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("'leg'"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(file));
}

TEST(ExportMjcfCommand, RejectsBadArguments) {
  EXPECT_EQ(run_dyngen("export-mjcf").exit_code, 2);
  EXPECT_EQ(run_dyngen("export-mjcf " + kChain6 + " extra").exit_code, 2);
  const testing::RunResult missing = run_dyngen("export-mjcf /nonexistent/model.yaml");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_FALSE(missing.err.empty());
}

}  // namespace
}  // namespace dyngen
