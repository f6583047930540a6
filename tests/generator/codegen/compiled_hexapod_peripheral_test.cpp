#include "generated/hexapod_peripheral/hexapod_peripheral_kernels.hpp"
#include "compiled_loop_kernels.hpp"

TEST(CompiledLoopKernels, hexapod_peripheral) {
  dyngen::test::check_compiled_loop_kernels("hexapod_peripheral", hexapod_peripheral::kernel_table<double>,
                                            hexapod_peripheral::kernel_count, 0.03);
}

TEST(CompiledLoopKernels, hexapod_peripheral_close) {
  dyngen::test::check_close_driver("hexapod_peripheral", hexapod_peripheral::close<double>, 0.03);
}

// The ring 0.5 m above its reference: every leg would need more than its stroke.
TEST(CompiledLoopKernels, hexapod_peripheral_close_reports_the_leg_beyond_its_limits) {
  double q[hexapod_peripheral::dof] = {}, qd[hexapod_peripheral::dof] = {};
  q[2] = 0.5;
  int failed_loop = -2;
  EXPECT_EQ(hexapod_peripheral::close(q, qd, &failed_loop), hexapod_peripheral::beyond_limits);
  EXPECT_EQ(failed_loop, 0);
}
