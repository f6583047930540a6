#include "generated/probe_cone_central/probe_cone_central_kernels.hpp"
#include "compiled_loop_kernels.hpp"

TEST(CompiledLoopKernels, probe_cone_central) {
  dyngen::test::check_compiled_loop_kernels("probe_cone_central", probe_cone_central::kernel_table<double>,
                                            probe_cone_central::kernel_count, 0.05);
}

TEST(CompiledLoopKernels, probe_cone_central_close) {
  dyngen::test::check_close_driver("probe_cone_central", probe_cone_central::close<double>, 0.05);
}

// A latch lever turned flat outwards: its rocker and coupler cannot span the gap.
TEST(CompiledLoopKernels, probe_cone_central_close_reports_the_latch_that_cannot_reach) {
  double q[probe_cone_central::dof] = {}, qd[probe_cone_central::dof] = {};
  q[probe_cone_central::independent_coordinates[4]] = 1.6;
  int failed_loop = -2;
  const int status = probe_cone_central::close(q, qd, &failed_loop);
  EXPECT_EQ(status, probe_cone_central::unreachable);
  EXPECT_EQ(std::string(probe_cone_central::loop_names[failed_loop]).substr(0, 5), "latch");
}
