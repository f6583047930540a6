// The batch forms of every bundled model's checked-in kernels, instantiated with packs of 2 doubles
// (and 4 floats for the models whose float kernels are tested), against the scalar kernels bit for
// bit (batch_kernels.hpp). Compiled at -O0 in one translation unit: the property checked is the
// emitted code's (the same operations in every lane), and -O1 would double the compile time of the
// kernels' tests; the optimized builds of each pack width are checked by batch_entry_points_test.
#include "generated/branched_tree/branched_tree_kernels.hpp"
#include "generated/chain12/chain12_kernels.hpp"
#include "generated/chain30/chain30_kernels.hpp"
#include "generated/chain6/chain6_kernels.hpp"
#include "generated/hexapod_peripheral/hexapod_peripheral_kernels.hpp"
#include "generated/probe_cone_central/probe_cone_central_kernels.hpp"
#include "generated/probe_cone_tree/probe_cone_tree_kernels.hpp"
#include "generated/puma560/puma560_kernels.hpp"
#include "generated/station_arm/station_arm_kernels.hpp"

#include "batch_kernels.hpp"

#define DYNGEN_BATCH_KERNELS_TEST(model, scalar, lanes)                                                            \
  TEST(BatchKernels, model##_##scalar) {                                                                          \
    using P = model::dyngen_pack<scalar, lanes>;                                                                  \
    dyngen::test::check_batch_kernels<P>(#model, model::kernel_table<scalar>, model::kernel_count,                \
                                         model::batch_kernel_table<P>, model::batch_kernel_count);                \
  }

#define DYNGEN_BATCH_LOOP_KERNELS_TEST(model, spread)                                                              \
  TEST(BatchKernels, model##_double) {                                                                            \
    using P = model::dyngen_pack<double, 2>;                                                                      \
    dyngen::test::check_batch_loop_kernels<P>(#model, model::kernel_table<double>, model::kernel_count,           \
                                              model::batch_kernel_table<P>, model::batch_kernel_count, spread);   \
  }

DYNGEN_BATCH_KERNELS_TEST(chain6, double, 2)
DYNGEN_BATCH_KERNELS_TEST(chain12, double, 2)
DYNGEN_BATCH_KERNELS_TEST(chain30, double, 2)
DYNGEN_BATCH_KERNELS_TEST(puma560, double, 2)
DYNGEN_BATCH_KERNELS_TEST(puma560, float, 4)
DYNGEN_BATCH_KERNELS_TEST(branched_tree, double, 2)
DYNGEN_BATCH_KERNELS_TEST(branched_tree, float, 4)
DYNGEN_BATCH_KERNELS_TEST(probe_cone_tree, double, 2)
DYNGEN_BATCH_KERNELS_TEST(probe_cone_tree, float, 4)
DYNGEN_BATCH_KERNELS_TEST(station_arm, double, 2)
DYNGEN_BATCH_LOOP_KERNELS_TEST(hexapod_peripheral, 0.03)
DYNGEN_BATCH_LOOP_KERNELS_TEST(probe_cone_central, 0.05)
