// Bundled models: all load; the chain files are chain_model_yaml's output; the PUMA 560 file
// reproduces standard-DH forward kinematics; the format reference's complete example loads.
#include <gtest/gtest.h>

#include "lsan_suppressions.hpp"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "kinematics_oracle.hpp"
#include "model/chain_family.hpp"
#include "model/loader.hpp"

namespace dyngen {
namespace {

const std::filesystem::path models_dir = std::filesystem::path(DYNGEN_SOURCE_DIR) / "models";

std::string read(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

TEST(BundledModels, AllLoad) {
  int loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(models_dir)) {
    if (entry.path().extension() != ".yaml") continue;
    EXPECT_NO_THROW(load_model(entry.path())) << entry.path();
    ++loaded;
  }
  EXPECT_GE(loaded, 6);  // chain6, chain12, chain30, puma560, branched_tree, probe_cone_tree
}

TEST(BundledModels, ChainFilesAreTheChainFamily) {
  for (const int n : {6, 12, 30}) {
    EXPECT_EQ(read(models_dir / ("chain" + std::to_string(n) + ".yaml")), chain_model_yaml(n)) << n;
    const Model model = load_model(models_dir / ("chain" + std::to_string(n) + ".yaml"));
    ASSERT_EQ(model.dof(), n);
    for (int j = 1; j <= n; ++j) EXPECT_EQ(model.bodies[j].joint.axis, (j - 1) % 3 == 0 ? 1 : (j - 1) % 3 == 1 ? 2 : 0);
  }
}

// Standard DH: T_j = Rot_z(theta) Trans_z(d) Trans_x(a) Rot_x(alpha) (references.md table)
TEST(BundledModels, Puma560MatchesStandardDhKinematics) {
  const double d[6] = {0, 0, 0.15005, 0.4318, 0, 0};
  const double a[6] = {0, 0.4318, 0.0203, 0, 0, 0};
  const double alpha[6] = {M_PI / 2, 0, -M_PI / 2, M_PI / 2, -M_PI / 2, 0};
  const Eigen::Vector3d com_dh[6] = {{0, 0, 0}, {-0.3638, 0.006, 0.2275}, {-0.0203, -0.0141, 0.070},
                                     {0, 0.019, 0}, {0, 0, 0}, {0, 0, 0.032}};
  const Model model = load_model(models_dir / "puma560.yaml");
  ASSERT_EQ(model.dof(), 6);
  const std::vector<double> q = {0.3, -0.8, 1.1, 0.4, -1.3, 2.0};
  const std::vector<test::Pose> poses = test::model_poses(model, q);
  Eigen::Isometry3d frame = Eigen::Isometry3d::Identity();
  for (int j = 0; j < 6; ++j) {
    frame = frame * Eigen::AngleAxisd(q[j], Eigen::Vector3d::UnitZ()) * Eigen::Translation3d(a[j], 0, d[j]) *
            Eigen::AngleAxisd(alpha[j], Eigen::Vector3d::UnitX());
    const test::Pose& body = poses[j + 1];
    const Eigen::Vector3d com_model = body.origin + body.rotation * test::vec(model.bodies[j + 1].inertia.com);
    EXPECT_NEAR((com_model - frame * com_dh[j]).norm(), 0, 1e-12) << "link " << j + 1;
  }
  EXPECT_NEAR((poses[6].rotation - frame.rotation()).norm(), 0, 1e-12);
  EXPECT_NEAR((poses[6].origin - frame.translation()).norm(), 0, 1e-12);
  EXPECT_DOUBLE_EQ(model.bodies[2].inertia.mass.value, 17.4);
}

TEST(BundledModels, ProbeConeTreeHasGimbalProbeAndLatches) {
  const Model model = load_model(models_dir / "probe_cone_tree.yaml");
  EXPECT_TRUE(model.moving_base);
  EXPECT_EQ(model.coordinates, (std::vector<std::string>{"housing.0", "housing.1", "probe", "head"}));
  EXPECT_EQ(model.bodies[3].joint.type, JointType::prismatic);
  EXPECT_TRUE(model.bodies[3].joint.actuated);
  EXPECT_GT(model.bodies[1].joint.spring.value, 0);
  EXPECT_EQ(model.output_points.size(), 4u);
  EXPECT_TRUE(model.bodies[4].external_wrench);
}

TEST(BundledModels, FormatReferenceExampleLoads) {
  const std::string readme = read(models_dir / "README.md");
  std::smatch block;
  ASSERT_TRUE(std::regex_search(readme, block, std::regex("```yaml\\n([\\s\\S]*?)```")));
  const Model model = load_model_from_string(block[1].str(), "README.md");
  EXPECT_EQ(model.name, "example_arm");
  EXPECT_EQ(model.loops.size(), 1u);
  EXPECT_EQ(model.output_points.size(), 3u);
}

}  // namespace
}  // namespace dyngen
