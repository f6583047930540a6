#include "generated/branched_tree/branched_tree_kernels.hpp"
#include "compiled_kernels.hpp"

DYNGEN_COMPILED_KERNELS_TEST(branched_tree)
DYNGEN_COMPILED_FLOAT_KERNELS_TEST(branched_tree)
