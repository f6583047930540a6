// The reference serial chain of references.md ("serial chain of n revolute links, axes cycling
// y, z, x; offsets in all directions; full inertia tensors"), as a mechanism file. Used for the
// bundled models/chain{6,12,30}.yaml and for `dyngen compare --scaling chain:1..30`.
#pragma once

#include <string>

namespace dyngen {

// The chain's mechanism file (YAML text) for n >= 1 links: fixed base, gravity 9.81 along -z.
// Link i (1-based) is of kind (i - 1) mod 3 (revolute about y, z, x); each kind has its own
// representative joint offset, mass, centre of mass and full inertia tensor.
std::string chain_model_yaml(int n);

}  // namespace dyngen
