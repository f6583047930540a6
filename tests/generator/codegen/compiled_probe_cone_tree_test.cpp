#include "generated/probe_cone_tree/probe_cone_tree_kernels.hpp"
#include "compiled_kernels.hpp"

DYNGEN_COMPILED_KERNELS_TEST(probe_cone_tree)
DYNGEN_COMPILED_FLOAT_KERNELS_TEST(probe_cone_tree)
