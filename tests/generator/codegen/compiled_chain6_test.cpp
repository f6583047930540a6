#include "generated/chain6/chain6_kernels.hpp"
#include "compiled_kernels.hpp"

DYNGEN_COMPILED_KERNELS_TEST(chain6)
