#include "generated/puma560/puma560_kernels.hpp"
#include "compiled_kernels.hpp"

DYNGEN_COMPILED_KERNELS_TEST(puma560)
DYNGEN_COMPILED_FLOAT_KERNELS_TEST(puma560)
