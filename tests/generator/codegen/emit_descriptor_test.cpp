// The mechanism descriptor as emitted: its struct is the runtime's (runtime/mechanism/descriptor.h)
// word for word, and the compiled descriptor of a checked-in model (chain6, linked into this test)
// reports the model's sizes and names and forwards to the kernels' own entry points.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "chain6_kernels.h"

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// From "#ifndef DYNGEN_MECHANISM_V3" to the "#endif" closing it.
std::string struct_block(const std::string& text) {
  const auto begin = text.find("#ifndef DYNGEN_MECHANISM_V3");
  const auto end = text.find("#endif", begin);
  if (begin == std::string::npos || end == std::string::npos) return {};
  return text.substr(begin, end - begin);
}

TEST(EmitDescriptor, StructIsTheRuntimesWordForWord) {
  const std::string runtime = struct_block(read(std::string(DYNGEN_SOURCE_DIR) + "/runtime/mechanism/descriptor.h"));
  const std::string emitted =
      struct_block(read(std::string(DYNGEN_SOURCE_DIR) + "/generated/chain6/chain6_kernels.h"));
  ASSERT_FALSE(runtime.empty());
  EXPECT_EQ(emitted, runtime);
}

TEST(EmitDescriptor, CompiledDescriptorForwardsToTheEntryPoints) {
  const dyngen_mechanism_v3* m = chain6_mechanism();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->version, 3);
  EXPECT_STREQ(m->name, "chain6");
  EXPECT_EQ(m->dof, 6);
  EXPECT_EQ(m->independent_dof, 6);
  EXPECT_EQ(m->loops, 0);
  EXPECT_STREQ(m->coordinate_names[0], "link1");
  for (int i = 0; i < m->dof; ++i) {
    EXPECT_EQ(m->independent_coordinates[i], i);
    EXPECT_TRUE(std::isinf(m->lower_limits[i]) && m->lower_limits[i] < 0) << i;
  }

  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> q(6), qd(6), tau(6), qdd(6), expected(6);
  for (int i = 0; i < 6; ++i) q[i] = unit(rng), qd[i] = unit(rng), tau[i] = unit(rng);
  int failed_loop = 7;
  EXPECT_EQ(m->close(q.data(), qd.data(), nullptr, &failed_loop), 0);
  EXPECT_EQ(failed_loop, -1);
  EXPECT_EQ(m->forward_dynamics(q.data(), qd.data(), tau.data(), nullptr, nullptr, nullptr, qdd.data()), 0);
  chain6_forward_dynamics(q.data(), qd.data(), tau.data(), expected.data());
  EXPECT_EQ(qdd, expected);

  // the fused entry: the same qdd within rounding (its own operations), and the base wrench at it
  std::vector<double> fused_qdd(6);
  double fused_wrench[6], wrench[6];
  EXPECT_EQ(m->forward_dynamics_base_wrench(q.data(), qd.data(), tau.data(), nullptr, nullptr, nullptr, fused_qdd.data(),
                                            fused_wrench),
            0);
  m->base_wrench(q.data(), qd.data(), fused_qdd.data(), nullptr, nullptr, nullptr, wrench);
  for (int i = 0; i < 6; ++i) {
    EXPECT_NEAR(fused_qdd[i], qdd[i], 1e-12 * (1.0 + std::abs(qdd[i]))) << i;
    EXPECT_NEAR(fused_wrench[i], wrench[i], 1e-12 * (1.0 + std::abs(wrench[i]))) << i;
  }

  double energy[3], momentum[6];
  m->energy(q.data(), qd.data(), nullptr, nullptr, nullptr, energy, momentum);
  EXPECT_GT(energy[0], 0.0);
  EXPECT_LE(energy[2], 0.0);
}

}  // namespace
