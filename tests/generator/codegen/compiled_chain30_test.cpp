#include "generated/chain30/chain30_kernels.hpp"
#include "compiled_kernels.hpp"

DYNGEN_COMPILED_KERNELS_TEST(chain30)
